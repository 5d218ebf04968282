export * from './user.ts';
export * from './device.ts';
export * from './server.ts';
export * from './webauthn.ts';
export * from './secure-account.ts';
export * from './account.ts';

import * as user from './user.ts';
import * as device from './device.ts';
import * as server from './server.ts';
import * as webauthn from './webauthn.ts';
import * as secure from './secure-account.ts';
import * as account from './account.ts';

/** Every call: the provider's API first, then this project's additions. */
export const ENDPOINTS = [
  user.userInfo,
  user.login,
  user.pinAttempts,
  user.pinSubmit,
  user.pinSkip,
  user.newDevice,
  user.forgotPassword,
  user.resetPassword,
  user.register,
  user.tokenInfo,
  device.deviceUserList,
  device.deviceUserRemove,
  server.serverInfo,
  server.serverVersion,
  webauthn.webauthnCreateOptions,
  webauthn.webauthnCreate,
  webauthn.webauthnGetOptions,
  webauthn.webauthnGet,
  webauthn.webauthnOfferSave,
  webauthn.webauthnOffer,
  user.logout,
  server.altchaChallenge,
  device.deviceUsersForget,
  secure.secureAccountInfo,
  secure.secureAccount,
  account.securityOverview,
  account.passkeyRename,
  account.passkeyRemove,
  account.reauthenticate,
  account.trustedDeviceRevoke,
  account.trustedDevicesRevokeOthers,
  account.sessionEnd,
  account.sessionsEndOthers,
  account.reauthPasskeyOptions,
  account.reauthPasskey,
] as const;
