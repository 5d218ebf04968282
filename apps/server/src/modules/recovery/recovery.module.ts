import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/config.ts';
import type { Db } from '../../db/database.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { mailContext } from '../../mail/mail-template.ts';
import fp from 'fastify-plugin';
import type { AccountService } from '../user/account.service.ts';
import type { ModuleContext } from '../module-context.ts';
import { InvitationService } from './invitation.service.ts';
import { FORGOT_PASSWORD_JOB, RecoveryService } from './recovery.service.ts';
import { recoveryRoutes, type CompleteSignIn } from './recovery.routes.ts';
import { TokenRepository } from './token.repository.ts';
import { TokenService } from './token.service.ts';
import { UsedLinkCookie } from './used-link.cookie.ts';

/** The link-token service on a database (the server's, as `app.linkTokens`, and the operator CLI's). */
export function createTokens(db: Db, config: Config, now: () => number): TokenService {
  return new TokenService(new TokenRepository(db), now, config);
}

/** Token and invitation services on a database, for the server and the operator CLI. */
export function createInvitations(
  db: Db,
  config: Config,
  accounts: AccountService,
  mailer: Mailer | null,
  now: () => number,
) {
  const tokens = createTokens(db, config, now);
  const invitations = new InvitationService(
    accounts,
    tokens,
    mailer,
    mailContext(config.publicOrigin),
    config.invitationTtlMs,
  );
  return { tokens, invitations };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Forgot/reset password, token info and registration; a server-rendered page makes its link check. */
    recovery: RecoveryService;
    /** The link tokens (reset, invitation, "Wasn't you?"): the secure-account module's links are of them too. */
    linkTokens: TokenService;
    /** Names the link this browser last used (a reset, a securing): its page, loaded again, says what was done. */
    usedLinkCookie: UsedLinkCookie;
  }
}

/**
 * Forgot/reset password, token info and registration (docs/decisions/0130-recovery-tokens.md):
 * builds the recovery services, registers their calls and the forgot-password mail's outbox job.
 * A registration completes the whole sign-in through the user module's `signIn`.
 */
export const recoveryModule = fp(
  async function recoveryModule(
    app: FastifyInstance,
    { db, config, now, hasher, mailer, outbox }: ModuleContext,
  ): Promise<void> {
    const { accounts, throttle, sessionStore, devices, signIn, visitOf } = app;
    const { tokens, invitations } = createInvitations(db, config, accounts, mailer, now);
    const recovery = new RecoveryService({
      accounts,
      tokens,
      invitations,
      hasher,
      throttle,
      sessions: sessionStore,
      devices,
      mailer,
      mailContext: mailContext(config.publicOrigin),
      outbox,
      resetTokenTtlMs: config.resetTokenTtlMs,
      log: app.log,
    });
    outbox.handle(FORGOT_PASSWORD_JOB, (payload, job) => recovery.deliverLink(payload, job.attempt));
    app.decorate('recovery', recovery);
    app.decorate('linkTokens', tokens);
    const usedLinkCookie = new UsedLinkCookie(config);
    app.decorate('usedLinkCookie', usedLinkCookie);
    const completeSignIn: CompleteSignIn = (request, reply, userId) =>
      signIn.complete(visitOf(request, reply), userId, 'registration');
    await app.register(recoveryRoutes, { recovery, completeSignIn, usedLinkCookie });
  },
  {
    name: 'recovery-module',
    fastify: '5.x',
    dependencies: ['session-module', 'throttle-module', 'device-module', 'user-module'],
  },
);
