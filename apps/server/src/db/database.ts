import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type Compilable,
  type DatabaseConnection,
  type Driver,
  type LogEvent,
  type SqliteDialectConfig,
  type SqliteDatabase as KyselySqlite,
  type SqliteStatement,
} from 'kysely';
import type { DatabaseTarget } from '../config/config.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export interface DatabaseOptions {
  /** PostgreSQL: connections this process keeps at most (the server passes DATABASE_POOL_SIZE; tools take pg's default, 10). */
  poolSize?: number;
  /**
   * Told every statement the database receives, as it receives it (SQL and parameters), whichever
   * way it is sent: through Kysely or as a compiled lookup read directly (for the tests that ask the
   * database how it runs the statements the code really sends).
   */
  onStatement?: (statement: CompiledQuery) => void;
}

/** A request waits at most this long for a pooled connection (the database is down or every connection is busy). */
export const POOL_CONNECT_TIMEOUT_MS = 5_000;

/** SQLite: a statement waits this long for another connection's write lock before SQLITE_BUSY. */
export const SQLITE_BUSY_TIMEOUT_MS = 5_000;

const PG_INT8_OID = 20;

export function createDatabase(target: DatabaseTarget, options: DatabaseOptions = {}): Db {
  const { onStatement } = options;
  // Kysely tells its log every statement it sent, and the ones that failed.
  const log = onStatement && ((event: LogEvent) => onStatement(event.query));
  if (target.kind === 'postgres') {
    // Timestamps are bigint milliseconds: parse int8 as a JS number (safe below 2^53) so both dialects answer alike.
    const types = {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8_OID
          ? (v: string) => Number(v)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    };
    const pool = new pg.Pool({
      connectionString: target.url,
      types,
      max: options.poolSize,
      connectionTimeoutMillis: POOL_CONNECT_TIMEOUT_MS,
    });
    // Without a listener, an idle connection ended by the server (a restart, a failover) would crash the process.
    pool.on('error', (error) =>
      console.error(
        `database: an idle connection failed (${(error as { code?: string }).code ?? error.name}); it will be replaced`,
      ),
    );
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
  }
  if (target.file !== ':memory:') fs.mkdirSync(path.dirname(target.file), { recursive: true });
  const sqlite = new SqliteDatabase(target.file);
  // WAL lets readers run beside the writer; synchronous=FULL makes every acknowledged write survive a crash (docs/security.md, Storage and crashes).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  // Several processes may share the file: wait for a lock instead of failing at once.
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  const statements = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: statements }), log });
  directReads.set(db, {
    // The cache holds better-sqlite3's statements: `get` answers the first row without building an array.
    first: (sql, parameters) => {
      onStatement?.(CompiledQuery.raw(sql, [...parameters]));
      return (statements.prepare(sql) as unknown as SqliteDatabase.Statement).get(parameters);
    },
    inTransaction: () => sqlite.inTransaction,
  });
  return db;
}

/**
 * SQLite transactions begin IMMEDIATE: the write lock is taken at `begin`, waiting up to the busy
 * time-out for another process's. Kysely's driver begins DEFERRED, which takes the lock only at the
 * first write: a transaction that reads first (a device's sign-ins, then the new one) could not
 * take it once another process had written since its read, and SQLite answers that at once with
 * SQLITE_BUSY, whatever the busy time-out; the person got an internal error (docs/decisions/0175-sqlite-immediate-transactions.md).
 * Within one process nothing changes: Kysely runs one transaction at a time on the one connection.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly sqliteConfig: SqliteDialectConfig) {
    super(sqliteConfig);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.sqliteConfig);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/** A SQLite database's own connection, for the lookups that may read it directly (`compiledLookup`). */
const directReads = new WeakMap<
  Db,
  { first: (sql: string, parameters: readonly unknown[]) => unknown; inTransaction: () => boolean }
>();

/** Distinct statements kept prepared; the queries of the code are a few hundred at most, so this is only a bound. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every statement anew; preparing costs more than running the
 * small indexed queries of a request (docs/decisions/0164-hot-paths-and-overload.md). Statements
 * are kept by their SQL, the least recently used dropped past `size`. Reuse is safe: Kysely holds
 * the single connection for each query (and each transaction) and better-sqlite3 runs a statement
 * to its end synchronously; SQLite prepares a statement again by itself when the schema changed.
 */
export function withStatementCache(sqlite: KyselySqlite, size = STATEMENT_CACHE_SIZE): KyselySqlite {
  const statements = new Map<string, SqliteStatement>();
  return {
    prepare(sql: string): SqliteStatement {
      const cached = statements.get(sql);
      // Most recently used last: a Map keeps insertion order.
      if (cached) statements.delete(sql);
      else if (statements.size >= size) statements.delete(statements.keys().next().value as string);
      const statement = cached ?? sqlite.prepare(sql);
      statements.set(sql, statement);
      return statement;
    },
    close(): void {
      statements.clear();
      sqlite.close();
    },
  };
}

/** A compiled one-parameter lookup (`compiledLookup`). */
export interface CompiledLookup<Row> {
  (value: string): Promise<Row | undefined>;
  /** The same compiled query run on another executor (a transaction): nothing is built or compiled again. */
  on(db: Db): CompiledLookup<Row>;
}

/**
 * A one-parameter query of a hot path (the session and user lookups of every signed-in call), built
 * and compiled once instead of on each call (docs/decisions/0164-hot-paths-and-overload.md); each
 * call runs the same SQL with its own value. `build` must use its argument as the query's only parameter.
 * A repository made for a transaction reuses it through `on(db)`.
 *
 * On SQLite, while no transaction is open on the connection, the statement runs at once on it instead
 * of through Kysely's connection queue (a lock, a release and several promises per query): better-sqlite3
 * runs it to its end synchronously, and with no transaction open it reads committed rows only, as a
 * query through the queue would. While a transaction is open (between its statements) the lookup goes
 * through the queue as before, and so waits for the commit or rollback: it never reads what a
 * transaction has not committed. A lookup on a transaction's own `db` always goes through Kysely.
 */
export function compiledLookup<Row>(db: Db, build: (value: string) => Compilable<Row>): CompiledLookup<Row> {
  const marker = '\u0000compiled-lookup-parameter';
  const compiled = build(marker).compile();
  if (compiled.parameters.length !== 1 || compiled.parameters[0] !== marker)
    throw new Error(`a compiled lookup takes exactly one parameter: ${compiled.sql}`);
  return lookupOn<Row>(db, compiled);
}

function lookupOn<Row>(db: Db, compiled: CompiledQuery<Row>): CompiledLookup<Row> {
  const queued = async (value: string) => (await db.executeQuery<Row>({ ...compiled, parameters: [value] })).rows[0];
  const direct = directReads.get(db);
  const lookup = !direct
    ? queued
    : (value: string) => {
        if (direct.inTransaction()) return queued(value);
        try {
          return Promise.resolve(direct.first(compiled.sql, [value]) as Row | undefined);
        } catch (error) {
          return Promise.reject(error as Error);
        }
      };
  return Object.assign(lookup, { on: (other: Db) => lookupOn<Row>(other, compiled) });
}

/** True on PostgreSQL (for the few statements the dialects write differently). */
export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** count(*) is a string from pg and a number from SQLite. */
export function toCount(value: string | number | bigint | null | undefined): number {
  return Number(value ?? 0);
}
