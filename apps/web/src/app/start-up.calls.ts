import { deviceUserList, serverInfo, serverVersion, toCurrentUser, userInfo } from '@gatehouse/contract';
import { ApiFailure } from '../shared/api';
import { configureBotCheck } from '../shared/bot-check';
import { redirectTarget } from './start-up';
import type { StartUpData, StartUpDeps, StartUpResult } from './start-up';

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
  if (
    info.status !== 'fulfilled' ||
    server.status !== 'fulfilled' ||
    version.status !== 'fulfilled' ||
    users.status !== 'fulfilled'
  ) {
    return { type: 'failed', error: new Error('unreachable'), language };
  }
  const user = toCurrentUser(info.value);
  // "Info is valid only if status is ok and guest and language are present."
  if (user === null) return { type: 'failed', error: new ApiFailure('unparsable', userInfo.id, 200), language };
  if (server.value.status !== 'ok')
    return { type: 'failed', error: new ApiFailure('unparsable', serverInfo.id, 200), language };

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
