/**
 * Why a call produced no usable answer. Business failures are not failures
 * here: they are HTTP 200 answers with `status: "failed"` and reasons.
 */
export type ApiFailureKind =
  /** No answer at all (offline, DNS, connection reset, aborted). */
  | 'network'
  /** An HTTP status outside 2xx. */
  | 'http'
  /** A 2xx answer that is not JSON or does not match the contract. */
  | 'unparsable'
  /** An answer carrying the reason app_error (the server-error state). */
  | 'app_error'
  /** A call marked BC was not sent: no bot-check token could be had (script not loaded, challenge not solved). */
  | 'bot_check_unavailable';

export class ApiFailure extends Error {
  override readonly name = 'ApiFailure';

  constructor(
    readonly kind: ApiFailureKind,
    readonly endpointId: string,
    /** The HTTP status, null when there was no answer. */
    readonly status: number | null = null,
    /** Reason codes of the answer body, when it had any. */
    readonly reasons: readonly string[] = [],
    /** Seconds from a Retry-After header (429, 503), null when absent or unreadable. */
    readonly retryAfterS: number | null = null,
  ) {
    super(`${endpointId}: ${kind}${status === null ? '' : ` ${status}`}`);
  }
}

export function isApiFailure(error: unknown): error is ApiFailure {
  return error instanceof ApiFailure;
}

/** Retry-After is either delay-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null, nowMs: number = Date.now()): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const dateMs = Date.parse(trimmed);
  if (Number.isNaN(dateMs)) return null;
  return Math.max(0, Math.ceil((dateMs - nowMs) / 1000));
}
