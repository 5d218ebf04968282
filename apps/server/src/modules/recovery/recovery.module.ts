import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/config.ts';
import type { Db } from '../../db/database.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { mailContext } from '../../mail/mail-template.ts';
import type { PasswordHasher } from '../../plugins/password-hasher.ts';
import type { DeviceService } from '../device/device.service.ts';
import type { SessionService } from '../session/session.service.ts';
import type { ThrottleService } from '../throttle/throttle.service.ts';
import type { AccountService } from '../user/account.service.ts';
import type { Outbox } from '../../outbox/outbox.ts';
import { InvitationService } from './invitation.service.ts';
import { FORGOT_PASSWORD_JOB, RecoveryService } from './recovery.service.ts';
import { recoveryRoutes, type CompleteSignIn } from './recovery.routes.ts';
import { TokenRepository } from './token.repository.ts';
import { TokenService } from './token.service.ts';


export interface RecoveryModuleDeps {
  db: Db;
  config: Config;
  accounts: AccountService;
  hasher: PasswordHasher;
  throttle: ThrottleService;
  sessions: Pick<SessionService, 'endAllForUser'>;
  devices: Pick<DeviceService, 'revokeAllTrust'>;
  mailer: Mailer;
  completeSignIn: CompleteSignIn;
  now: () => number;
  /** Runs the forgot-password mail after the answer. */
  outbox: Outbox;
}

/** The link-token service on a database (also for the "Wasn't you?" links of the secure-account module). */
export function createTokens(db: Db, config: Config, now: () => number): TokenService {
  return new TokenService(new TokenRepository(db), now, config);
}

/** Token and invitation services on a database, for the server and the operator CLI. */
export function createInvitations(db: Db, config: Config, accounts: AccountService, mailer: Mailer | null, now: () => number) {
  const tokens = createTokens(db, config, now);
  const invitations = new InvitationService(accounts, tokens, mailer, mailContext(config.publicOrigin), config.invitationTtlMs);
  return { tokens, invitations };
}

/**
 * Builds the recovery services and registers forgot/reset password, token info and registration;
 * answers the service, whose link check a server-rendered page also makes.
 */
export async function registerRecovery(app: FastifyInstance, deps: RecoveryModuleDeps): Promise<RecoveryService> {
  const { db, config, accounts, now } = deps;
  const { tokens, invitations } = createInvitations(db, config, accounts, deps.mailer, now);
  const recovery = new RecoveryService({
    accounts,
    tokens,
    invitations,
    hasher: deps.hasher,
    throttle: deps.throttle,
    sessions: deps.sessions,
    devices: deps.devices,
    mailer: deps.mailer,
    mailContext: mailContext(config.publicOrigin),
    outbox: deps.outbox,
    resetTokenTtlMs: config.resetTokenTtlMs,
    log: app.log,
  });
  deps.outbox.handle(FORGOT_PASSWORD_JOB, (payload, job) => recovery.deliverLink(payload, job.attempt));
  await app.register(recoveryRoutes, { recovery, completeSignIn: deps.completeSignIn });
  return recovery;
}
