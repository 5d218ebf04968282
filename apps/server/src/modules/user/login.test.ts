import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hash, parseOptions } from '@node-rs/argon2';
import { ARGON2_PARAMS, PasswordHasher } from '../../plugins/password-hasher.ts';
import { createTestApp, DEMO, postJson, sessionCookie, snapshot, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  await t.accounts.create(DEMO);
});
afterEach(() => t.close());

const login = (username: string, password: string, remoteAddress = '203.0.113.7') =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    remoteAddress,
    headers: { 'content-type': 'application/json', origin: 'http://localhost:8080' },
    payload: JSON.stringify({ username, password }),
  });

describe('POST /api/user/login', () => {
  it('accepts the right password in any letter case of the e-mail, asks for the PIN and sets a session cookie', async () => {
    const response = await login('  Ana.Novakova@Example.TEST ', DEMO.password);
    expect(response.statusCode).toBe(200);
    // The account's address as stored, not as typed: the PIN page shows it.
    expect(response.json()).toEqual({ status: 'requested_pin_code', email: DEMO.email });
    expect(sessionCookie(response)?.value).toMatch(/^[\w-]{43}$/);
  });

  it('asks for the username and the password when they are empty', async () => {
    expect((await login('', 'x')).json()).toEqual({ status: 'failed', reasons: ['username_required'] });
    expect((await login('a@b.test', '')).json()).toEqual({ status: 'failed', reasons: ['password_required'] });
    expect((await login('   ', '')).json()).toEqual({
      status: 'failed',
      reasons: ['username_required', 'password_required'],
    });
  });

  it('gives the same answer for an unknown e-mail and a wrong password, with no cookie', async () => {
    const wrong = await login(DEMO.email, 'Wrong-Password-1');
    const unknown = await login('nobody@example.test', 'Wrong-Password-1');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'failed', reasons: ['invalid_credentials'] });
      expect(sessionCookie(response)).toBeUndefined();
    }
    expect(Object.keys(wrong.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
  });

  it('spends the same hashing work on an unknown e-mail as on a wrong password: one argon2id verification at the stored cost', async () => {
    // Work is counted, not timed (a time in a unit test flakes under load): each call must run
    // exactly one verification against a hash made with today's parameters; the timing benchmark
    // (bench/timing.mjs) measures what a client sees.
    const verify = vi.spyOn(PasswordHasher.prototype, 'verify');
    const costOfEachVerification = async (email: string) => {
      verify.mockClear();
      expect((await login(email, 'Wrong-Password-1')).json().reasons).toEqual(['invalid_credentials']);
      return verify.mock.calls.map(([stored]) => parseOptions(stored));
    };
    try {
      const known = await costOfEachVerification(DEMO.email);
      const unknown = await costOfEachVerification('nobody@example.test');
      expect(known).toHaveLength(1);
      expect(known[0]).toMatchObject(ARGON2_PARAMS);
      expect(unknown).toEqual(known);
    } finally {
      verify.mockRestore();
    }
  });

  it('tells a disabled account apart only after the password is right, with its e-mail', async () => {
    await t.accounts.disable(DEMO.email);
    expect((await login(DEMO.email, 'Wrong-Password-1')).json()).toEqual({
      status: 'failed',
      reasons: ['invalid_credentials'],
    });
    const right = await login(DEMO.email, DEMO.password);
    expect(right.json()).toEqual({ status: 'failed', reasons: ['account_disabled'], email: DEMO.email });
    expect(sessionCookie(right)).toBeUndefined();
  });

  it('answers email_not_verified and blocked only after the password is right', async () => {
    await t.accounts.create({ email: 'new@example.test', password: 'Fresh-Start-9', verified: false });
    expect((await login('new@example.test', 'Wrong-Password-1')).json().reasons).toEqual(['invalid_credentials']);
    expect((await login('New@Example.test', 'Fresh-Start-9')).json()).toEqual({
      status: 'failed',
      reasons: ['email_not_verified'],
      email: 'new@example.test',
    });

    await t.db.updateTable('users').set({ blocked_at: t.clock.now() }).where('email', '=', DEMO.email).execute();
    expect((await login(DEMO.email, 'Wrong-Password-1')).json().reasons).toEqual(['invalid_credentials']);
    expect((await login(DEMO.email, DEMO.password)).json()).toEqual({
      status: 'failed',
      reasons: ['blocked'],
      email: DEMO.email,
    });
  });

  it('rehashes a password stored with weaker parameters when the user signs in', async () => {
    const weak = await hash(DEMO.password, { memoryCost: 4096, timeCost: 1, parallelism: 1 });
    await t.db.updateTable('users').set({ password_hash: weak }).where('email', '=', DEMO.email).execute();
    expect((await login(DEMO.email, DEMO.password)).json()).toEqual({
      status: 'requested_pin_code',
      email: DEMO.email,
    });
    const row = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', DEMO.email)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('fails closed with app_error and no session when the database fails', async () => {
    // Renamed rather than dropped: PostgreSQL refuses to drop a table that others reference.
    await t.db.schema.alterTable('sessions').renameTo('sessions_gone').execute();
    const response = await login(DEMO.email, DEMO.password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'failed', reasons: ['app_error'] });
    expect(sessionCookie(response)).toBeUndefined();
  });

  it('refuses a call from another origin or a cross-site fetch with 403 and changes nothing', async () => {
    const before = await snapshot(t.db);
    const foreign = await postJson(
      t.app,
      '/api/user/login',
      { username: DEMO.email, password: DEMO.password },
      { origin: 'https://evil.example' },
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ status: 'failed', reasons: ['invalid_parameter'] });
    const crossSite = await postJson(
      t.app,
      '/api/user/login',
      { username: DEMO.email, password: DEMO.password },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(crossSite.statusCode).toBe(403);
    expect(sessionCookie(foreign) ?? sessionCookie(crossSite)).toBeUndefined();
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe('an over-long password', () => {
  it('is a wrong password without a hash: invalid_credentials, counted towards the lock-out, for a known and an unknown e-mail', async () => {
    const verify = vi.spyOn(PasswordHasher.prototype, 'verify');
    const run = vi.spyOn(PasswordHasher.prototype as unknown as { run: () => unknown }, 'run');
    try {
      for (const email of [DEMO.email, 'nobody@example.test']) {
        const response = await login(email, 'Wrong-Password-1'.repeat(65), '198.51.100.20');
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ status: 'failed', reasons: ['invalid_credentials'] });
        expect(sessionCookie(response)).toBeUndefined();
      }
      expect(verify).toHaveBeenCalledTimes(2);
      expect(run).not.toHaveBeenCalled();
    } finally {
      verify.mockRestore();
      run.mockRestore();
    }
    // Counted: four more failures of any kind and the account waits.
    for (let i = 0; i < 4; i++) await login(DEMO.email, 'x'.repeat(1025));
    expect((await login(DEMO.email, DEMO.password)).statusCode).toBe(429);
  });
});

describe('login throttling', () => {
  it('answers 429 with Retry-After after five failures for an account, then lets the right password in after the wait', async () => {
    for (let i = 0; i < 5; i++) expect((await login(DEMO.email, 'Wrong-Password-1')).statusCode).toBe(200);
    const throttled = await login(DEMO.email, DEMO.password);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBe('30');
    expect(throttled.json()).toEqual({ status: 'failed', reasons: ['too_many_requests'] });
    // Unknown accounts are throttled the same way (no enumeration through the limiter).
    for (let i = 0; i < 5; i++) await login('nobody@example.test', 'Wrong-Password-1', '198.51.100.9');
    expect((await login('nobody@example.test', 'Wrong-Password-1', '198.51.100.9')).statusCode).toBe(429);

    t.clock.advance(30_000);
    expect((await login(DEMO.email, DEMO.password)).json()).toEqual({
      status: 'requested_pin_code',
      email: DEMO.email,
    });
  });

  it('comes to a hard stop after 30 consecutive failures, well under 100', async () => {
    let failures = 0;
    let lastRetryAfterS = 0;
    for (let attempt = 0; attempt < 100; attempt++) {
      const response = await login(DEMO.email, 'Wrong-Password-1');
      if (response.statusCode === 429) {
        lastRetryAfterS = Number(response.headers['retry-after']);
        if (lastRetryAfterS >= 24 * 3600) break;
        t.clock.advance(lastRetryAfterS * 1000);
        continue;
      }
      failures += 1;
    }
    expect(failures).toBe(30);
    expect(lastRetryAfterS).toBe(24 * 3600);
    // The right password does not get through the hard stop either.
    t.clock.advance(23 * 3_600_000);
    expect((await login(DEMO.email, DEMO.password)).statusCode).toBe(429);
  });

  it('throttles one client address that fails across many accounts', async () => {
    for (let i = 0; i < 50; i++) await login(`user${i}@example.test`, 'Wrong-Password-1', '192.0.2.50');
    const fromSameAddress = await login(DEMO.email, DEMO.password, '192.0.2.50');
    expect(fromSameAddress.statusCode).toBe(429);
    expect(Number(fromSameAddress.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(DEMO.email, DEMO.password, '192.0.2.51')).json()).toEqual({
      status: 'requested_pin_code',
      email: DEMO.email,
    });
  });

  it('keeps the counts in the database, shared by every server process', async () => {
    for (let i = 0; i < 5; i++) await login(DEMO.email, 'Wrong-Password-1');
    const other = await (await import('../../app.ts')).buildApp(t.config, { db: t.db, now: t.clock.now });
    const response = await other.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: { username: DEMO.email, password: DEMO.password },
    });
    expect(response.statusCode).toBe(429);
    await other.close();
  });
});

describe('hashing saturation', () => {
  it('answers 503 service_busy with Retry-After past the queue while server info still answers', async () => {
    const busy = await createTestApp({
      deps: { hasherLimits: { maxConcurrent: 1, maxQueued: 1, retryAfterMs: 2_000 } },
    });
    try {
      const attempts = Array.from({ length: 6 }, (_, i) =>
        busy.app.inject({
          method: 'POST',
          url: '/api/user/login',
          remoteAddress: `198.51.100.${i + 20}`,
          headers: { 'content-type': 'application/json' },
          payload: { username: `u${i}@example.test`, password: 'Wrong-Password-1' },
        }),
      );
      const info = busy.app.inject({ method: 'GET', url: '/api/server/info' });
      const [infoResponse, ...responses] = await Promise.all([info, ...attempts]);
      expect(infoResponse?.statusCode).toBe(200);
      const refused = responses.filter((r) => r.statusCode === 503);
      expect(refused.length).toBeGreaterThan(0);
      expect(refused[0]?.json()).toEqual({ status: 'failed', reasons: ['service_busy'] });
      expect(refused[0]?.headers['retry-after']).toBe('2');
      expect(responses.filter((r) => r.statusCode === 200).length).toBeGreaterThan(0);
    } finally {
      await busy.close();
    }
  });
});
