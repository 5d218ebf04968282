import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountKey } from '../throttle/throttle.service.ts';
import { createTestApp, DEMO, dumpDatabase, postJson, snapshot, type TestApp } from '../../test/test-app.ts';
import {
  mailedResetToken,
  setPassword,
  signedInSessionFor,
  tokenInfo,
  trustDevice,
  userInfo,
  userRow,
} from './recovery-test-kit.ts';

const NEW_PASSWORD = 'Fresh-Meadow-42';

let t: TestApp;
let userId: string;
beforeEach(async () => {
  t = await createTestApp();
  userId = (await t.accounts.create(DEMO)).id;
});
afterEach(() => t.close());

/** A database dump without the count of a reset's comparisons with the current password. */
const withoutCheckCount = (dump: Record<string, unknown[]>) => ({
  ...dump,
  throttle: dump.throttle?.filter((row) => !String(row).includes('reset-current-password:')),
});
const login = (password: string) => postJson(t.app, '/api/user/login', { username: DEMO.email, password });
const reset = (body: { token: string; password: string; password2: string }) => setPassword(t, 'resetpassword', body);

describe('GET /api/token/info', () => {
  it('answers ok for a live token, missing_token without one and wrong_token for an unknown, used or expired one', async () => {
    const token = await mailedResetToken(t, DEMO.email);
    expect((await tokenInfo(t, token)).json()).toEqual({ status: 'ok', email: DEMO.email });
    expect((await tokenInfo(t)).json()).toEqual({ status: 'failed', reasons: ['missing_token'] });
    expect((await tokenInfo(t, '')).json()).toEqual({ status: 'failed', reasons: ['missing_token'] });
    expect((await tokenInfo(t, 'A'.repeat(43))).json()).toEqual({ status: 'failed', reasons: ['wrong_token'] });
    expect((await tokenInfo(t, 'not a token')).json()).toEqual({ status: 'failed', reasons: ['wrong_token'] });

    t.clock.advance(60 * 60_000);
    expect((await tokenInfo(t, token)).json()).toEqual({ status: 'failed', reasons: ['wrong_token'] });

    const fresh = await mailedResetToken(t, DEMO.email);
    expect((await reset({ token: fresh, password: NEW_PASSWORD, password2: NEW_PASSWORD })).json()).toEqual({
      status: 'ok',
    });
    expect((await tokenInfo(t, fresh)).json()).toEqual({ status: 'failed', reasons: ['wrong_token'] });
  });

  it('answers wrong_token once the account is disabled', async () => {
    const token = await mailedResetToken(t, DEMO.email);
    await t.accounts.disable(DEMO.email);
    expect((await tokenInfo(t, token)).json()).toEqual({ status: 'failed', reasons: ['wrong_token'] });
    expect((await reset({ token, password: NEW_PASSWORD, password2: NEW_PASSWORD })).json()).toEqual({
      status: 'failed',
      reasons: ['wrong_token'],
    });
  });
});

describe('POST /api/user/resetpassword', () => {
  it('checks the token first, then the password, then its confirmation', async () => {
    const token = await mailedResetToken(t, DEMO.email);
    const cases: [{ token: string; password: string; password2: string }, object][] = [
      [{ token: '', password: '', password2: '' }, { reasons: ['missing_token'] }],
      [{ token: ' ', password: 'weak', password2: 'other' }, { reasons: ['missing_token'] }],
      [{ token: 'B'.repeat(43), password: '', password2: '' }, { reasons: ['wrong_token'] }],
      [{ token, password: '', password2: '' }, { reasons: ['password_required', 'password_verification_required'] }],
      [{ token, password: '', password2: 'x' }, { reasons: ['password_required', 'passwords_do_not_match'] }],
      [{ token, password: 'short1A', password2: 'short1A' }, { reasons: ['weak_password'] }],
      [{ token, password: 'alllowercase1', password2: 'alllowercase1' }, { reasons: ['weak_password'] }],
      [
        { token, password: 'NoDigitsHere', password2: '' },
        { reasons: ['weak_password', 'password_verification_required'] },
      ],
      [{ token, password: NEW_PASSWORD, password2: '' }, { reasons: ['password_verification_required'] }],
      [{ token, password: NEW_PASSWORD, password2: `${NEW_PASSWORD}x` }, { reasons: ['passwords_do_not_match'] }],
    ];
    for (const [body, expected] of cases) {
      expect((await reset(body)).json(), JSON.stringify(body)).toEqual({ status: 'failed', ...expected });
    }
  });

  it('refuses a common password that passes the rule with weak_password and the common_password detail', async () => {
    const token = await mailedResetToken(t, DEMO.email);
    for (const common of ['Password1', 'pASSWORD1', 'Qwerty123', 'Abcd1234', 'Ｐａｓｓｗｏｒｄ１']) {
      expect((await reset({ token, password: common, password2: common })).json(), common).toEqual({
        status: 'failed',
        reasons: ['weak_password'],
        detail: 'common_password',
      });
    }
    // Whole-string match only: a common password inside a longer one is fine.
    const longer = 'Password1-and-more';
    expect((await reset({ token, password: longer, password2: longer })).json()).toEqual({ status: 'ok' });
  });

  it("refuses the account's current password (in any Unicode form) with weak_password and the current_password detail, changing nothing", async () => {
    const token = await mailedResetToken(t, DEMO.email);
    const before = await snapshot(t.db);
    const fullWidth = [...DEMO.password]
      .map((c) => (c >= '!' && c <= '~' ? String.fromCodePoint(c.codePointAt(0)! + 0xfee0) : c))
      .join('');
    for (const current of [DEMO.password, fullWidth]) {
      expect((await reset({ token, password: current, password2: current })).json(), current).toEqual({
        status: 'failed',
        reasons: ['weak_password'],
        detail: 'current_password',
      });
    }
    // Nothing changed but the count of comparisons with the current password.
    const after = await snapshot(t.db);
    expect({
      ...after,
      throttle: after.throttle.filter((row) => !row.key.startsWith('reset-current-password:')),
    }).toEqual(before);
    expect((await login(DEMO.password)).json().status).not.toBe('failed');
    // The confirmation is still checked first: a mismatch says so, not that the password is the current one.
    expect((await reset({ token, password: DEMO.password, password2: `${DEMO.password}x` })).json()).toEqual({
      status: 'failed',
      reasons: ['passwords_do_not_match'],
    });
    expect((await reset({ token, password: NEW_PASSWORD, password2: NEW_PASSWORD })).json()).toEqual({ status: 'ok' });
  });

  it('compares with the current password at most three times an hour, so that one link cannot test more guesses, even sent at once', async () => {
    const token = await mailedResetToken(t, DEMO.email);
    const sameAsNow = { token, password: DEMO.password, password2: DEMO.password };
    const answers = (await Promise.all(Array.from({ length: 6 }, () => reset(sameAsNow)))).map((a) => a.json());
    const count = (answer: object) => answers.filter((a) => JSON.stringify(a) === JSON.stringify(answer)).length;
    // Three compared (and refused); the other three went on without the comparison: one set the
    // password (the same one), the link was used up for the other two.
    expect(count({ status: 'failed', reasons: ['weak_password'], detail: 'current_password' })).toBe(3);
    expect(count({ status: 'ok' })).toBe(1);
    expect(count({ status: 'failed', reasons: ['wrong_token'] })).toBe(2);
    // Within the hour, the next link does not compare either.
    const next = await mailedResetToken(t, DEMO.email);
    expect((await reset({ ...sameAsNow, token: next })).json()).toEqual({ status: 'ok' });
    // An hour later, it does again.
    t.clock.advance(60 * 60_000 + 1);
    const later = await mailedResetToken(t, DEMO.email);
    expect((await reset({ ...sameAsNow, token: later })).json()).toEqual({
      status: 'failed',
      reasons: ['weak_password'],
      detail: 'current_password',
    });
  });

  it('changes nothing when it refuses a request: the token stays usable and the old password works', async () => {
    const token = await mailedResetToken(t, DEMO.email);
    const before = await snapshot(t.db);
    const tokensBefore = await t.db.selectFrom('tokens').selectAll().execute();
    await reset({ token, password: NEW_PASSWORD, password2: 'Different-Pass-1' });
    await reset({ token, password: 'Password1', password2: 'Password1' });
    await reset({ token: 'C'.repeat(43), password: NEW_PASSWORD, password2: NEW_PASSWORD });
    expect(await snapshot(t.db)).toEqual(before);
    expect(await t.db.selectFrom('tokens').selectAll().execute()).toEqual(tokensBefore);
    expect((await tokenInfo(t, token)).json()).toEqual({ status: 'ok', email: DEMO.email });
  });

  it('sets the new password (argon2id, NFKC) so that only it signs in, and the token cannot be used again', async () => {
    const token = await mailedResetToken(t, DEMO.email);
    // "ﬁ" (one ligature character) normalises to "fi" under NFKC.
    const ligature = 'Conﬁdent-Otter-8';
    expect((await reset({ token, password: ligature, password2: ligature })).json()).toEqual({ status: 'ok' });
    expect((await userRow(t, DEMO.email)).password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await login(DEMO.password)).json()).toEqual({ status: 'failed', reasons: ['invalid_credentials'] });
    expect((await login('Confident-Otter-8')).json().status).not.toBe('failed');
    expect((await reset({ token, password: NEW_PASSWORD, password2: NEW_PASSWORD })).json()).toEqual({
      status: 'failed',
      reasons: ['wrong_token'],
    });
  });

  it('refuses a token after 60 minutes', async () => {
    const token = await mailedResetToken(t, DEMO.email);
    t.clock.advance(60 * 60_000);
    expect((await reset({ token, password: NEW_PASSWORD, password2: NEW_PASSWORD })).json()).toEqual({
      status: 'failed',
      reasons: ['wrong_token'],
    });
  });

  it('refuses an invitation token', async () => {
    const invited = await t.accounts.invite({ email: 'invited@example.test' });
    await postJson(t.app, '/api/user/forgotpassword', { email: invited.email });
    await t.app.outbox.idle();
    const text = t.app.devMailbox?.latestTo(invited.email)?.text ?? '';
    const token = /accept-invitation\?token=([\w-]{43})/.exec(text)?.[1] ?? '';
    expect((await reset({ token, password: NEW_PASSWORD, password2: NEW_PASSWORD })).json()).toEqual({
      status: 'failed',
      reasons: ['wrong_token'],
    });
  });

  it('lets exactly one of two concurrent requests with the same token through', async () => {
    const token = await mailedResetToken(t, DEMO.email);
    const [a, b] = await Promise.all([
      reset({ token, password: NEW_PASSWORD, password2: NEW_PASSWORD }),
      reset({ token, password: 'Other-Meadow-43', password2: 'Other-Meadow-43' }),
    ]);
    const answers = [a?.json(), b?.json()];
    expect(answers).toContainEqual({ status: 'ok' });
    expect(answers).toContainEqual({ status: 'failed', reasons: ['wrong_token'] });
  });

  it('ends every session of the account: an old session cookie is a guest afterwards', async () => {
    const elsewhere = await signedInSessionFor(t, userId);
    expect((await userInfo(t, 'gh_session', elsewhere)).json().guest).toBe(false);
    const token = await mailedResetToken(t, DEMO.email);
    await reset({ token, password: NEW_PASSWORD, password2: NEW_PASSWORD });
    expect((await userInfo(t, 'gh_session', elsewhere)).json().guest).toBe(true);
    expect(await t.db.selectFrom('sessions').selectAll().where('user_id', '=', userId).execute()).toEqual([]);
  });

  it("revokes the account's trusted devices and leaves other accounts' trust alone", async () => {
    const other = await t.accounts.create({ email: 'other@example.test', password: 'Other-Pass-12' });
    await trustDevice(t, userId, 'Firefox on Linux');
    await trustDevice(t, userId, 'Mobile Safari on iOS 18');
    await trustDevice(t, other.id);
    const token = await mailedResetToken(t, DEMO.email);
    await reset({ token, password: NEW_PASSWORD, password2: NEW_PASSWORD });
    const trusted = await t.db.selectFrom('trusted_devices').select('user_id').execute();
    expect(trusted).toEqual([{ user_id: other.id }]);
  });

  it('unblocks the account, starts its PIN attempts again and clears its login throttle', async () => {
    await t.db.updateTable('users').set({ blocked_at: t.clock.now() }).where('id', '=', userId).execute();
    await t.db.insertInto('pin_attempts').values({ user_id: userId, failures: 5, updated_at: t.clock.now() }).execute();
    for (let i = 0; i < 6; i++) await login('Wrong-Password-1');
    expect((await login(DEMO.password)).statusCode).toBe(429);

    const token = await mailedResetToken(t, DEMO.email);
    expect((await reset({ token, password: NEW_PASSWORD, password2: NEW_PASSWORD })).json()).toEqual({ status: 'ok' });
    expect((await userRow(t, DEMO.email)).blocked_at).toBeNull();
    expect(await t.db.selectFrom('pin_attempts').selectAll().where('user_id', '=', userId).execute()).toEqual([]);
    expect(
      await t.db.selectFrom('throttle').selectAll().where('key', '=', accountKey(DEMO.email.toLowerCase())).execute(),
    ).toEqual([]);
    const answer = await login(NEW_PASSWORD);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().reasons ?? []).not.toContain('blocked');
  });

  it('marks an unverified e-mail verified: the mailed link proved it', async () => {
    await t.accounts.create({ email: 'new@example.test', password: 'Fresh-Start-9', verified: false });
    const token = await mailedResetToken(t, 'new@example.test');
    await reset({ token, password: NEW_PASSWORD, password2: NEW_PASSWORD });
    expect((await userRow(t, 'new@example.test')).email_verified).toBe(1);
  });

  it('is one transaction: a failure after the password is written leaves the token live, the password, sessions and trust as they were', async () => {
    await trustDevice(t, userId);
    const elsewhere = await signedInSessionFor(t, userId);
    const token = await mailedResetToken(t, DEMO.email);
    const before = await dumpDatabase(t.db);
    // The last table the reset writes goes missing: the token is spent and the password written by then.
    await sql`alter table trusted_devices rename to trusted_devices_away`.execute(t.db);
    const failed = await reset({ token, password: NEW_PASSWORD, password2: NEW_PASSWORD });
    await sql`alter table trusted_devices_away rename to trusted_devices`.execute(t.db);
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toEqual({ status: 'failed', reasons: ['app_error'] });
    // Everything as it was but the count of comparisons with the current password, made before the transaction.
    expect(withoutCheckCount(await dumpDatabase(t.db))).toEqual(withoutCheckCount(before));
    expect((await tokenInfo(t, token)).json()).toEqual({ status: 'ok', email: DEMO.email });
    expect((await userInfo(t, 'gh_session', elsewhere)).json().guest).toBe(false);
    expect((await login(DEMO.password)).json().status).not.toBe('failed');
    // The same link then works.
    expect((await reset({ token, password: NEW_PASSWORD, password2: NEW_PASSWORD })).json()).toEqual({ status: 'ok' });
    expect((await login(NEW_PASSWORD)).json().status).not.toBe('failed');
    expect((await userInfo(t, 'gh_session', elsewhere)).json().guest).toBe(true);
  });
});

describe('the used-link cookie a reset sets', () => {
  it('is __Host-gh_link_used with Secure when the public origin is https, and holds the link only as its hash', async () => {
    const origin = 'https://signin.example.org';
    const secure = await createTestApp({ env: { PUBLIC_ORIGIN: origin } });
    try {
      await secure.accounts.create(DEMO);
      const token = await mailedResetToken(secure, DEMO.email);
      const done = await setPassword(
        secure,
        'resetpassword',
        { token, password: NEW_PASSWORD, password2: NEW_PASSWORD },
        { origin },
      );
      expect(done.json()).toEqual({ status: 'ok' });
      const cookie = done.cookies.find((c) => c.name === '__Host-gh_link_used');
      expect(cookie).toMatchObject({ path: '/', httpOnly: true, secure: true, sameSite: 'Lax' });
      expect(cookie?.value).toMatch(/^[0-9a-f]{64}$/);
      expect(String(done.headers['set-cookie'])).not.toContain(token);
    } finally {
      await secure.close();
    }
  });
});
