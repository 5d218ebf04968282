import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The database a test runs on (docs/decisions/0150-postgresql-and-crash-safety.md).
 *
 * Without TEST_DATABASE_URL: SQLite, in memory unless the test names a file. With
 * TEST_DATABASE_URL=postgres://…: a fresh PostgreSQL database with a unique name, created on the
 * server of that URL (its role needs CREATEDB) and dropped again by `drop()`.
 *
 * A database per test app rather than a schema per test app: Kysely's PostgreSQL introspection
 * (run by every migration) reads the catalog of every schema in the database, and fails with
 * "schema … does not exist" when a parallel test file drops its schema at that moment.
 */
export interface TestDatabase {
  /** A DATABASE_URL value for loadConfig() and the operator CLI. */
  readonly url: string;
  readonly kind: 'sqlite' | 'postgres';
  /** Drops the PostgreSQL database; nothing to do on SQLite (the test owns its files). */
  drop(): Promise<void>;
}

/** The PostgreSQL server the suite runs against, or undefined for SQLite. */
export const TEST_DATABASE_URL: string | undefined = process.env.TEST_DATABASE_URL?.trim() || undefined;

/** True when the suite runs on SQLite (for tests of SQLite files and pragmas). */
export const onSqlite = TEST_DATABASE_URL === undefined;

if (TEST_DATABASE_URL !== undefined && !/^postgres(ql)?:\/\//i.test(TEST_DATABASE_URL)) {
  throw new Error('TEST_DATABASE_URL must be a postgres:// URL');
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const codeOf = (error: unknown) => (error as { code?: string }).code;

/**
 * A fresh, empty database for one test app or one CLI run. `sqlite` is the DATABASE_URL to use on
 * SQLite (':memory:' by default, or a file the test removes itself).
 */
export async function createTestDatabase(sqlite = ':memory:'): Promise<TestDatabase> {
  if (TEST_DATABASE_URL === undefined) return { url: sqlite, kind: 'sqlite', drop: async () => {} };
  // Unique across the parallel test processes; only [a-z0-9_], so quoting it is enough.
  const name = `gh_test_${process.pid}_${randomBytes(6).toString('hex')}`;
  await admin(`create database "${name}"`).catch((error: unknown) => {
    if (codeOf(error) !== '42501') throw error;
    throw new Error('TEST_DATABASE_URL: its role may not create databases (create role … createdb, as .ci/run does)', {
      cause: error,
    });
  });
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    kind: 'postgres',
    async drop() {
      if (dropped) return;
      dropped = true;
      // A plain drop waits out an autovacuum worker on the new database; WITH (FORCE) would refuse
      // to end that worker (not our role's), so it is kept for a connection the test left open.
      await admin(`drop database if exists "${name}"`).catch(async (error: unknown) => {
        if (codeOf(error) !== '55006') throw error; // object_in_use
        await admin(`drop database if exists "${name}" with (force)`);
      });
    },
  };
}
