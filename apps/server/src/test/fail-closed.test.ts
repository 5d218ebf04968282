import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, DEMO, sessionCookie, type TestApp } from './test-app.ts';
import { latestPin, login, submitPin } from './sign-in-steps.ts';

// docs/security.md, Every request: database errors fail closed (no sign-in on error). Here the database goes away
// under a running app (its connection closed, or its pool ended on PostgreSQL), as when the disk
// fails or the database server restarts; the rule holds on SQLite and PostgreSQL.

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  await t.accounts.create(DEMO);
});
afterEach(() => t.close());

describe('with the database gone under a running app', () => {
  it('login answers app_error with no session cookie, every time, while the process keeps answering', async () => {
    await t.db.destroy();
    for (let i = 0; i < 3; i++) {
      const response = await login(t, DEMO);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'failed', reasons: ['app_error'] });
      expect(sessionCookie(response)).toBeUndefined();
    }
    const version = await t.app.inject('/api/server/version');
    expect(version.statusCode).toBe(200);
    expect(version.json()).toMatchObject({ version: expect.any(String) });
  });

  it('a right PIN after the password answers app_error and does not sign in', async () => {
    const password = await login(t, DEMO);
    expect(password.json()).toEqual({ status: 'requested_pin_code', email: DEMO.email });
    const session = sessionCookie(password)?.value ?? '';
    const pin = latestPin(t, DEMO.email);

    await t.db.destroy();
    const submitted = await submitPin(t, pin, { session });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toEqual({ status: 'failed', reasons: ['app_error'] });
    expect(sessionCookie(submitted)).toBeUndefined();

    // The session is not signed in: user info cannot read it and answers a 5xx, never the user.
    const info = await t.app.inject({ url: '/api/user/info', headers: { cookie: `gh_session=${session}` } });
    expect(info.statusCode).toBeGreaterThanOrEqual(500);
    expect(info.json()).toEqual({ status: 'failed', reasons: ['app_error'] });
    expect(info.body).not.toContain(DEMO.email);
  });

  it('an unexpected path answers 500 app_error without SQL, stack or file names, and the next request is served', async () => {
    await t.db.destroy();
    const info = await t.app.inject({
      url: '/api/user/info',
      headers: { cookie: 'gh_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    });
    expect(info.statusCode).toBe(500);
    expect(info.json()).toEqual({ status: 'failed', reasons: ['app_error'] });
    expect(info.body).not.toMatch(/select|sessions|\.ts|at /i);
    expect((await t.app.inject('/api/server/info')).statusCode).toBe(200);
  });
});

describe('a login whose PIN cannot be stored', () => {
  it('leaves no password-level session and sets no cookie: the session and its PIN are written together or not at all', async () => {
    // The PIN's table is out of reach (renamed), so storing the PIN fails after the session row was written.
    await sql`alter table pin_codes rename to pin_codes_away`.execute(t.db);
    try {
      const response = await login(t, DEMO);
      expect(response.json()).toEqual({ status: 'failed', reasons: ['app_error'] });
      expect(sessionCookie(response)).toBeUndefined();
      expect(await t.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
      expect(t.app.devMailbox?.latestTo(DEMO.email)).toBeUndefined();
    } finally {
      await sql`alter table pin_codes_away rename to pin_codes`.execute(t.db);
    }
    expect((await login(t, DEMO)).json()).toEqual({ status: 'requested_pin_code', email: DEMO.email });
  });
});
