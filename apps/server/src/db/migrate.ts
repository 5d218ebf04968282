import { Migrator, PostgresAdapter, sql, type Migration } from 'kysely';
import { SQLITE_BUSY_TIMEOUT_MS, type Db } from './database.ts';
import * as initial from './migrations/0001-initial.ts';
import * as pinAndDevices from './migrations/0002-pin-and-devices.ts';
import * as passkeys from './migrations/0003-passkeys.ts';
import * as tokens from './migrations/0004-tokens.ts';
import * as botCheck from './migrations/0005-bot-check.ts';
import * as outbox from './migrations/0006-outbox.ts';
import * as passkeyChallenges from './migrations/0007-passkey-challenges.ts';
import * as accountSecurity from './migrations/0008-account-security.ts';
import * as signInDevices from './migrations/0009-sign-in-devices.ts';
import * as sharedComputer from './migrations/0010-shared-computer.ts';
import * as expiryIndexes from './migrations/0011-expiry-indexes.ts';

/** Every migration, in order. Add new ones at the end with the next number. */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001-initial': initial,
  '0002-pin-and-devices': pinAndDevices,
  '0003-passkeys': passkeys,
  '0004-tokens': tokens,
  '0005-bot-check': botCheck,
  '0006-outbox': outbox,
  '0007-passkey-challenges': passkeyChallenges,
  '0008-account-security': accountSecurity,
  '0009-sign-in-devices': signInDevices,
  '0010-shared-computer': sharedComputer,
  '0011-expiry-indexes': expiryIndexes,
};

/** Kysely's record of the migrations run (in the schema the connection works in, on PostgreSQL). */
const MIGRATION_TABLE = 'kysely_migration';

/**
 * The key of the PostgreSQL advisory lock that makes `migrate` run in one process at a time
 * (the first 8 bytes of SHA-256 of "gatehouse:migrate", as a signed bigint).
 */
export const MIGRATION_LOCK_KEY = 735_983_063_071_290_193n;

/** How long a process waits for another one's migration before it gives up. */
export const MIGRATION_LOCK_WAIT_MS = 120_000;

/**
 * How the database's schema compares with the migrations this code knows
 * (docs/decisions/0171-migrations-for-a-fleet.md):
 * - `current`: every known migration has run and nothing else;
 * - `behind`: some known migrations have not run yet (`migrate` applies them);
 * - `ahead`: the database has run migrations this code does not know — a newer release migrated it.
 */
export type SchemaStatus =
  | { state: 'current'; latest: string }
  | { state: 'behind'; pending: string[]; latest: string }
  | { state: 'ahead'; unknown: string[]; pending: string[]; latest: string };

/** A schema this process cannot serve, or a migration that could not run; the message says what to do. */
export class SchemaError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'SchemaError';
  }
}

function isMissingTable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  return e.code === '42P01' || (typeof e.message === 'string' && /no such table/i.test(e.message));
}

/** Compares the migrations recorded in the database with `known`: one query. Throws when the database does not answer. */
export async function schemaStatus(
  db: Db,
  known: Readonly<Record<string, Migration>> = MIGRATIONS,
): Promise<SchemaStatus> {
  const names = Object.keys(known).sort();
  const latest = names.at(-1) ?? '';
  let applied: string[];
  try {
    const { rows } = await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)}`.execute(db);
    applied = rows.map((row) => row.name);
  } catch (error) {
    if (!isMissingTable(error)) throw error;
    applied = [];
  }
  const appliedSet = new Set(applied);
  const pending = names.filter((name) => !appliedSet.has(name));
  const unknown = applied.filter((name) => !(name in known)).sort();
  if (unknown.length > 0) return { state: 'ahead', unknown, pending, latest };
  if (pending.length > 0) return { state: 'behind', pending, latest };
  return { state: 'current', latest };
}

/** What an operator reads when a process refuses the schema it found. */
export function describeSchema(status: SchemaStatus): string {
  switch (status.state) {
    case 'current':
      return `The database schema is current (${status.latest}).`;
    case 'behind':
      return (
        `The database schema is older than this release: ${status.pending.length} migration(s) not run yet ` +
        `(${status.pending.join(', ')}). Run \`npm run migrate\` once, or start with MIGRATE_AT_START=true.`
      );
    case 'ahead':
      return (
        `The database schema is newer than this release knows: it has run ${status.unknown.join(', ')}, ` +
        `and this release ends at ${status.latest}. A newer release has migrated this database: run that release (or a newer one), ` +
        'or restore the database from a backup taken before it migrated.'
      );
    default:
      return status satisfies never;
  }
}

/** SQLite: how long one try for the write lock blocks the event loop. */
const SQLITE_LOCK_TRY_MS = 100;

/** PostgreSQL: the pause between two tries for the advisory lock. */
const PG_LOCK_RETRY_MS = 200;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `attempt` until it answers true, pausing `pauseMs` between tries; past `deadline` throws `tooLong()`. */
async function tryUntil(
  deadline: number,
  pauseMs: number,
  tooLong: () => Error,
  attempt: () => Promise<boolean>,
): Promise<void> {
  for (;;) {
    if (await attempt()) return;
    if (Date.now() > deadline) throw tooLong();
    await pause(pauseMs);
  }
}

/**
 * Runs `work` while holding the database's migration lock, so that of several processes migrating
 * at once one migrates and the others find the work done. PostgreSQL: a session advisory lock on
 * its own pooled connection (released with that session, also when the process dies). SQLite: an
 * immediate (write) transaction around the whole work, so another process on the same file waits
 * and the migrations apply all or not at all; SQLite files are shared by processes of one host only.
 * (Kysely's Migrator takes a transaction-scoped advisory lock of its own on PostgreSQL while it
 * applies migrations; ours also spans the schema check before it, so that a process that waited
 * reads the schema again and finds the work done.)
 */
async function withMigrationLock<T>(db: Db, waitMs: number, work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + waitMs;
  const waitedTooLong = (cause?: unknown) =>
    new SchemaError(
      `Another process has held the migration lock for more than ${Math.round(waitMs / 1000)} s; try again when its migration has finished.`,
      { cause },
    );
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    return db.connection().execute(async (lock) => {
      await tryUntil(deadline, PG_LOCK_RETRY_MS, waitedTooLong, async () => {
        const { rows } = await sql<{
          locked: boolean;
        }>`select pg_try_advisory_lock(${String(MIGRATION_LOCK_KEY)}::bigint) as locked`.execute(lock);
        return rows[0]?.locked === true;
      });
      try {
        return await work();
      } finally {
        await sql`select pg_advisory_unlock(${String(MIGRATION_LOCK_KEY)}::bigint)`.execute(lock);
      }
    });
  }
  // better-sqlite3 waits for a lock synchronously: try briefly and yield between tries, so that a
  // migration of the same file in this very process (tests, one process serving several) can finish.
  await sql.raw(`pragma busy_timeout = ${SQLITE_LOCK_TRY_MS}`).execute(db);
  let busy: unknown;
  try {
    await tryUntil(
      deadline,
      SQLITE_LOCK_TRY_MS,
      () => waitedTooLong(busy),
      async () => {
        try {
          await sql`begin immediate`.execute(db);
          return true;
        } catch (error) {
          // SQLITE_BUSY: another connection holds the write lock (it is migrating, or writing).
          if ((error as { code?: unknown }).code !== 'SQLITE_BUSY') throw error;
          busy = error;
          return false;
        }
      },
    );
  } finally {
    await sql.raw(`pragma busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`).execute(db);
  }
  try {
    const result = await work();
    await sql`commit`.execute(db);
    return result;
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  }
}

export interface MigrateOptions {
  /** The migrations to apply (tests pass their own); every known one by default. */
  migrations?: Readonly<Record<string, Migration>>;
  /** How long to wait for another process's migration (MIGRATION_LOCK_WAIT_MS by default). */
  lockWaitMs?: number;
}

/**
 * Brings the schema up to date under the migration lock and returns the names of the migrations it
 * ran (none when another process had done it). Refuses a schema newer than this code knows.
 */
export async function migrateToLatest(db: Db, options: MigrateOptions = {}): Promise<string[]> {
  const migrations = options.migrations ?? MIGRATIONS;
  // On PostgreSQL Kysely looks for its migration tables in every schema of the database: pin them to
  // the schema the connection works in, or another schema's tables (a second app, a test) would count.
  const migrationTableSchema =
    db.getExecutor().adapter instanceof PostgresAdapter ? await currentSchema(db) : undefined;
  return withMigrationLock(db, options.lockWaitMs ?? MIGRATION_LOCK_WAIT_MS, async () => {
    const before = await schemaStatus(db, migrations);
    if (before.state === 'ahead') throw new SchemaError(describeSchema(before));
    if (before.state === 'current') return [];
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => ({ ...migrations }) },
      ...(migrationTableSchema && { migrationTableSchema }),
    });
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (error || failed)
      throw new SchemaError(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}`, {
        cause: error,
      });
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  });
}

async function currentSchema(db: Db): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? undefined;
}
