import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, SqliteDialect, sql, type Migration } from 'kysely';
import type { DatabaseTarget } from '../config/config.ts';
import type { Database } from './schema.ts';
import * as initial from './migrations/0001-initial.ts';
import * as pinAndDevices from './migrations/0002-pin-and-devices.ts';
import * as passkeys from './migrations/0003-passkeys.ts';
import * as tokens from './migrations/0004-tokens.ts';
import * as botCheck from './migrations/0005-bot-check.ts';
import * as outbox from './migrations/0006-outbox.ts';
import * as passkeyChallenges from './migrations/0007-passkey-challenges.ts';

export type Db = Kysely<Database>;

/** Every migration, in order. Add new ones at the end with the next number. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-pin-and-devices': pinAndDevices,
  '0003-passkeys': passkeys,
  '0004-tokens': tokens,
  '0005-bot-check': botCheck,
  '0006-outbox': outbox,
  '0007-passkey-challenges': passkeyChallenges,
};

const PG_INT8_OID = 20;

export function createDatabase(target: DatabaseTarget): Db {
  if (target.kind === 'postgres') {
    // Timestamps are bigint milliseconds: parse int8 as a JS number (safe below 2^53) so both dialects answer alike.
    const types = {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8_OID ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    };
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: target.url, types, max: 10 }) }) });
  }
  if (target.file !== ':memory:') fs.mkdirSync(path.dirname(target.file), { recursive: true });
  const sqlite = new SqliteDatabase(target.file);
  // WAL lets readers run beside the writer; synchronous=FULL makes every acknowledged write survive a crash (security.md).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  // Several processes may share the file: wait for a lock instead of failing at once.
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

/** True on PostgreSQL (for the few statements the dialects write differently). */
export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function migrateToLatest(db: Db): Promise<void> {
  // On PostgreSQL Kysely looks for its migration tables in every schema of the database: pin them to
  // the schema the connection works in, or another schema's tables (a second app, a test) would count.
  const migrationTableSchema = db.getExecutor().adapter instanceof PostgresAdapter ? await currentSchema(db) : undefined;
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS }, ...(migrationTableSchema && { migrationTableSchema }) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}`, { cause: error });
  }
}

async function currentSchema(db: Db): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? undefined;
}

/** count(*) is a string from pg and a number from SQLite. */
export function toCount(value: string | number | bigint | null | undefined): number {
  return Number(value ?? 0);
}
