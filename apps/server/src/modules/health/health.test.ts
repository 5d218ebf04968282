import pg from 'pg';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { onSqlite } from '../../test/test-database.ts';

// Liveness and readiness probes (docs/decisions/0170-health-and-draining.md), on the run's database.

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((t) => t.close()));
});

/** An app whose readiness check is never reused (each probe asks the database) and bounded at 300 ms. */
async function app(): Promise<TestApp> {
  const t = await createTestApp({ deps: { readiness: { reuseMs: 0, timeoutMs: 300 } } });
  apps.push(t);
  return t;
}

const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url });

describe('GET /healthz', () => {
  it('answers 200 live, never cached (it used to redirect to the sign-in page)', async () => {
    const response = await get(await app(), '/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'live' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.location).toBeUndefined();
  });

  it('stays live while the database is gone (a database outage must not get every process restarted)', async () => {
    const t = await app();
    await t.db.destroy();
    expect((await get(t, '/healthz')).statusCode).toBe(200);
    expect((await get(t, '/readyz')).json()).toEqual({ status: 'not_ready', reason: 'database_unavailable' });
  });
});

describe('GET /readyz', () => {
  it('answers 200 ready when the database answers with the schema this release knows', async () => {
    const response = await get(await app(), '/readyz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('stays ready once a newer release has migrated (a rolling deploy must not take every old process out), and says so once in the log', async () => {
    const lines: string[] = [];
    const t = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      deps: { readiness: { reuseMs: 0, timeoutMs: 300 }, logStream: { write: (line) => void lines.push(line) } },
    });
    apps.push(t);
    await sql`insert into kysely_migration (name, timestamp) values ('9000-newer-release', '2026-11-23T00:00:00.000Z')`.execute(
      t.db,
    );
    for (let probe = 0; probe < 3; probe += 1) {
      const response = await get(t, '/readyz');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ready' });
    }
    const warnings = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.event === 'readiness');
    expect(warnings).toEqual([
      expect.objectContaining({
        level: 40,
        schema: 'ahead',
        unknown: ['9000-newer-release'],
        msg: 'a newer release has migrated the database; serving on until this process is replaced by that release',
      }),
    ]);
  });

  it('answers 503 schema_behind when a migration this release needs is missing', async () => {
    const t = await app();
    await sql`delete from kysely_migration where name = '0007-passkey-challenges'`.execute(t.db);
    expect((await get(t, '/readyz')).json()).toEqual({ status: 'not_ready', reason: 'schema_behind' });
  });

  it('reuses one answer for a moment: a flood of probes is not a flood of queries', async () => {
    const t = await createTestApp({ deps: { readiness: { reuseMs: 60_000, timeoutMs: 300 } } });
    apps.push(t);
    expect((await get(t, '/readyz')).statusCode).toBe(200);
    await sql`delete from kysely_migration where name = '0007-passkey-challenges'`.execute(t.db);
    // Within the reuse window the earlier answer stands.
    expect((await get(t, '/readyz')).statusCode).toBe(200);
  });

  // A database that accepts the connection but does not answer (a lock, an overloaded server). SQLite
  // waits for locks synchronously, so this is a PostgreSQL case.
  it.runIf(!onSqlite)(
    'answers 503 database_timeout when the database does not answer within the bound, and ready once it does',
    async () => {
      const t = await app();
      const { rows } = await sql<{ db: string }>`select current_database() as db`.execute(t.db);
      const url = new URL(process.env.TEST_DATABASE_URL as string);
      url.pathname = `/${rows[0]?.db}`;
      const blocker = new pg.Client({ connectionString: url.toString() });
      await blocker.connect();
      try {
        await blocker.query('begin');
        await blocker.query('lock table kysely_migration in access exclusive mode');
        const response = await get(t, '/readyz');
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({ status: 'not_ready', reason: 'database_timeout' });
        await blocker.query('rollback');
      } finally {
        await blocker.end();
      }
      await expect.poll(async () => (await get(t, '/readyz')).statusCode).toBe(200);
    },
  );
});
