import type { CurrentUser, DeviceUser, ServerInfoAnswer, ServerVersionAnswer } from '@gatehouse/contract';
import { deviceUserList, safeRedirect, serverInfo, serverVersion, toCurrentUser, userInfo } from '@gatehouse/contract';
import { ApiFailure } from '../shared/api';
import { configureBotCheck } from '../shared/bot-check';
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
 * Loads the four data sources at once; a signed-in user goes
 * to the safe redirect target, a guest gets the sign-in flow.
 */
export async function startUp(deps: StartUpDeps): Promise<StartUpResult> {
  const [info, server, version, users] = await Promise.allSettled([
    deps.call(userInfo),
    deps.call(serverInfo),
    deps.call(serverVersion),
    deps.call(deviceUserList),
  ]);
  const language = info.status === 'fulfilled' ? (info.value.language ?? null) : null;
  for (const settled of [info, server, version, users]) {
    if (settled.status === 'rejected') return { type: 'failed', error: settled.reason, language };
  }
  if (info.status !== 'fulfilled' || server.status !== 'fulfilled' || version.status !== 'fulfilled' || users.status !== 'fulfilled') {
    return { type: 'failed', error: new Error('unreachable'), language };
  }
  const user = toCurrentUser(info.value);
  // "Info is valid only if status is ok and guest and language are present."
  if (user === null) return { type: 'failed', error: new ApiFailure('unparsable', userInfo.id, 200), language };
  if (server.value.status !== 'ok') return { type: 'failed', error: new ApiFailure('unparsable', serverInfo.id, 200), language };

  const data: StartUpData = {
    user,
    serverInfo: server.value,
    serverVersion: version.value,
    deviceUsers: users.value.users,
  };
  if (user.authenticated && deps.redirectSignedIn !== false) {
    const to = redirectTarget(deps.redirectParam, deps.appOrigin, server.value.redirectAllowlist);
    deps.replace(to);
    return { type: 'redirecting', to, data };
  }
  // The bot check's script (or first ALTCHA solution) starts loading now, only when the server configures one.
  configureBotCheck(server.value);
  return { type: 'signIn', data };
}

export function redirectTarget(redirectParam: string | null, appOrigin: string, allowlist: readonly string[] = []): string {
  return safeRedirect(redirectParam, { appOrigin, allowlist });
}

/** Reads the `redirect` parameter once (one decode, never a second). */
export function readRedirectParam(search: string): string | null {
  return new URLSearchParams(search).get('redirect');
}
