import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ModuleContext } from '../module-context.ts';
import { challengeCookie } from '../webauthn/webauthn.module.ts';
import { AccountSecurityService } from './account-security.service.ts';
import { accountSecurityRoutes } from './account-security.routes.ts';
import { SignInHistoryRepository } from './sign-in-history.repository.ts';
import { SignInHistoryService } from './sign-in-history.service.ts';

/**
 * The signed-in account's passkeys, trusted devices, sessions and latest sign-ins: /api/account/*
 * (docs/decisions/0114-security-page.md). Records every completed sign-in for the user module
 * (`signInRecorder`).
 */
export const accountSecurityModule = fp(
  async function accountSecurity(app: FastifyInstance, { db, config, now, hasher }: ModuleContext): Promise<void> {
    const {
      sessions,
      sessionStore,
      devices,
      deviceCookie,
      userLookup: users,
      throttle,
      passkeys: passkeyCeremonies,
      passkeyCredentials,
    } = app;
    /** The account's latest sign-ins, for its "Sign-in and security" page. */
    const history = new SignInHistoryService(new SignInHistoryRepository(db), now);
    app.decorate('signInRecorder', history);
    const security = new AccountSecurityService({
      passkeys: passkeyCredentials,
      devices,
      sessions: sessionStore,
      history,
      users,
      hasher,
      throttle,
      ceremonies: passkeyCeremonies,
      now,
    });
    await app.register(accountSecurityRoutes, {
      security,
      sessions,
      devices,
      deviceCookie,
      users,
      challengeCookie: challengeCookie(config),
    });
  },
  {
    name: 'account-security-module',
    fastify: '5.x',
    dependencies: ['session', 'session-module', 'throttle-module', 'device-module', 'user-module', 'webauthn-module'],
  },
);
