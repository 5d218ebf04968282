import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { mailContext } from '../../mail/mail-template.ts';
import type { ModuleContext } from '../module-context.ts';
import { secureAccountRoutes } from './secure-account.routes.ts';
import { SecureAccountService } from './secure-account.service.ts';
import { WASNT_YOU_JOB, WasntYouService } from './wasnt-you.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The "Wasn't you?" link's check and use (the web module checks the link of a page it renders). */
    secureAccounts: Pick<SecureAccountService, 'check'>;
  }
}

/**
 * The "Wasn't you?" mail and its link (docs/decisions/0115-wasnt-you-mail.md): the mail after a new
 * device's sign-in or a burst of wrong PINs (the user module's `signInAlerts`), its outbox job, and
 * the secure-account calls.
 */
export const secureAccountModule = fp(
  async function secureAccount(app: FastifyInstance, { config, now, mailer, outbox }: ModuleContext): Promise<void> {
    const { accounts, throttle, sessionStore, devices, passkeyCredentials: passkeys, linkTokens: tokens } = app;
    const alerts = new WasntYouService({
      outbox,
      accounts,
      tokens,
      mailer,
      mailContext: mailContext(config.publicOrigin),
      now,
      secureAccountTtlMs: config.secureAccountTtlMs,
      mailTimeZone: config.mailTimeZone,
      pinMaxAttempts: config.pinMaxAttempts,
      log: app.log,
    });
    outbox.handle(WASNT_YOU_JOB, (payload) => alerts.deliver(payload));
    app.decorate('signInAlerts', alerts);
    const secureAccounts = new SecureAccountService({
      tokens,
      accounts,
      sessions: sessionStore,
      devices,
      passkeys,
      throttle,
    });
    app.decorate('secureAccounts', secureAccounts);
    await app.register(secureAccountRoutes, { secureAccounts, usedLinkCookie: app.usedLinkCookie });
  },
  {
    name: 'secure-account-module',
    fastify: '5.x',
    dependencies: [
      'session-module',
      'throttle-module',
      'device-module',
      'user-module',
      'recovery-module',
      'webauthn-module',
    ],
  },
);
