import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, ORIGIN, type TestApp } from '../test/test-app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const PROXY = '10.0.0.2';
const CLIENT = '203.0.113.5';
const OTHER_CLIENT = '203.0.113.6';

/** A POST from the socket address `remoteAddress`, with an X-Forwarded-For header when given. */
function postFrom(app: TestApp, url: string, body: unknown, remoteAddress: string, forwardedFor?: string) {
  return app.app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: {
      'content-type': 'application/json',
      origin: ORIGIN,
      ...(forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }),
    },
    payload: JSON.stringify(body),
  });
}

const forgot = (app: TestApp, remoteAddress: string, forwardedFor?: string) =>
  postFrom(app, '/api/user/forgotpassword', { email: 'someone@example.test' }, remoteAddress, forwardedFor);
const wrongPassword = (app: TestApp, remoteAddress: string, forwardedFor?: string) =>
  postFrom(app, '/api/user/login', { username: DEMO.email, password: 'Wrong-Pass-1' }, remoteAddress, forwardedFor);

/** The throttle keys that name a client or an account (the per-e-mail forgot-password count is left out). */
async function throttleKeys(app: TestApp): Promise<string[]> {
  const keys = (await app.db.selectFrom('throttle').select('key').execute()).map((r) => r.key);
  return keys.filter((key) => !key.startsWith('forgot-email:')).sort();
}

/** Uses up the forgot-password limit of the address (20 in 15 minutes), each request with another forged X-Forwarded-For. */
async function exhaust(app: TestApp, remoteAddress: string, forwardedFor: (i: number) => string | undefined) {
  for (let i = 0; i < 20; i++) expect((await forgot(app, remoteAddress, forwardedFor(i))).statusCode).toBe(200);
}

describe('client addresses behind proxies (TRUST_PROXY)', () => {
  it('is off by default: a forged X-Forwarded-For changes nothing, the socket address is counted', async () => {
    t = await createTestApp();
    await exhaust(t, '198.51.100.7', (i) => `192.0.2.${i}`);
    expect(await throttleKeys(t)).toEqual(['forgot-address:198.51.100.7']);
    const refused = await forgot(t, '198.51.100.7', '192.0.2.200');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: 'failed', reasons: ['too_many_requests'] });
  });

  it('ignores X-Forwarded-For from an address that is not on the list', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '10.0.0.0/8' } });
    await t.accounts.create(DEMO);
    await exhaust(t, '198.51.100.7', (i) => `${PROXY}, 192.0.2.${i}`);
    expect((await forgot(t, '198.51.100.7', CLIENT)).statusCode).toBe(429);
    expect((await wrongPassword(t, '198.51.100.7', CLIENT)).json()).toMatchObject({ reasons: ['invalid_credentials'] });
    expect(await throttleKeys(t)).toEqual([
      `account:${DEMO.email}`,
      'address:198.51.100.7',
      'forgot-address:198.51.100.7',
    ]);
  });

  it('counts the real client behind a trusted proxy, each client apart', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: `${PROXY}, 10.0.1.0/24` } });
    await t.accounts.create(DEMO);
    await exhaust(t, PROXY, () => CLIENT);
    expect((await forgot(t, PROXY, CLIENT)).statusCode).toBe(429);
    // Another patient behind the same load balancer is not refused.
    expect((await forgot(t, PROXY, OTHER_CLIENT)).statusCode).toBe(200);
    // A second trusted proxy (a range) in front of the first is skipped too.
    expect((await forgot(t, '10.0.1.9', `${OTHER_CLIENT}, ${PROXY}`)).statusCode).toBe(200);
    expect((await wrongPassword(t, PROXY, CLIENT)).json()).toMatchObject({ reasons: ['invalid_credentials'] });
    expect(await throttleKeys(t)).toEqual([
      `account:${DEMO.email}`,
      `address:${CLIENT}`,
      `forgot-address:${CLIENT}`,
      `forgot-address:${OTHER_CLIENT}`,
    ]);
  });

  it('lets no client behind a trusted proxy choose its address by sending its own X-Forwarded-For', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: PROXY } });
    // The proxy appends the address it saw: whatever the client wrote comes first and is not believed.
    await exhaust(t, PROXY, (i) => `192.0.2.${i}, ${CLIENT}`);
    expect((await forgot(t, PROXY, `192.0.2.250, ${CLIENT}`)).statusCode).toBe(429);
    expect(await throttleKeys(t)).toEqual([`forgot-address:${CLIENT}`]);
  });

  it('writes the client address in the log line of a request', async () => {
    const lines: string[] = [];
    t = await createTestApp({
      env: { TRUST_PROXY: PROXY, LOG_LEVEL: 'info' },
      deps: { logStream: { write: (line) => void lines.push(line) } },
    });
    await t.app.inject({
      method: 'GET',
      url: '/api/server/info',
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': `192.0.2.1, ${CLIENT}` },
    });
    expect(
      lines.some((line) => (JSON.parse(line) as { req?: { remoteAddress?: string } }).req?.remoteAddress === CLIENT),
    ).toBe(true);
    expect(lines.join('\n')).not.toContain('192.0.2.1');
  });
});
