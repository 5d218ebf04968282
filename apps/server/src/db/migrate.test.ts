import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { sql, type Migration } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config/config.ts';
import { createDatabase, type Db } from './database.ts';
import { MIGRATION_LOCK_KEY, MIGRATIONS, migrateToLatest, schemaStatus, SchemaError } from './migrate.ts';
import { startServer } from '../start.ts';
import { testConfig } from '../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';

// A fleet's migration step (docs/decisions/0171-migrations-for-a-fleet.md), on the database the run
// uses: a fresh SQLite file, or a fresh PostgreSQL database with TEST_DATABASE_URL.

const run = promisify(execFile);
const KNOWN = Object.keys(MIGRATIONS).sort();
/** What a newer release would add: one more migration this code does not know. */
const NEWER: Record<string, Migration> = {
  ...MIGRATIONS,
  '9000-newer-release': {
    up: async (db) => void (await db.schema.createTable('newer_release').addColumn('id', 'integer').execute()),
  },
};

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-migrate-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const opened: Db[] = [];
const databases: TestDatabase[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.destroy()));
  await Promise.all(databases.splice(0).map((d) => d.drop()));
});

let files = 0;
async function freshDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase(path.join(dir, `fleet-${++files}.sqlite`));
  databases.push(database);
  return database;
}

function open(database: TestDatabase): Db {
  const db = createDatabase(testConfig({ DATABASE_URL: database.url }).database);
  opened.push(db);
  return db;
}

async function appliedNames(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((r) => r.name);
}

function migrateProcess(url: string) {
  return nodeProcess('apps/server/src/cli/migrate.ts', { DATABASE_URL: url });
}

function nodeProcess(script: string, env: Record<string, string>) {
  return run(process.execPath, ['--import', 'tsx', script], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'test', ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
}

describe('migrate from several processes at once', () => {
  it('two `npm run migrate` processes started together: both succeed, every migration runs exactly once', async () => {
    const database = await freshDatabase();
    const [a, b] = await Promise.all([migrateProcess(database.url), migrateProcess(database.url)]);
    expect([a.code, b.code, a.stderr, b.stderr]).toEqual([0, 0, '', '']);
    // One applied everything, the other waited for it and found nothing left.
    const outputs = [a.stdout, b.stdout].sort();
    expect(outputs[0]).toContain(`Applied ${KNOWN.length} migration(s): ${KNOWN.join(', ')}.`);
    expect(outputs[1]).toContain('Nothing to apply.');
    for (const out of outputs) expect(out).toContain(`The database schema is current (${KNOWN.at(-1)}).`);
    expect(await appliedNames(open(database))).toEqual(KNOWN);
  }, 60_000);

  it('two connections migrating in one moment share the work: the migrations run once between them', async () => {
    const database = await freshDatabase();
    const [first, second] = [open(database), open(database)];
    const results = await Promise.all([migrateToLatest(first), migrateToLatest(second)]);
    expect(results.flat().sort()).toEqual(KNOWN);
    expect(results.map((r) => r.length).sort((x, y) => x - y)).toEqual([0, KNOWN.length]);
    expect(await schemaStatus(first)).toEqual({ state: 'current', latest: KNOWN.at(-1) });
  });

  it('waits for the process holding the lock, and gives up with a clear message if it holds it too long (nothing applied)', async () => {
    const database = await freshDatabase();
    const db = open(database);
    const release = await holdMigrationLock(database);
    try {
      const waiting = migrateToLatest(db, { lockWaitMs: 600 });
      await expect(waiting).rejects.toThrow(SchemaError);
      await expect(waiting).rejects.toThrow('Another process has held the migration lock for more than 1 s');
      expect((await schemaStatus(db)).state).toBe('behind');
    } finally {
      await release();
    }
    expect(await migrateToLatest(db)).toEqual(KNOWN);
  });
});

/** Takes the migration lock as another process would: PostgreSQL's advisory lock, SQLite's write lock. */
async function holdMigrationLock(database: TestDatabase): Promise<() => Promise<void>> {
  if (database.kind === 'postgres') {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query('select pg_advisory_lock($1::bigint)', [String(MIGRATION_LOCK_KEY)]);
    return async () => {
      await client.end();
    };
  }
  const other = new SqliteDatabase(database.url);
  other.exec('begin immediate');
  return async () => {
    other.exec('rollback');
    other.close();
  };
}

describe('a schema this release does not know', () => {
  it('schemaStatus tells current, behind (what is pending) and ahead (what is unknown)', async () => {
    const db = open(await freshDatabase());
    expect(await schemaStatus(db)).toEqual({ state: 'behind', pending: KNOWN, latest: KNOWN.at(-1) });
    await migrateToLatest(db);
    expect(await schemaStatus(db)).toEqual({ state: 'current', latest: KNOWN.at(-1) });
    await migrateToLatest(db, { migrations: NEWER });
    expect(await schemaStatus(db)).toEqual({
      state: 'ahead',
      unknown: ['9000-newer-release'],
      pending: [],
      latest: KNOWN.at(-1),
    });
  });

  it('migrate refuses a database a newer release has migrated, and changes nothing', async () => {
    const db = open(await freshDatabase());
    await migrateToLatest(db, { migrations: NEWER });
    const refused = migrateToLatest(db);
    await expect(refused).rejects.toThrow(SchemaError);
    await expect(refused).rejects.toThrow(
      'The database schema is newer than this release knows: it has run 9000-newer-release',
    );
    expect(await appliedNames(db)).toEqual([...KNOWN, '9000-newer-release']);
  });

  it('the server refuses to start on a newer schema, even with MIGRATE_AT_START, and says what to do', async () => {
    const database = await freshDatabase();
    await migrateToLatest(open(database), { migrations: NEWER });
    const start = startServer(testConfig({ DATABASE_URL: database.url, PORT: '0', HOST: '127.0.0.1' }));
    await expect(start).rejects.toThrow(SchemaError);
    await expect(start).rejects.toThrow(
      /Gatehouse will not serve this database\. The database schema is newer than this release knows.*run that release \(or a newer one\)/,
    );
  });

  it('the server refuses to start on an older schema when it may not migrate (MIGRATE_AT_START=false), naming the pending migrations', async () => {
    const database = await freshDatabase();
    const db = open(database);
    await migrateToLatest(db, { migrations: Object.fromEntries(Object.entries(MIGRATIONS).slice(0, -1)) });
    const start = startServer(
      testConfig({ DATABASE_URL: database.url, PORT: '0', HOST: '127.0.0.1', MIGRATE_AT_START: 'false' }),
    );
    await expect(start).rejects.toThrow(
      `The database schema is older than this release: 1 migration(s) not run yet (${KNOWN.at(-1)}). Run \`npm run migrate\` once`,
    );
    // Nothing was migrated behind the operator's back.
    expect((await schemaStatus(db)).state).toBe('behind');
  });

  it('a server process refuses a newer schema with exit code 78 (a refusal the service manager does not restart) and the reason', async () => {
    const database = await freshDatabase();
    await migrateToLatest(open(database), { migrations: NEWER });
    const result = await nodeProcess('apps/server/src/server.ts', {
      DATABASE_URL: database.url,
      PORT: '0',
      HOST: '127.0.0.1',
    });
    expect(result.code).toBe(78);
    expect(result.stderr).toContain(
      'Gatehouse will not serve this database. The database schema is newer than this release knows: it has run 9000-newer-release',
    );
  }, 30_000);

  it('`npm run migrate` on a newer schema exits 1 with the reason', async () => {
    const database = await freshDatabase();
    await migrateToLatest(open(database), { migrations: NEWER });
    const result = await migrateProcess(database.url);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'The database schema is newer than this release knows: it has run 9000-newer-release',
    );
  }, 30_000);
});
