import type { FastifyInstance } from 'fastify';
import type { PasswordHasher } from '../../plugins/password-hasher.ts';
import type { SessionAccess } from '../../plugins/session.plugin.ts';
import type { DeviceService } from '../device/device.service.ts';
import type { SessionService } from '../session/session.service.ts';
import type { ThrottleService } from '../throttle/throttle.service.ts';
import type { CredentialService } from '../webauthn/credential.service.ts';
import type { ChallengeCookie } from '../webauthn/webauthn.routes.ts';
import type { PasskeyCeremonies } from './account-security.service.ts';
import { AccountSecurityService, type SecurityUserLookup } from './account-security.service.ts';
import { accountSecurityRoutes } from './account-security.routes.ts';
import type { SignInHistoryService } from './sign-in-history.service.ts';

export interface AccountSecurityModuleDeps {
  sessionService: SessionService;
  sessions: SessionAccess;
  devices: DeviceService;
  history: SignInHistoryService;
  users: SecurityUserLookup;
  hasher: PasswordHasher;
  throttle: ThrottleService;
  passkeys: CredentialService;
  /** The passkey ceremony of sign-in, for re-authentication. */
  passkeyCeremonies: PasskeyCeremonies;
  /** The cookie that binds a passkey challenge to the browser (the sign-in's). */
  challengeCookie: ChallengeCookie;
  now: () => number;
}

/** Registers /api/account/* (docs/decisions/0114-security-page.md). */
export async function registerAccountSecurity(app: FastifyInstance, deps: AccountSecurityModuleDeps): Promise<void> {
  const security = new AccountSecurityService({
    passkeys: deps.passkeys,
    devices: deps.devices,
    sessions: deps.sessionService,
    history: deps.history,
    users: deps.users,
    hasher: deps.hasher,
    throttle: deps.throttle,
    ceremonies: deps.passkeyCeremonies,
    now: deps.now,
  });
  await app.register(accountSecurityRoutes, { security, sessions: deps.sessions, devices: deps.devices, users: deps.users, challengeCookie: deps.challengeCookie });
}
