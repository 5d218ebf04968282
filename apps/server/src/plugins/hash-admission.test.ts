import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, dumpDatabase, ORIGIN, postJson, type TestApp } from '../test/test-app.ts';
import { PasswordHasher, type HashAdmission } from './password-hasher.ts';
import { mailedResetToken, setPassword, signedInSessionFor, userRow } from '../modules/recovery/recovery-test-kit.ts';

const LIMITS = { maxConcurrent: 1, maxQueued: 1, retryAfterMs: 2_500 };

let t: TestApp;
let hasher: PasswordHasher;
/** Places taken by the test, as requests on their way would hold them. */
let held: HashAdmission[];

/** Takes every free place of the hasher. */
function fill(): void {
  for (let admission = hasher.admit(); admission; admission = hasher.admit()) held.push(admission);
}

function releaseAll(): void {
  for (const admission of held.splice(0)) admission.release();
}

const loginAs = (password: string) => postJson(t.app, '/api/user/login', { username: DEMO.email, password });

beforeEach(async () => {
  hasher = new PasswordHasher(LIMITS);
  held = [];
  t = await createTestApp({ deps: { hasher } });
  await t.accounts.create(DEMO);
});
afterEach(async () => {
  releaseAll();
  await t.close();
});

describe('hashing calls while the hasher has no place', () => {
  it('refuse a login with 503, service_busy and Retry-After in seconds, and change nothing', async () => {
    fill();
    const before = await dumpDatabase(t.db);
    for (const password of [DEMO.password, 'Wrong-Password-1', 'Wrong-Password-2']) {
      const response = await loginAs(password);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'failed', reasons: ['service_busy'] });
      expect(response.headers['retry-after']).toBe('3');
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    // No session, no throttle count, no PIN, no mail: the database is as it was.
    expect(await dumpDatabase(t.db)).toEqual(before);
    expect(t.app.devMailbox?.latestTo(DEMO.email)).toBeUndefined();
    // Once a place is free the right password signs in as ever, unthrottled.
    releaseAll();
    const response = await loginAs(DEMO.password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'requested_pin_code' });
  });

  it('refuse before the body is read: a malformed or oversized body gets the 503, not a 400 or 413', async () => {
    fill();
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      payload: '{"username": ',
    });
    expect(malformed.statusCode).toBe(503);
    const large = await postJson(t.app, '/api/user/login', { username: DEMO.email, password: 'x'.repeat(20_000) });
    expect(large.statusCode).toBe(503);
  });

  it('refuse the other calls that hash: a password from a reset link, from a registration link, and the password again', async () => {
    const token = await mailedResetToken(t, DEMO.email);
    const session = await signedInSessionFor(t, (await userRow(t, DEMO.email)).id);
    fill();
    const before = await dumpDatabase(t.db);
    const answers = [
      await setPassword(t, 'resetpassword', { token, password: 'New-Password-42', password2: 'New-Password-42' }),
      await setPassword(t, 'register', {
        token: 'x'.repeat(43),
        password: 'New-Password-42',
        password2: 'New-Password-42',
      }),
      await postJson(t.app, '/api/account/reauth', { password: DEMO.password }, { cookie: `gh_session=${session}` }),
    ];
    expect(answers.map((r) => [r.statusCode, r.headers['retry-after'], r.json().reasons])).toEqual(
      Array(3).fill([503, '3', ['service_busy']]),
    );
    expect(await dumpDatabase(t.db)).toEqual(before);
    // The link still works once there is room.
    releaseAll();
    expect(
      (
        await setPassword(t, 'resetpassword', { token, password: 'New-Password-42', password2: 'New-Password-42' })
      ).json(),
    ).toMatchObject({ status: 'ok' });
  });

  it('keep answering the calls that do not hash', async () => {
    fill();
    expect((await t.app.inject('/api/server/info')).statusCode).toBe(200);
    expect((await t.app.inject('/api/user/info')).statusCode).toBe(200);
    expect((await postJson(t.app, '/api/user/forgotpassword', { email: DEMO.email })).statusCode).toBe(200);
  });

  it('still refuse a cross-site login with 403 first', async () => {
    fill();
    const response = await postJson(
      t.app,
      '/api/user/login',
      { username: DEMO.email, password: DEMO.password },
      { origin: 'https://evil.example' },
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('places held by the hashing calls', () => {
  it('are given back by a call that ends without hashing: malformed, throttled or refused', async () => {
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/user/login',
          headers: { 'content-type': 'application/json', origin: ORIGIN },
          payload: '{',
        })
      ).statusCode,
    ).toBe(400);
    expect((await postJson(t.app, '/api/user/login', { username: DEMO.email })).statusCode).toBe(400);
    expect(hasher.load()).toEqual({ running: 0, waiting: 0, held: 0 });
    // A throttled account is refused before hashing (docs/decisions/0101-login-throttling.md).
    for (let i = 0; i < 6; i++) await loginAs(`Wrong-Password-${i}`);
    expect((await loginAs(DEMO.password)).statusCode).toBe(429);
    expect(hasher.load()).toEqual({ running: 0, waiting: 0, held: 0 });
  });

  it('bound the hashes: of simultaneous logins, never more than maxConcurrent run and maxQueued wait; the rest get 503', async () => {
    const peaks = { running: 0, waiting: 0 };
    const verify = hasher.verify.bind(hasher);
    // Each verification, once queued or started, is counted.
    hasher.verify = (stored: string, password: string) => {
      const pending = verify(stored, password);
      const { running, waiting } = hasher.load();
      peaks.running = Math.max(peaks.running, running);
      peaks.waiting = Math.max(peaks.waiting, waiting);
      return pending;
    };
    const answers = await Promise.all(Array.from({ length: 8 }, () => loginAs(DEMO.password)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.every((code) => code === 200 || code === 503)).toBe(true);
    expect(codes.filter((code) => code === 200).length).toBeGreaterThanOrEqual(1);
    for (const refused of answers.filter((r) => r.statusCode === 503))
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(peaks.running).toBeLessThanOrEqual(LIMITS.maxConcurrent);
    expect(peaks.waiting).toBeLessThanOrEqual(LIMITS.maxQueued);
    expect(hasher.load()).toEqual({ running: 0, waiting: 0, held: 0 });
  });
});
