import SqliteDatabase from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../test/test-app.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { compiledLookup, createDatabase, isPostgres, withStatementCache, type Db } from './database.ts';
import { migrateToLatest } from './migrate.ts';

describe('the SQLite statement cache', () => {
  let sqlite: SqliteDatabase.Database;
  beforeEach(() => {
    sqlite = new SqliteDatabase(':memory:');
    sqlite.exec('create table t (id integer primary key, v text)');
  });
  afterEach(() => {
    if (sqlite.open) sqlite.close();
  });

  it('prepares a statement once and reuses it for the same SQL, with each call its own parameters', () => {
    const prepare = vi.spyOn(sqlite, 'prepare');
    const cached = withStatementCache(sqlite);
    cached.prepare('insert into t (v) values (?)').run(['a']);
    cached.prepare('insert into t (v) values (?)').run(['b']);
    expect(cached.prepare('select v from t where id = ?').all([2])).toEqual([{ v: 'b' }]);
    expect(cached.prepare('select v from t where id = ?').all([1])).toEqual([{ v: 'a' }]);
    expect(prepare).toHaveBeenCalledTimes(2);
  });

  it('keeps at most its size, dropping the least recently used', () => {
    const prepare = vi.spyOn(sqlite, 'prepare');
    const cached = withStatementCache(sqlite, 2);
    cached.prepare('select 1');
    cached.prepare('select 2');
    cached.prepare('select 1'); // now the most recently used
    cached.prepare('select 3'); // drops "select 2"
    cached.prepare('select 1');
    cached.prepare('select 2');
    expect(prepare.mock.calls.map(([sql]) => sql)).toEqual(['select 1', 'select 2', 'select 3', 'select 2']);
  });

  it('sees a column added after the statement was prepared', () => {
    const cached = withStatementCache(sqlite);
    cached.prepare('insert into t (v) values (?)').run(['a']);
    expect(cached.prepare('select * from t').all([])).toEqual([{ id: 1, v: 'a' }]);
    sqlite.exec("alter table t add column w text default 'x'");
    expect(cached.prepare('select * from t').all([])).toEqual([{ id: 1, v: 'a', w: 'x' }]);
  });

  it('closes the database', () => {
    withStatementCache(sqlite).close();
    expect(sqlite.open).toBe(false);
  });
});

/** A migrated database of the run's kind (SQLite, or PostgreSQL with TEST_DATABASE_URL), gone after `use`. */
async function withDatabase(use: (db: Db) => Promise<void>): Promise<void> {
  const database = await createTestDatabase();
  const db = createDatabase(testConfig({ DATABASE_URL: database.url }).database);
  try {
    await migrateToLatest(db);
    await use(db);
  } finally {
    await db.destroy();
    await database.drop();
  }
}

describe('a compiled lookup', () => {
  it('runs the query compiled once with each value, answering its row or undefined', () =>
    withDatabase(async (db) => {
      const row = { key: 'address:10.0.0.1', failures: 3, window_started_at: 1, blocked_until: null, updated_at: 2 };
      await db
        .insertInto('throttle')
        .values([row, { ...row, key: 'address:10.0.0.2', failures: 7 }])
        .execute();
      const byKey = compiledLookup(db, (key) => db.selectFrom('throttle').selectAll().where('key', '=', key));
      expect((await byKey('address:10.0.0.2'))?.failures).toBe(7);
      expect(await byKey('address:10.0.0.1')).toEqual(row);
      expect(await byKey("address:10.0.0.1' or '1'='1")).toBeUndefined();
      expect(() =>
        compiledLookup(db, (key) =>
          db.selectFrom('throttle').selectAll().where('key', '=', key).where('failures', '>', 1),
        ),
      ).toThrow(/exactly one parameter/);
    }));

  it('never answers a row that a transaction under way has not committed: it waits for the commit or the rollback', () =>
    withDatabase(async (db) => {
      const row = { key: 'address:10.0.0.3', failures: 1, window_started_at: 1, blocked_until: null, updated_at: 2 };
      const byKey = compiledLookup(db, (key) => db.selectFrom('throttle').selectAll().where('key', '=', key));
      for (const outcome of ['rollback', 'commit'] as const) {
        let lookup: Promise<unknown> | null = null;
        let answeredEarly = false;
        const transaction = db.transaction().execute(async (trx) => {
          await trx.insertInto('throttle').values(row).execute();
          // Asked while the insert is not committed (SQLite: between the transaction's statements).
          const asked = byKey(row.key);
          lookup = asked;
          // Did it answer while the transaction was still open? PostgreSQL's answer comes from another
          // connection, however loaded the machine (up to 5 s); SQLite's cannot come before the end,
          // which 20 ms show.
          let timer: ReturnType<typeof setTimeout> | undefined;
          answeredEarly = await Promise.race([
            asked.then(() => true),
            new Promise<boolean>((resolve) => {
              timer = setTimeout(() => resolve(false), isPostgres(db) ? 5_000 : 20);
            }),
          ]);
          clearTimeout(timer);
          if (outcome === 'rollback') throw new Error('rolled back');
        });
        if (outcome === 'rollback') await expect(transaction).rejects.toThrow('rolled back');
        else await transaction;
        // SQLite (one connection): the lookup waits for the transaction's end, then reads what it left.
        // PostgreSQL: it runs at once on another connection, which cannot see the uncommitted row.
        expect(answeredEarly).toBe(isPostgres(db));
        expect(await lookup).toEqual(outcome === 'commit' && !answeredEarly ? row : undefined);
      }
    }));

  it('moved onto a transaction with on(trx), reads the rows of the transaction without being built again', () =>
    withDatabase(async (db) => {
      const row = { key: 'address:10.0.0.4', failures: 2, window_started_at: 1, blocked_until: null, updated_at: 2 };
      const build = vi.fn((key: string) => db.selectFrom('throttle').selectAll().where('key', '=', key));
      const byKey = compiledLookup(db, build);
      const seen = await db.transaction().execute(async (trx) => {
        await trx.insertInto('throttle').values(row).execute();
        return byKey.on(trx)(row.key);
      });
      expect(seen).toEqual(row);
      expect(await byKey(row.key)).toEqual(row);
      expect(build).toHaveBeenCalledTimes(1);
    }));
});
