import { loadConfig, type Config } from '../config/config.ts';
import { createDatabase, type Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { PasswordHasher } from '../plugins/password-hasher.ts';
import { AccountError, AccountService, type AccountSummary } from '../modules/user/account.service.ts';
import { UserRepository } from '../modules/user/user.repository.ts';
import { SessionRepository } from '../modules/session/session.repository.ts';
import { SessionService, sessionLifetimes } from '../modules/session/session.service.ts';
import { ThrottleRepository } from '../modules/throttle/throttle.repository.ts';
import { ThrottleService } from '../modules/throttle/throttle.service.ts';
import { CredentialRepository } from '../modules/webauthn/credential.repository.ts';
import { CredentialService, type PasskeySummary } from '../modules/webauthn/credential.service.ts';
import { DeviceRepository } from '../modules/device/device.repository.ts';
import { DeviceService, type TrustedDeviceSummary } from '../modules/device/device.service.ts';
import { SmtpMailer } from '../mail/mailer.ts';
import type { InvitationService } from '../modules/recovery/invitation.service.ts';
import { createInvitations } from '../modules/recovery/recovery.module.ts';

/**
 * Opens the same database as the server (same DATABASE_URL default) and brings it up to date:
 * the accounts, and what each signs in with (passkeys, trusted devices, sessions).
 */
export async function openAccounts(config: Config = loadConfig()): Promise<{
  accounts: AccountService;
  passkeys: CredentialService;
  devices: DeviceService;
  sessions: SessionService;
  db: Db;
}> {
  const db = createDatabase(config.database);
  await migrateToLatest(db);
  const sessions = new SessionService(new SessionRepository(db), Date.now, sessionLifetimes(config));
  const throttle = new ThrottleService(new ThrottleRepository(db), Date.now);
  return {
    accounts: new AccountService(new UserRepository(db), new PasswordHasher(), Date.now, sessions, throttle),
    passkeys: new CredentialService(new CredentialRepository(db)),
    devices: new DeviceService(new DeviceRepository(db), Date.now, config),
    sessions,
    db,
  };
}

/**
 * Invitations from the operator's process (docs/decisions/0130-recovery-tokens.md): mailed over SMTP_URL when it is set. Without
 * SMTP_URL nothing is mailed (the development mailbox lives in the server's process) and the
 * caller prints the registration link instead.
 */
export async function openInvitations(
  config: Config = loadConfig(),
): Promise<{ invitations: InvitationService; close(): Promise<void> }> {
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

/** A plain-text table: a header and aligned columns, or `empty` when there are no rows. */
function formatTable(header: readonly string[], rows: readonly (readonly string[])[], empty: string): string {
  if (rows.length === 0) return empty;
  const lines = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...lines.map((l) => [...(l[i] ?? '')].length)));
  return lines
    .map((l) =>
      l
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** A moment as the helpdesk reads it on any machine: minutes, in UTC. */
export function formatTime(ms: number | null): string {
  return ms === null ? 'never' : `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** `user list`. */
export function formatAccountTable(rows: readonly AccountSummary[]): string {
  return formatTable(
    ['EMAIL', 'NAME', 'LANGUAGE', 'STATE'],
    rows.map((r) => [r.email, r.name, r.language, r.state]),
    'No accounts.',
  );
}

/** `user passkeys list`. */
export function formatPasskeyTable(rows: readonly PasskeySummary[]): string {
  return formatTable(
    // The name the person gave it on the security page comes last (it may hold spaces), '-' when none.
    ['ID', 'KIND', 'CREATED', 'LAST USED', 'NAME'],
    rows.map((r) => [
      r.id,
      r.synced ? 'synced' : 'one device',
      formatTime(r.createdAt),
      formatTime(r.lastUsedAt),
      r.name ?? '-',
    ]),
    'No passkeys.',
  );
}

/** `user devices list`. */
export function formatTrustedDeviceTable(rows: readonly TrustedDeviceSummary[]): string {
  return formatTable(
    ['ID', 'DEVICE', 'TRUSTED', 'LAST PIN', 'LAST SEEN'],
    rows.map((r) => [
      r.deviceId,
      r.name,
      formatTime(r.trustedAt),
      formatTime(r.pinCheckedAt),
      formatTime(r.lastSeenAt),
    ]),
    'No trusted devices.',
  );
}

/** The shortest id prefix the helpdesk may type: long ids are copied in part. */
export const MIN_ID_PREFIX = 8;

/**
 * The one id among `ids` that `given` names: the whole id, or a prefix of at least
 * MIN_ID_PREFIX characters that no other id shares. Anything else is an operator's mistake.
 */
export function pickId(ids: readonly string[], given: string, what: string, email: string): string {
  const wanted = given.trim();
  if (ids.includes(wanted)) return wanted;
  const matches = wanted.length >= MIN_ID_PREFIX ? ids.filter((id) => id.startsWith(wanted)) : [];
  if (matches.length === 1 && matches[0] !== undefined) return matches[0];
  if (matches.length > 1)
    throw new AccountError(`More than one ${what} of ${email} starts with ${wanted}: give more of the id`);
  throw new AccountError(
    wanted.length < MIN_ID_PREFIX && wanted.length > 0 && ids.some((id) => id.startsWith(wanted))
      ? `Give at least ${MIN_ID_PREFIX} characters of the ${what}'s id`
      : `${email} has no ${what} with the id ${wanted}`,
  );
}
