import pg from 'pg';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { testConfig } from '../test/test-app.ts';
import { createTestDatabase, onSqlite } from '../test/test-database.ts';
import { createDatabase } from './database.ts';

// PostgreSQL restarts, fail-overs and killed connections end pooled connections while they sit idle.
describe.runIf(!onSqlite)('the PostgreSQL pool', () => {
  it('logs an idle connection that the database ends and serves the next query on a new one, without crashing the process', async () => {
    const database = await createTestDatabase();
    const db = createDatabase(testConfig({ DATABASE_URL: database.url }).database, { poolSize: 1 });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const backend = async () => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]?.pid;
    try {
      const first = await backend();
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      try {
        await admin.query('select pg_terminate_backend($1)', [first]);
      } finally {
        await admin.end();
      }
      await expect.poll(() => errors.mock.calls.length).toBe(1);
      expect(errors.mock.calls[0]).toEqual(['database: an idle connection failed (57P01); it will be replaced']);
      const second = await backend();
      expect(second).toEqual(expect.any(Number));
      expect(second).not.toBe(first);
    } finally {
      errors.mockRestore();
      await db.destroy();
      await database.drop();
    }
  });
});
