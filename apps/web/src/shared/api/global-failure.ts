import { isApiFailure } from './api-failure';

/**
 * What the global HTTP handler does with a failure. A call's own reaction, if it has one,
 * runs first (isServiceUnavailable).
 */
export type GlobalReaction =
  /** 408: snackbar 'There is a problem with network connection.' with Reload. */
  | { type: 'networkSnackbar' }
  /** 429: snackbar telling the wait (a reload would loop). */
  | { type: 'waitSnackbar'; waitS: number }
  /**
   * 503 service_busy (the server refuses work it cannot take now): snackbar 'The service is busy
   * right now…'; the form stays as it was, for another try (docs/decisions/0173-busy-server.md).
   */
  | { type: 'busySnackbar' }
  /** Any other 4xx: reload the page. */
  | { type: 'reload' }
  /** Another 5xx, no status, an unparsable answer or app_error: the internal error page. */
  | { type: 'serverError' }
  /** No bot-check token: a snackbar saying so, with Retry (the form keeps its values). */
  | { type: 'botCheckSnackbar' };

/** The wait shown when a 429 carries no usable Retry-After. */
export const DEFAULT_RETRY_AFTER_S = 60;

export function globalReaction(error: unknown): GlobalReaction {
  if (!isApiFailure(error)) return { type: 'serverError' };
  switch (error.kind) {
    case 'network':
    case 'unparsable':
    case 'app_error':
      return { type: 'serverError' };
    case 'bot_check_unavailable':
      return { type: 'botCheckSnackbar' };
    case 'http': {
      const status = error.status;
      if (status === 408) return { type: 'networkSnackbar' };
      if (status === 429) return { type: 'waitSnackbar', waitS: error.retryAfterS ?? DEFAULT_RETRY_AFTER_S };
      if (status === 503 && error.reasons.includes('service_busy')) return { type: 'busySnackbar' };
      if (status !== null && status >= 400 && status < 500) return { type: 'reload' };
      return { type: 'serverError' };
    }
    default:
      return error.kind satisfies never;
  }
}

/** The wait in the unit the snackbar says: seconds under a minute, else whole minutes rounded up. */
export function waitInUnits(
  waitS: number,
): { unit: 'seconds'; seconds: number } | { unit: 'minutes'; minutes: number } {
  const seconds = Math.max(1, Math.ceil(waitS));
  return seconds < 60 ? { unit: 'seconds', seconds } : { unit: 'minutes', minutes: Math.ceil(seconds / 60) };
}

/**
 * A call's own reaction (set password, new token, sign-out): no answer
 * at all, app_error or a server fault (5xx, including 503 service_busy) shows
 * the form's or page's "temporarily unavailable" notice. Everything else (408, 429,
 * other 4xx, an unparsable answer) goes to the global HTTP handler.
 */
export function isServiceUnavailable(error: unknown): boolean {
  if (!isApiFailure(error)) return false;
  if (error.kind === 'network' || error.kind === 'app_error') return true;
  return error.kind === 'http' && error.status !== null && error.status >= 500;
}
