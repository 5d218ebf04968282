import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, dumpDatabase, ORIGIN, postJson, sessionCookie, type TestApp } from '../test/test-app.ts';
import { cookies, login } from '../test/sign-in-steps.ts';
import { charsetOf } from './body-encoding.plugin.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  await t.accounts.create(DEMO);
});
afterEach(() => t.close());

const body = JSON.stringify({ username: DEMO.email, password: DEMO.password });

function loginWith(headers: Record<string, string>, payload: string | Buffer = body) {
  return t.app.inject({ method: 'POST', url: '/api/user/login', headers: { origin: ORIGIN, ...headers }, payload });
}

describe('JSON bodies are UTF-8 and not encoded: anything else is 415 before the body is read', () => {
  const refused: Array<[string, Record<string, string>]> = [
    ['charset=iso-8859-1', { 'content-type': 'application/json; charset=iso-8859-1' }],
    ['charset=bogus', { 'content-type': 'application/json; charset=bogus' }],
    ['charset=utf-16', { 'content-type': 'application/json; charset=utf-16' }],
    ['charset=us-ascii', { 'content-type': 'application/json;charset=us-ascii' }],
    ['an empty charset', { 'content-type': 'application/json; charset=' }],
    ['two charsets', { 'content-type': 'application/json; charset=utf-8; charset=latin1' }],
    ['a parameter without a value', { 'content-type': 'application/json; charset' }],
    ['Content-Encoding: gzip on a plain body', { 'content-type': 'application/json', 'content-encoding': 'gzip' }],
    ['Content-Encoding: bogus', { 'content-type': 'application/json', 'content-encoding': 'bogus' }],
    ['Content-Encoding: br', { 'content-type': 'application/json', 'content-encoding': 'br' }],
    ['Content-Encoding: deflate', { 'content-type': 'application/json', 'content-encoding': 'deflate' }],
    ['Content-Encoding: identity, gzip', { 'content-type': 'application/json', 'content-encoding': 'identity, gzip' }],
    ['an empty Content-Encoding', { 'content-type': 'application/json', 'content-encoding': '' }],
  ];

  for (const [what, headers] of refused) {
    it(`refuses a login with ${what}: no PIN asked, no session, no throttle count, no mail`, async () => {
      const before = await dumpDatabase(t.db);
      const response = await loginWith(headers);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ status: 'failed', reasons: ['invalid_parameter'] });
      expect(sessionCookie(response)).toBeUndefined();
      expect(await dumpDatabase(t.db)).toEqual(before);
      expect(t.app.devMailbox?.list()).toEqual([]);
    });
  }

  it('refuses a wrong password sent as latin1 without counting a failure', async () => {
    const before = await dumpDatabase(t.db);
    for (let i = 0; i < 10; i++) {
      const response = await loginWith(
        { 'content-type': 'application/json; charset=iso-8859-1' },
        JSON.stringify({ username: DEMO.email, password: 'Wrong-Pass-1' }),
      );
      expect(response.statusCode).toBe(415);
    }
    expect(await dumpDatabase(t.db)).toEqual(before);
    // The account is not throttled: the right password still asks for the PIN at once.
    expect(
      (await postJson(t.app, '/api/user/login', { username: DEMO.email, password: DEMO.password })).json(),
    ).toMatchObject({ status: 'requested_pin_code' });
  });

  it('spends no PIN attempt on a PIN sent with another charset or an encoding', async () => {
    const first = await login(t, DEMO);
    const session = sessionCookie(first)?.value;
    expect(first.json()).toMatchObject({ status: 'requested_pin_code' });
    const attempts = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/user/pincode', headers: cookies({ session }) })).json();
    const remaining = await attempts();
    const before = await dumpDatabase(t.db);
    for (const headers of [
      { 'content-type': 'application/json; charset=windows-1250' },
      { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/pincode',
        headers: { origin: ORIGIN, ...cookies({ session }), ...headers },
        payload: JSON.stringify({ pin_code: 'AAAAAA' }),
      });
      expect(response.statusCode).toBe(415);
    }
    expect(await dumpDatabase(t.db)).toEqual(before);
    expect(await attempts()).toEqual(remaining);
  });

  it('refuses a forgot-password request with another charset and sends no mail', async () => {
    const before = await dumpDatabase(t.db);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/forgotpassword',
      headers: { origin: ORIGIN, 'content-type': 'application/json; charset=latin1' },
      payload: JSON.stringify({ email: DEMO.email }),
    });
    expect(response.statusCode).toBe(415);
    await t.app.outbox.idle();
    expect(await dumpDatabase(t.db)).toEqual(before);
    expect(t.app.devMailbox?.list()).toEqual([]);
  });

  it.each([
    ['no charset', 'application/json'],
    ['charset=utf-8', 'application/json; charset=utf-8'],
    ['charset=UTF-8, quoted', 'application/json; charset="UTF-8"'],
    ['charset=utf8', 'application/json;charset=utf8'],
    ['another parameter beside the charset', 'application/json; foo=bar; charset=utf-8'],
  ])('accepts %s', async (_what, contentType) => {
    expect((await loginWith({ 'content-type': contentType })).json()).toMatchObject({ status: 'requested_pin_code' });
  });

  it('accepts Content-Encoding: identity', async () => {
    expect(
      (await loginWith({ 'content-type': 'application/json', 'content-encoding': 'Identity' })).json(),
    ).toMatchObject({ status: 'requested_pin_code' });
  });

  it('reads the charset parameter as RFC 9110 writes it', () => {
    expect(charsetOf('application/json')).toBeUndefined();
    expect(charsetOf('application/json; Charset="utf-8"')).toBe('utf-8');
    expect(charsetOf('application/json; charset=a; charset=b')).toBeNull();
  });
});
