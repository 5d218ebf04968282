import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { CompiledQuery } from 'kysely';
import { loadConfig, type Config } from '../config/config.ts';
import { createDatabase, type Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { Database } from '../db/schema.ts';
import { buildApp, type AppDeps } from '../app.ts';
import { PasswordHasher } from '../plugins/password-hasher.ts';
import { AccountService, type NewAccount } from '../modules/user/account.service.ts';
import { UserRepository } from '../modules/user/user.repository.ts';
import { SessionRepository } from '../modules/session/session.repository.ts';
import { SessionService, sessionLifetimes } from '../modules/session/session.service.ts';
import { ThrottleRepository } from '../modules/throttle/throttle.repository.ts';
import { ThrottleService } from '../modules/throttle/throttle.service.ts';
import { createTestDatabase } from './test-database.ts';
import { statementRecorder } from './statements.ts';

export const ORIGIN = 'http://localhost:8080';

/** A clock the test moves by hand. */
export function testClock(start = Date.UTC(2026, 0, 15, 9, 0, 0)) {
  let current = start;
  return {
    now: () => current,
    advance(ms: number) {
      current += ms;
    },
  };
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', DATABASE_URL: ':memory:', WEB_DIST: 'apps/server/src/test/no-dist', ...env });
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  clock: ReturnType<typeof testClock>;
  config: Config;
  accounts: AccountService;
  /**
   * Records every statement the database receives from now on (the app's and the test's own), as
   * it receives it; the function returned stops and answers them in order.
   */
  recordStatements(): () => CompiledQuery[];
  close(): Promise<void>;
}

/**
 * A fresh database, migrated, and an app built (not listening) on it: in-memory SQLite, or a new
 * PostgreSQL database of its own when TEST_DATABASE_URL is set (test-database.ts). A DATABASE_URL
 * in `env` is used as it is (a test that shares its database with the CLI creates and drops it).
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    deps?: Omit<AppDeps, 'db' | 'now'>;
  } = {},
): Promise<TestApp> {
  const owned = options.env?.DATABASE_URL === undefined ? await createTestDatabase() : undefined;
  const config = testConfig({ ...options.env, ...(owned && { DATABASE_URL: owned.url }) });
  const recorder = statementRecorder();
  const db = createDatabase(config.database, { onStatement: recorder.onStatement });
  const clock = testClock();
  let app: FastifyInstance;
  try {
    await migrateToLatest(db);
    app = await buildApp(config, { ...options.deps, db, now: clock.now });
    await app.ready();
  } catch (error) {
    await db.destroy();
    await owned?.drop();
    throw error;
  }
  const sessions = new SessionService(new SessionRepository(db), clock.now, sessionLifetimes(config));
  const hasher = new PasswordHasher();
  const accounts = new AccountService(
    new UserRepository(db),
    hasher,
    clock.now,
    sessions,
    new ThrottleService(new ThrottleRepository(db), clock.now),
  );
  return {
    app,
    db,
    clock,
    config,
    accounts,
    recordStatements: recorder.start,
    async close() {
      try {
        await app.close();
        await hasher.close();
        await db.destroy();
      } finally {
        await owned?.drop();
      }
    },
  };
}

export const DEMO: NewAccount = {
  email: 'ana.novakova@example.test',
  password: 'Correct-Horse-7',
  firstName: 'Ana',
  surname: 'Nováková',
  language: 'cs',
};

export function postJson(app: FastifyInstance, url: string, body: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', origin: ORIGIN, ...headers },
    payload: JSON.stringify(body),
  });
}

/** The session cookie set by an answer, with its attributes. */
export function sessionCookie(response: LightMyRequestResponse, name = 'gh_session') {
  return response.cookies.find((c) => c.name === name);
}

/** Row counts of every table: a refused request must leave them as they were. */
export async function snapshot(db: Db) {
  const [users, sessions, throttle] = await Promise.all([
    db.selectFrom('users').selectAll().execute(),
    db.selectFrom('sessions').selectAll().execute(),
    db.selectFrom('throttle').selectAll().execute(),
  ]);
  return { users, sessions, throttle };
}

/** Every table of the schema (the compiler checks the list is complete). */
const ALL_TABLES = {
  users: true,
  sessions: true,
  throttle: true,
  pin_codes: true,
  pin_attempts: true,
  devices: true,
  device_accounts: true,
  trusted_devices: true,
  webauthn_user_handles: true,
  webauthn_credentials: true,
  webauthn_challenges: true,
  webauthn_offers: true,
  tokens: true,
  bot_check_used: true,
  outbox: true,
  server_keys: true,
  webauthn_used_challenges: true,
  sign_in_devices: true,
  sign_in_events: true,
} satisfies Record<keyof Database, true>;

/** Every row of every table, in a stable order: "nothing changed" means this is equal before and after. */
export async function dumpDatabase(db: Db): Promise<Record<string, unknown[]>> {
  const dump: Record<string, unknown[]> = {};
  for (const table of Object.keys(ALL_TABLES) as Array<keyof Database>) {
    const rows = (await db.selectFrom(table).selectAll().execute()) as Array<Record<string, unknown>>;
    dump[table] = rows.map((row) => JSON.stringify(row, Object.keys(row).sort())).sort();
  }
  return dump;
}
