import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestApp,
  dumpDatabase,
  DEMO,
  postJson,
  sessionCookie,
  snapshot,
  type TestApp,
} from '../../test/test-app.ts';
import {
  forgotPassword,
  mailedResetToken,
  setPassword,
  tokenFromText,
  tokenInfo,
  userRow,
} from './recovery-test-kit.ts';

const PASSWORD = 'Bright-Harbour-31';
const INVITED = 'ivo.kral@example.test';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

/** An invited account and the token of its invitation, mailed by forgot password (as the new-token form does). */
async function invitedWithToken(): Promise<string> {
  await t.accounts.invite({ email: INVITED, firstName: 'Ivo', surname: 'Kráľ', language: 'en' });
  await forgotPassword(t, INVITED);
  const mail = t.app.devMailbox?.latestTo(INVITED);
  expect(mail?.subject).toBe('Finish setting up your account');
  return tokenFromText(mail?.text ?? '', '/signin/accept-invitation');
}

const register = (body: { token: string; password: string; password2: string }) => setPassword(t, 'register', body);
const login = (username: string, password: string) => postJson(t.app, '/api/user/login', { username, password });

describe('POST /api/user/register', () => {
  it('sets the password, verifies the e-mail, consumes the token and signs the user in', async () => {
    const token = await invitedWithToken();
    const response = await register({ token, password: PASSWORD, password2: PASSWORD });
    expect(response.json()).toEqual({ status: 'ok' });
    const row = await userRow(t, INVITED);
    expect(row.email_verified).toBe(1);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);

    const cookie = sessionCookie(response);
    expect(cookie?.value).toMatch(/^[\w-]{43}$/);
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/user/info',
      cookies: { gh_session: cookie?.value ?? '' },
    });
    expect(info.json()).toMatchObject({ guest: false, user: { email: INVITED, firstName: 'Ivo', surname: 'Kráľ' } });

    expect((await tokenInfo(t, token)).json()).toEqual({ status: 'failed', reasons: ['wrong_token'] });
    expect((await register({ token, password: PASSWORD, password2: PASSWORD })).json()).toEqual({
      status: 'failed',
      reasons: ['wrong_token'],
    });
  });

  it('lets the registered user then pair this device with the new session', async () => {
    const token = await invitedWithToken();
    const response = await register({ token, password: PASSWORD, password2: PASSWORD });
    const cookies = Object.fromEntries(response.cookies.map((c) => [c.name, c.value]));
    const paired = await t.app.inject({
      method: 'POST',
      url: '/api/user/newdevice',
      headers: { 'content-type': 'application/json', origin: t.config.publicOrigin },
      cookies,
      payload: { device_name: 'Firefox on Linux' },
    });
    expect(paired.json()).toEqual({ status: 'ok' });
  });

  it('checks the token first, then the password, then its confirmation, changing nothing', async () => {
    const token = await invitedWithToken();
    const before = await snapshot(t.db);
    const cases: [{ token: string; password: string; password2: string }, object][] = [
      [{ token: '', password: PASSWORD, password2: PASSWORD }, { reasons: ['missing_token'] }],
      [{ token: 'D'.repeat(43), password: PASSWORD, password2: PASSWORD }, { reasons: ['wrong_token'] }],
      [{ token, password: '', password2: '' }, { reasons: ['password_required', 'password_verification_required'] }],
      [{ token, password: 'weakpass', password2: 'weakpass' }, { reasons: ['weak_password'] }],
      [
        { token, password: 'Welcome123', password2: 'Welcome123' },
        { reasons: ['weak_password'], detail: 'common_password' },
      ],
      [{ token, password: PASSWORD, password2: '' }, { reasons: ['password_verification_required'] }],
      [{ token, password: PASSWORD, password2: 'Bright-Harbour-32' }, { reasons: ['passwords_do_not_match'] }],
    ];
    for (const [body, expected] of cases) {
      const response = await register(body);
      expect(response.json(), JSON.stringify(body)).toEqual({ status: 'failed', ...expected });
      expect(sessionCookie(response)).toBeUndefined();
    }
    expect(await snapshot(t.db)).toEqual(before);
    expect((await tokenInfo(t, token)).json()).toEqual({ status: 'ok', email: INVITED });
  });

  it('refuses a reset token, and an invitation token on the reset route', async () => {
    await t.accounts.create(DEMO);
    const resetToken = await mailedResetToken(t, DEMO.email);
    expect((await register({ token: resetToken, password: PASSWORD, password2: PASSWORD })).json()).toEqual({
      status: 'failed',
      reasons: ['wrong_token'],
    });
    const invitation = await invitedWithToken();
    expect(
      (await setPassword(t, 'resetpassword', { token: invitation, password: PASSWORD, password2: PASSWORD })).json(),
    ).toEqual({
      status: 'failed',
      reasons: ['wrong_token'],
    });
  });

  it('is one transaction: a failure after the password is written leaves the invitation live and the account without a password', async () => {
    const token = await invitedWithToken();
    const before = await dumpDatabase(t.db);
    await sql`alter table pin_attempts rename to pin_attempts_away`.execute(t.db);
    const failed = await register({ token, password: 'Bright-Harbour-31', password2: 'Bright-Harbour-31' });
    await sql`alter table pin_attempts_away rename to pin_attempts`.execute(t.db);
    expect(failed.json()).toEqual({ status: 'failed', reasons: ['app_error'] });
    expect(failed.cookies).toEqual([]);
    expect(await dumpDatabase(t.db)).toEqual(before);
    expect((await register({ token, password: 'Bright-Harbour-31', password2: 'Bright-Harbour-31' })).json()).toEqual({
      status: 'ok',
    });
  });

  it('refuses an invitation after 72 hours', async () => {
    const token = await invitedWithToken();
    t.clock.advance(72 * 3_600_000);
    expect((await register({ token, password: PASSWORD, password2: PASSWORD })).json()).toEqual({
      status: 'failed',
      reasons: ['wrong_token'],
    });
  });
});

describe('sign-in of invited accounts', () => {
  it('answers invalid_credentials for an invited account that has no password yet, like an unknown e-mail', async () => {
    await t.accounts.invite({ email: INVITED });
    const invited = await login(INVITED, 'Any-Password-1');
    const unknown = await login('nobody@example.test', 'Any-Password-1');
    expect(invited.json()).toEqual({ status: 'failed', reasons: ['invalid_credentials'] });
    expect(invited.json()).toEqual(unknown.json());
  });

  it('answers email_not_verified for a registered account whose e-mail is not verified', async () => {
    await t.accounts.create({ email: 'unverified@example.test', password: 'Fresh-Start-9', verified: false });
    expect((await login('unverified@example.test', 'Fresh-Start-9')).json()).toEqual({
      status: 'failed',
      reasons: ['email_not_verified'],
      email: 'unverified@example.test',
    });
  });
});
