import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionRepository } from '../modules/session/session.repository.ts';
import { PinCodeRepository } from '../modules/user/pin-code.repository.ts';
import { createTestApp, DEMO, postJson, type TestApp } from './test-app.ts';
import { onSqlite } from './test-database.ts';
import { sqlitePlan } from './statements.ts';

// The clean-up of expired sessions and PINs on the login's path (docs/decisions/0174-expired-rows-clean-up.md).

let t: TestApp;
/** The account whose rows the tests write. */
let userId: string;
beforeEach(async () => {
  t = await createTestApp();
  await t.accounts.create(DEMO);
  userId = (await t.db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id;
});
afterEach(() => t.close());

describe('expired rows', () => {
  const MINUTE = 60_000;

  /** A session row as an earlier sign-in left it. */
  async function insertSession(id: string, values: { lastSeenAt: number; expiresAt: number; shared?: boolean }) {
    await t.db
      .insertInto('sessions')
      .values({
        id_hash: id,
        user_id: userId,
        level: 'signed_in',
        created_at: values.lastSeenAt,
        last_seen_at: values.lastSeenAt,
        expires_at: values.expiresAt,
        shared: values.shared ? 1 : 0,
        public_id: `public-${id}`,
        user_agent: null,
        authenticated_at: values.lastSeenAt,
      })
      .execute();
  }

  async function insertPin(sessionId: string, expiresAt: number) {
    await t.db
      .insertInto('pin_codes')
      .values({
        session_id_hash: sessionId,
        user_id: userId,
        code_hash: 'h',
        salt: 's',
        purpose: 'sign_in',
        device_id: null,
        created_at: expiresAt - 10 * MINUTE,
        expires_at: expiresAt,
        used_at: null,
      })
      .execute();
  }

  // Sorted here rather than by the database: PostgreSQL's collation may order "d-live" and a hex id otherwise.
  const sessionIds = async () =>
    (await t.db.selectFrom('sessions').select('id_hash').execute()).map((row) => row.id_hash).sort();
  const pinSessions = async () =>
    (await t.db.selectFrom('pin_codes').select('session_id_hash').execute()).map((row) => row.session_id_hash).sort();
  const login = () => postJson(t.app, '/api/user/login', { username: DEMO.email, password: DEMO.password });

  it('a login deletes the sessions and PINs past their end, at most once a minute per process, and keeps the live ones', async () => {
    const now = t.clock.now();
    const { sessionIdleMs: idle, sharedSessionIdleMs: sharedIdle } = t.config;
    expect(sharedIdle).toBeLessThan(idle);
    await insertSession('a-past-its-end', { lastSeenAt: now - MINUTE, expiresAt: now });
    await insertSession('b-idle', { lastSeenAt: now - idle, expiresAt: now + 60 * MINUTE });
    await insertSession('c-shared-idle', { lastSeenAt: now - sharedIdle, expiresAt: now + 60 * MINUTE, shared: true });
    // Idle as long as a shared computer's may be, but not shared: still live.
    await insertSession('d-live', { lastSeenAt: now - sharedIdle, expiresAt: now + 60 * MINUTE });
    await insertPin('d-live', now);
    await insertSession('e-live-pin', { lastSeenAt: now, expiresAt: now + 60 * MINUTE });
    await insertPin('e-live-pin', now + MINUTE);

    expect((await login()).json().status).toBe('requested_pin_code');
    const loginSession = (await sessionIds()).find((id) => id.length === 64);
    expect(await sessionIds()).toEqual(['d-live', 'e-live-pin', loginSession].sort());
    expect(await pinSessions()).toEqual(['e-live-pin', loginSession].sort());

    // Within the minute a login leaves a row that has expired since for the next clean-up…
    t.clock.advance(MINUTE / 2);
    await insertSession('f-past-its-end', { lastSeenAt: t.clock.now() - MINUTE, expiresAt: t.clock.now() });
    expect((await login()).json().status).toBe('requested_pin_code');
    expect(await sessionIds()).toContain('f-past-its-end');
    t.clock.advance(MINUTE / 2 - 1);
    expect((await login()).json().status).toBe('requested_pin_code');
    expect(await sessionIds()).toContain('f-past-its-end');
    // …which comes a minute after the last one.
    t.clock.advance(1);
    expect((await login()).json().status).toBe('requested_pin_code');
    expect(await sessionIds()).not.toContain('f-past-its-end');
    expect(await sessionIds()).toContain('d-live');
    expect(await pinSessions()).not.toContain('e-live-pin');
  });

  it.runIf(onSqlite)('finds expired sessions and PINs through an index, not a scan of the table (SQLite)', async () => {
    // The statements the clean-up really runs, recorded as SQLite receives them.
    const sessions = new SessionRepository(t.db);
    const pins = new PinCodeRepository(t.db);
    const recorded = t.recordStatements();
    await sessions.deleteExpired(t.clock.now(), t.config.sessionIdleMs, t.config.sharedSessionIdleMs);
    await pins.deleteExpired(t.clock.now());
    const statements = recorded();
    expect(statements.map((statement) => statement.sql.split(' where ')[0])).toEqual([
      ...Array(3).fill('delete from "sessions"'),
      'delete from "pin_codes"',
    ]);
    // Each statement through the index made for it; the rows that go with them (cascades) by their keys.
    const expected = [
      /^SEARCH sessions USING (COVERING )?INDEX sessions_expires_at_idx \(expires_at<\?\)/,
      /^SEARCH sessions USING (COVERING )?INDEX sessions_last_seen_at_idx \(last_seen_at<\?\)/,
      /^SEARCH sessions USING (COVERING )?INDEX sessions_shared_last_seen_at_idx \(shared=\? AND last_seen_at<\?\)/,
      /^SEARCH pin_codes USING (COVERING )?INDEX pin_codes_expires_at_idx \(expires_at<\?\)/,
    ];
    for (const [i, statement] of statements.entries()) {
      const detail = (await sqlitePlan(t.db, statement)).join('; ');
      expect(detail, statement.sql).toMatch(expected[i] as RegExp);
      expect(detail, statement.sql).not.toMatch(/\bSCAN\b/);
    }
  });
});
