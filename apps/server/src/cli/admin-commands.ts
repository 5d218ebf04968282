import { loadConfig, type Config } from '../config/config.ts';
import { createDatabase, type Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { PasswordHasher } from '../plugins/password-hasher.ts';
import { AccountService, type AccountSummary } from '../modules/user/account.service.ts';
import { UserRepository } from '../modules/user/user.repository.ts';
import { SessionRepository } from '../modules/session/session.repository.ts';
import { SessionService } from '../modules/session/session.service.ts';
import { ThrottleRepository } from '../modules/throttle/throttle.repository.ts';
import { ThrottleService } from '../modules/throttle/throttle.service.ts';
import { SmtpMailer } from '../mail/mailer.ts';
import type { InvitationService } from '../modules/recovery/invitation.service.ts';
import { createInvitations } from '../modules/recovery/recovery.module.ts';

/** Opens the same database as the server (same DATABASE_URL default) and brings it up to date. */
export async function openAccounts(config: Config = loadConfig()): Promise<{ accounts: AccountService; db: Db }> {
  const db = createDatabase(config.database);
  await migrateToLatest(db);
  const sessions = new SessionService(new SessionRepository(db), Date.now, { idleMs: config.sessionIdleMs, absoluteMs: config.sessionAbsoluteMs });
  const throttle = new ThrottleService(new ThrottleRepository(db), Date.now);
  return { accounts: new AccountService(new UserRepository(db), new PasswordHasher(), Date.now, sessions, throttle), db };
}

/**
 * Invitations from the operator's process (docs/decisions/0130-recovery-tokens.md): mailed over SMTP_URL when it is set. Without
 * SMTP_URL nothing is mailed (the development mailbox lives in the server's process) and the
 * caller prints the registration link instead.
 */
export async function openInvitations(config: Config = loadConfig()): Promise<{ invitations: InvitationService; close(): Promise<void> }> {
  const { accounts, db } = await openAccounts(config);
  const mailer = config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : null;
  const { invitations } = createInvitations(db, config, accounts, mailer, Date.now);
  return {
    invitations,
    async close() {
      mailer?.close();
      await db.destroy();
    },
  };
}

/** A plain-text table for `user list`. */
export function formatAccountTable(rows: readonly AccountSummary[]): string {
  if (rows.length === 0) return 'No accounts.';
  const header = ['EMAIL', 'NAME', 'LANGUAGE', 'STATE'];
  const lines = [header, ...rows.map((r) => [r.email, r.name, r.language, r.state])];
  const widths = header.map((_, i) => Math.max(...lines.map((l) => [...(l[i] ?? '')].length)));
  return lines.map((l) => l.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ').trimEnd()).join('\n');
}
