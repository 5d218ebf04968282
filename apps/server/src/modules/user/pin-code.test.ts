import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PIN_ALPHABET } from '@gatehouse/contract';
import { createTestApp, DEMO, postJson, sessionCookie, type TestApp } from '../../test/test-app.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { cookies, deviceCookie, latestPin, login, signInWithPin, submitPin } from '../../test/sign-in-steps.ts';
import { generatePin, PIN_TTL_MS } from './pin-code.service.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  await t.accounts.create(DEMO);
});
afterEach(() => t.close());

/** Password step: the password-level session id. */
async function passPassword(): Promise<string> {
  const response = await login(t, DEMO);
  expect(response.json()).toEqual({ status: 'requested_pin_code', email: DEMO.email });
  const id = sessionCookie(response)?.value;
  if (!id) throw new Error('no session cookie');
  return id;
}

const attempts = (session?: string) =>
  t.app.inject({ method: 'GET', url: '/api/user/pincode', headers: cookies({ session }) });
const userInfo = (session: string) =>
  t.app.inject({ method: 'GET', url: '/api/user/info', headers: cookies({ session }) });
const failuresInDb = async () =>
  Number((await t.db.selectFrom('pin_attempts').select('failures').executeTakeFirst())?.failures ?? 0);
/** What GET /api/user/pincode answers when no sign-in waits for a PIN. */
const NO_PENDING_SIGN_IN = {
  status: 'failed',
  reasons: ['credentials_required'],
  pin_code_remaining_attempts: 0,
  pin_code_remaining_silent_attempts: 0,
};
/** A PIN that is certainly not the mailed one. */
const wrongPinFor = (pin: string) => (pin === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA');

describe('PIN generation', () => {
  it('draws 6 characters from the unambiguous alphabet, different each time', () => {
    const pins = Array.from({ length: 200 }, generatePin);
    for (const pin of pins) expect(pin).toMatch(new RegExp(`^[${PIN_ALPHABET}]{6}$`));
    expect(new Set(pins).size).toBe(200);
    expect(pins.join('')).not.toMatch(/[01OI]/);
  });
});

describe('the password step', () => {
  it('mails a PIN and moves the session to level password bound to the user, still a guest for user info', async () => {
    const session = await passPassword();
    const row = await t.db.selectFrom('sessions').selectAll().executeTakeFirstOrThrow();
    const user = await t.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ level: 'password', user_id: user.id });
    expect((await userInfo(session)).json().guest).toBe(true);
    const mail = t.app.devMailbox?.latestTo(DEMO.email);
    expect(mail?.subject).toBe('Váš přihlašovací kód');
    expect(mail?.text).toContain('Kód platí 10 minut');
  });

  it('stores the PIN only as a salted hash', async () => {
    await passPassword();
    const pin = latestPin(t, DEMO.email);
    const rows = await t.db.selectFrom('pin_codes').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.salt).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(rows)).not.toContain(pin);
  });
});

describe('GET /api/user/pincode', () => {
  it('answers the remaining and silent attempts to a password-level session', async () => {
    const session = await passPassword();
    expect((await attempts(session)).json()).toEqual({
      status: 'ok',
      pin_code_remaining_attempts: 5,
      pin_code_remaining_silent_attempts: 2,
    });
  });

  it('answers credentials_required to a guest and to a signed-in session', async () => {
    expect((await attempts()).json()).toEqual(NO_PENDING_SIGN_IN);
    const { session } = await signInWithPin(t, DEMO);
    expect((await attempts(session)).json()).toEqual(NO_PENDING_SIGN_IN);
  });
});

describe('POST /api/user/pincode', () => {
  it('signs in with the mailed PIN in any letter case, with a new session id', async () => {
    const session = await passPassword();
    const response = await submitPin(t, ` ${latestPin(t, DEMO.email).toLowerCase()} `, { session });
    expect(response.json()).toEqual({ status: 'ok' });
    const signedIn = sessionCookie(response)?.value;
    expect(signedIn).toBeDefined();
    expect(signedIn).not.toBe(session);
    expect((await userInfo(signedIn ?? '')).json()).toMatchObject({ guest: false, user: { email: DEMO.email } });
    expect((await userInfo(session)).json().guest).toBe(true);
  });

  it('asks for the PIN when it is empty, without spending an attempt', async () => {
    const session = await passPassword();
    expect((await submitPin(t, '  ', { session })).json()).toEqual({
      status: 'failed',
      reasons: ['pin_code_required'],
    });
    expect(await failuresInDb()).toBe(0);
  });

  it('answers wrong_pin_code to a code no PIN could be, without comparing it or spending an attempt', async () => {
    const session = await passPassword();
    const mailed = latestPin(t, DEMO.email);
    // Enter pressed too early, a key pressed twice, a 0 for an O, a space in the middle, other scripts.
    for (const code of [
      mailed.slice(0, 3),
      `${mailed}A`,
      `${mailed.slice(0, 5)}0`,
      `${mailed.slice(0, 3)} ${mailed.slice(3, 5)}`,
      'ÁBČĎÉF',
    ]) {
      expect((await submitPin(t, code, { session })).json(), code).toEqual({
        status: 'failed',
        reasons: ['wrong_pin_code'],
      });
    }
    expect(await failuresInDb()).toBe(0);
    expect((await attempts(session)).json()).toMatchObject({
      pin_code_remaining_attempts: 5,
      pin_code_remaining_silent_attempts: 2,
    });
    // A wrong code that could be a PIN is compared and counted, as before.
    expect((await submitPin(t, wrongPinFor(mailed), { session })).json().reasons).toEqual(['wrong_pin_code']);
    expect(await failuresInDb()).toBe(1);
    expect((await submitPin(t, mailed.toLowerCase(), { session })).json()).toEqual({ status: 'ok' });
  });

  it('answers credentials_required without a password-level session', async () => {
    expect((await submitPin(t, 'ABCDEF', {})).json()).toEqual({ status: 'failed', reasons: ['credentials_required'] });
    expect((await submitPin(t, 'ABCDEF', { session: 'made-up' })).json()).toEqual({
      status: 'failed',
      reasons: ['credentials_required'],
    });
  });

  it('counts wrong PINs in the database: two silent, then visible remaining ones, then the account is blocked', async () => {
    const session = await passPassword();
    const wrong = wrongPinFor(latestPin(t, DEMO.email));
    const seen: unknown[] = [];
    for (let i = 0; i < 4; i++) {
      expect((await submitPin(t, wrong, { session })).json()).toEqual({
        status: 'failed',
        reasons: ['wrong_pin_code'],
      });
      const { pin_code_remaining_attempts, pin_code_remaining_silent_attempts } = (await attempts(session)).json();
      seen.push([pin_code_remaining_attempts, pin_code_remaining_silent_attempts]);
    }
    expect(seen).toEqual([
      [4, 1],
      [3, 0],
      [2, 0],
      [1, 0],
    ]);
    expect(await failuresInDb()).toBe(4);

    const fifth = await submitPin(t, wrong, { session });
    expect(fifth.json()).toEqual({ status: 'failed', reasons: ['blocked'] });
    const user = await t.db.selectFrom('users').select('blocked_at').executeTakeFirstOrThrow();
    expect(user.blocked_at).toBe(t.clock.now());
    // The sign-in under way is over, and the right password now answers blocked.
    expect((await attempts(session)).json().reasons).toEqual(['credentials_required']);
    expect((await login(t, DEMO)).json()).toEqual({ status: 'failed', reasons: ['blocked'], email: DEMO.email });
  });

  it('never lets concurrent wrong guesses exceed the limit', async () => {
    const session = await passPassword();
    const wrong = wrongPinFor(latestPin(t, DEMO.email));
    const answers = await Promise.all(Array.from({ length: 25 }, () => submitPin(t, wrong, { session })));
    const reasons = answers.map((a) => (a.json() as { reasons: string[] }).reasons[0]);
    expect(reasons.filter((r) => r === 'wrong_pin_code')).toHaveLength(4);
    // Every other guess finds the account blocked or its sign-in ended, never a PIN gone missing.
    expect(reasons.filter((r) => r !== 'wrong_pin_code' && r !== 'blocked' && r !== 'credentials_required')).toEqual(
      [],
    );
    expect(await failuresInDb()).toBe(5);
    expect((await t.db.selectFrom('users').select('blocked_at').executeTakeFirstOrThrow()).blocked_at).not.toBeNull();
  });

  it('keeps the count when a new PIN is requested, and a right PIN resets it', async () => {
    let session = await passPassword();
    for (let i = 0; i < 2; i++) await submitPin(t, wrongPinFor(latestPin(t, DEMO.email)), { session });
    session = await passPassword();
    expect((await attempts(session)).json()).toMatchObject({
      pin_code_remaining_attempts: 3,
      pin_code_remaining_silent_attempts: 0,
    });
    expect((await submitPin(t, latestPin(t, DEMO.email), { session })).json()).toEqual({ status: 'ok' });
    expect(await failuresInDb()).toBe(0);
    session = await passPassword();
    expect((await attempts(session)).json()).toMatchObject({
      pin_code_remaining_attempts: 5,
      pin_code_remaining_silent_attempts: 2,
    });
  });

  it('accepts the PIN until 10 minutes have passed, then answers missing_pin_code without spending an attempt', async () => {
    let session = await passPassword();
    t.clock.advance(PIN_TTL_MS - 1_000);
    expect((await submitPin(t, latestPin(t, DEMO.email), { session })).json()).toEqual({ status: 'ok' });

    session = await passPassword();
    t.clock.advance(PIN_TTL_MS);
    expect((await submitPin(t, latestPin(t, DEMO.email), { session })).json()).toEqual({
      status: 'failed',
      reasons: ['missing_pin_code'],
    });
    expect(await failuresInDb()).toBe(0);
  });

  it('is single use: of two submissions of the right PIN at once, one signs in', async () => {
    const session = await passPassword();
    const pin = latestPin(t, DEMO.email);
    const answers = await Promise.all([submitPin(t, pin, { session }), submitPin(t, pin, { session })]);
    const statuses = answers.map((a) => a.json().status).sort();
    expect(statuses).toEqual(['failed', 'ok']);
    const refused = answers.find((a) => a.json().status === 'failed')?.json().reasons[0];
    expect(['missing_pin_code', 'credentials_required']).toContain(refused);
  });

  it('is bound to the session that produced it: another browser cannot use it', async () => {
    const first = await passPassword();
    const firstPin = latestPin(t, DEMO.email);
    const second = await passPassword();
    const secondPin = latestPin(t, DEMO.email);
    expect(secondPin).not.toBe(firstPin);
    expect((await submitPin(t, firstPin, { session: second })).json()).toEqual({
      status: 'failed',
      reasons: ['wrong_pin_code'],
    });
    expect((await submitPin(t, firstPin, { session: first })).json()).toEqual({ status: 'ok' });
  });

  it('ends the sign-in under way when the account is disabled during the PIN step', async () => {
    const session = await passPassword();
    await t.db.updateTable('users').set({ disabled_at: t.clock.now() }).execute();
    expect((await submitPin(t, latestPin(t, DEMO.email), { session })).json()).toEqual({
      status: 'failed',
      reasons: ['credentials_required'],
    });
    expect(await t.db.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
  });
});

describe('PIN mail', () => {
  it('goes over SMTP in the account language, ends with the WebOTP line, and its PIN signs in', async () => {
    const sink = await startSmtpSink();
    const smtp = await createTestApp({ env: { SMTP_URL: sink.url } });
    try {
      await smtp.accounts.create(DEMO);
      const response = await login(smtp, DEMO);
      expect(response.json()).toEqual({ status: 'requested_pin_code', email: DEMO.email });
      const mail = await sink.waitFor(1);
      expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe(DEMO.email);
      expect(mail.from?.text).toBe('"Gatehouse" <no-reply@localhost>');
      expect(mail.subject).toBe('Váš přihlašovací kód');
      expect(mail.text).toContain('Dobrý den Ana,');
      const lastLine = mail.text?.trimEnd().split('\n').at(-1) ?? '';
      expect(lastLine).toMatch(/^@localhost #[A-Z2-9]{6}$/);
      const pin = lastLine.split('#')[1] ?? '';
      expect(mail.html).toContain(pin);
      expect(mail.html).toContain('lang="cs"');
      const answer = await submitPin(smtp, pin, { session: sessionCookie(response)?.value });
      expect(answer.json()).toEqual({ status: 'ok' });
    } finally {
      await smtp.close();
      await sink.close();
    }
  });

  it.each([
    ['refuses it with 5xx', async () => startSmtpSink({ refuse: true })],
    ['is unreachable', async () => ({ url: 'smtp://127.0.0.1:9', close: async () => undefined })],
  ])(
    'answers pin_code_mail_failed when the mail server %s, spends no attempt and leaves nobody signed in',
    async (_why, start) => {
      const sink = await start();
      const smtp = await createTestApp({ env: { SMTP_URL: sink.url } });
      try {
        await smtp.accounts.create(DEMO);
        const response = await login(smtp, DEMO);
        expect(response.json()).toEqual({ status: 'failed', reasons: ['pin_code_mail_failed'] });
        expect(sessionCookie(response)?.value ?? '').toBe('');
        expect(await smtp.db.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
        expect(await smtp.db.selectFrom('pin_codes').selectAll().execute()).toHaveLength(0);
        expect(await smtp.db.selectFrom('pin_attempts').selectAll().execute()).toHaveLength(0);
      } finally {
        await smtp.close();
        await sink.close();
      }
    },
  );
});

describe('logs', () => {
  it('never hold the PIN, right or wrong', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({
      env: { LOG_LEVEL: 'trace' },
      deps: { logStream: { write: (line) => lines.push(line) } },
    });
    try {
      await logged.accounts.create(DEMO);
      const response = await login(logged, DEMO);
      const session = sessionCookie(response)?.value;
      const pin = latestPin(logged, DEMO.email);
      await postJson(logged.app, '/api/user/pincode', { pin_code: wrongPinFor(pin) }, cookies({ session }));
      await postJson(logged.app, '/api/user/pincode', { pin_code: pin.toLowerCase() }, cookies({ session }));
      expect(lines.length).toBeGreaterThan(4);
      const all = lines.join('\n');
      expect(all).not.toContain(pin);
      expect(all.toUpperCase()).not.toContain(pin);
      expect(all).not.toContain(wrongPinFor(pin));
    } finally {
      await logged.close();
    }
  });
});

describe('device cookie on sign-in', () => {
  it('is created when a sign-in completes', async () => {
    const session = await passPassword();
    const response = await submitPin(t, latestPin(t, DEMO.email), { session });
    expect(deviceCookie(response)).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax', maxAge: 400 * 86_400 });
  });
});
