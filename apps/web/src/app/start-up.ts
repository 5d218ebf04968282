import type { CurrentUser, DeviceUser, ServerInfoAnswer, ServerVersionAnswer } from '@gatehouse/contract';
import { signedInRedirect } from '@gatehouse/contract';
import { loadApiModule } from '../shared/api';
import type { call } from '../shared/api';

export interface StartUpData {
  user: CurrentUser;
  serverInfo: ServerInfoAnswer;
  serverVersion: ServerVersionAnswer;
  deviceUsers: readonly DeviceUser[];
}

export type StartUpResult =
  | { type: 'signIn'; data: StartUpData }
  /** Already signed in: the browser is leaving for `to`. */
  | { type: 'redirecting'; to: string; data: StartUpData }
  /** `language`: from user info when that call answered, so the error page speaks it. */
  | { type: 'failed'; error: unknown; language: string | null };

export interface StartUpDeps {
  call: typeof call;
  /** The `redirect` query parameter, read once with URLSearchParams (one decode: docs/security.md, Redirects). */
  redirectParam: string | null;
  appOrigin: string;
  replace: (url: string) => void;
  /** False on the reset and registration routes: they work for anyone with a token, signed in or not. */
  redirectSignedIn?: boolean;
}

/**
 * The start-up calls of a page the server did not render (start-up.calls.ts). Only that page makes
 * them, so their module, with the endpoints it sends, loads here and not with the first view
 * (docs/decisions/0117-server-rendered-first-view.md, First-view bytes). A module that cannot load is
 * a start-up without answers.
 */
export async function startUp(deps: StartUpDeps): Promise<StartUpResult> {
  const loaded = await loadApiModule(() => import('./start-up.calls'), 'startUp').then(
    (calls) => ({ calls }),
    (error: unknown) => ({ error }),
  );
  if ('error' in loaded) return { type: 'failed', error: loaded.error, language: null };
  return loaded.calls.startUp(deps);
}

export function redirectTarget(
  redirectParam: string | null,
  appOrigin: string,
  allowlist: readonly string[] = [],
): string {
  return signedInRedirect(redirectParam, { appOrigin, allowlist });
}

/** Reads the `redirect` parameter once (one decode, never a second). */
export function readRedirectParam(search: string): string | null {
  return new URLSearchParams(search).get('redirect');
}
