import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/database.ts';
import { MIGRATIONS, migrateToLatest } from '../../db/migrate.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import {
  RP_ID,
  createPasskeyTestApp,
  createUser,
  getOptions,
  passkeySignIn,
  post,
  registerPasskey,
} from '../webauthn/webauthn-test-kit.ts';
import { mailContext, renderMail } from '../../mail/mail-template.ts';
import { wasntYouMail } from '../../mail/templates/wasnt-you.mail.ts';
import type { StoredMail } from '../../mail/dev-mailbox.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { cookies, deviceCookie, latestPin, login, signInWithPin, submitPin } from '../../test/sign-in-steps.ts';
import {
  createTestApp,
  DEMO,
  dumpDatabase,
  ORIGIN,
  postJson,
  sessionCookie,
  testConfig,
  type TestApp,
} from '../../test/test-app.ts';
import { setPassword, userInfo } from '../recovery/recovery-test-kit.ts';
import { nameBrowser, writeTime } from './wasnt-you.service.ts';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const NEW_PASSWORD = 'Fresh-Meadow-42';
const SECURE_LINK = /https?:\/\/[^\s/]+\/signin\/secure-account\?token=([\w-]{43})/;

let t: TestApp;
let userId: string;
beforeEach(async () => {
  t = await createTestApp();
  userId = (await t.accounts.create(DEMO)).id;
});
afterEach(() => t.close());

/** The "Wasn't you?" mails to the account so far, newest first. */
async function wasntYouMails(): Promise<StoredMail[]> {
  await t.app.outbox.idle();
  return (t.app.devMailbox?.list() ?? []).filter((mail) => mail.to === DEMO.email && SECURE_LINK.test(mail.text));
}

/** A completed sign-in (password + PIN) with the mail work after it done. */
async function signIn(values: { device?: string } = {}) {
  const signedIn = await signInWithPin(t, DEMO, values);
  await t.app.outbox.idle();
  return signedIn;
}

/** The PIN of the newest PIN mail (a "Wasn't you?" mail may have come after it). */
const newestPin = () =>
  (t.app.devMailbox?.list() ?? []).map((mail) => mail.text.match(/#([A-Z0-9]{6})$/)?.[1]).find(Boolean) ?? '';
const linkToken = (mail: StoredMail | undefined) => mail?.text.match(SECURE_LINK)?.[1] ?? '';
const check = (token?: string) =>
  t.app.inject({
    method: 'GET',
    url: token === undefined ? '/api/user/secureaccount' : `/api/user/secureaccount?token=${encodeURIComponent(token)}`,
  });
const secure = (token: string, headers: Record<string, string> = {}) =>
  postJson(t.app, '/api/user/secureaccount', { token }, headers);

/** A new device's sign-in after a first one: the link of its mail. */
async function mailedLink(): Promise<{
  token: string;
  first: { session: string; device: string };
  second: { session: string; device: string };
}> {
  const first = await signIn();
  const second = await signIn();
  const token = linkToken((await wasntYouMails())[0]);
  expect(token).toHaveLength(43);
  return { token, first, second };
}

describe('the mail after a sign-in from a new device', () => {
  it('is not sent on the account first sign-in ever, nor again on the same device, but on a device new to the account', async () => {
    const first = await signIn();
    expect(await wasntYouMails()).toHaveLength(0);
    await signIn({ device: first.device });
    expect(await wasntYouMails()).toHaveLength(0);
    const other = await signIn();
    expect(other.device).not.toBe(first.device);
    const mails = await wasntYouMails();
    expect(mails).toHaveLength(1);
    // The account speaks Czech.
    expect(mails[0]?.subject).toBe('Nové přihlášení k vašemu účtu');
    expect(mails[0]?.text).toContain('Pokud jste to byli vy, nemusíte nic dělat.');
    // The new device is known from now on.
    await signIn({ device: other.device });
    expect(await wasntYouMails()).toHaveLength(1);
  });

  it('is sent after a sign-in on a trusted device of the account only when the device is new to it, and names the browser and the time', async () => {
    const first = await signIn();
    await postJson(t.app, '/api/user/newdevice', { device_name: 'Firefox Windows 10' }, cookies(first));
    // Trusted: the password alone signs in, and the device is known.
    expect((await login(t, DEMO, { device: first.device })).json()).toEqual({ status: 'ok' });
    expect(await wasntYouMails()).toHaveLength(0);

    // A browser without a device cookie is a device new to the account.
    const password = await login(t, DEMO);
    const pin = latestPin(t, DEMO.email);
    // The browser that completes the sign-in is the one named.
    const done = await postJson(
      t.app,
      '/api/user/pincode',
      { pin_code: pin },
      { ...cookies({ session: sessionCookie(password)?.value }), 'user-agent': FIREFOX_WINDOWS },
    );
    expect(done.json()).toEqual({ status: 'ok' });
    const [mail] = await wasntYouMails();
    expect(mail?.text).toContain('Firefox Windows 10');
    expect(mail?.text).toContain(writeTime(t.clock.now(), 'cs', t.config.mailTimeZone));
    expect(mail?.text).toMatch(/^Zabezpečit účet:\nhttp:\/\/localhost:8080\/signin\/secure-account\?token=[\w-]{43}$/m);
  });

  it('does not block or lose a sign-in while the mail server is down: the outbox delivers it once the server is back', async () => {
    let sink = await startSmtpSink();
    const port = Number(new URL(sink.url).port);
    const smtp = await createTestApp({ env: { SMTP_URL: sink.url }, deps: { outbox: { runInBackground: false } } });
    try {
      await smtp.accounts.create(DEMO);
      const pinSignIn = async () => {
        const password = await login(smtp, DEMO);
        const pin = (await sink.waitFor(sink.mails.length)).text?.match(/#([A-Z0-9]{6})\s*$/)?.[1] ?? '';
        return submitPin(smtp, pin, { session: sessionCookie(password)?.value });
      };
      expect((await pinSignIn()).json()).toEqual({ status: 'ok' });
      expect((await pinSignIn()).json()).toEqual({ status: 'ok' });
      // The sign-in is done; its mail waits in the outbox while the mail server is down.
      await sink.close();
      await smtp.app.outbox.idle();
      const queued = await smtp.db.selectFrom('outbox').selectAll().execute();
      expect(queued.map((row) => [row.kind, row.attempts])).toEqual([['wasnt_you', 1]]);
      sink = await startSmtpSink({ port });
      smtp.clock.advance(15_000);
      await smtp.app.outbox.idle();
      expect(await smtp.db.selectFrom('outbox').selectAll().execute()).toEqual([]);
      const delivered = sink.mails.filter((mail) => SECURE_LINK.test(mail.text ?? ''));
      expect(delivered.map((mail) => mail.subject)).toEqual(['Nové přihlášení k vašemu účtu']);
    } finally {
      await smtp.close();
      await sink.close();
    }
  });
});

describe('the mail after a passkey sign-in', () => {
  it('is sent when a passkey signs in on a browser new to the account, not on its first sign-in ever', async () => {
    const p = await createPasskeyTestApp();
    try {
      const ana = await createUser(p);
      const passkey = await registerPasskey(p, ana.cookie);
      await p.db.deleteFrom('sessions').execute();
      const signInWithPasskey = async () => {
        const { structure, cookie } = await getOptions(p);
        const answer = await post(
          p,
          '/api/webauthn/get',
          passkey.assert({ challenge: structure.challenge, origin: ORIGIN, rpId: RP_ID }),
          cookie,
        );
        expect(answer.json()).toEqual({ status: 'ok', email: ana.email });
        await p.app.outbox.idle();
      };
      const mails = () => (p.app.devMailbox?.list() ?? []).filter((mail) => SECURE_LINK.test(mail.text));
      await signInWithPasskey();
      expect(mails()).toHaveLength(0);
      await signInWithPasskey();
      expect(mails().map((mail) => mail.subject)).toEqual(['Nové přihlášení k vašemu účtu']);
    } finally {
      await p.close();
    }
  });
});

describe('migration 0009', () => {
  it('counts the devices that remember or trust an account as known: its owner is not told about them after the upgrade', async () => {
    const database = await createTestDatabase();
    const db = createDatabase(testConfig({ DATABASE_URL: database.url }).database);
    try {
      const before = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < '0009'));
      await migrateToLatest(db, { migrations: before });
      const now = Date.UTC(2026, 0, 1);
      const user = {
        email: 'x@example.test',
        first_name: '',
        surname: '',
        language: 'sk',
        password_hash: null,
        email_verified: 1,
        disabled_at: null,
        blocked_at: null,
        created_at: now,
        updated_at: now,
      };
      await db
        .insertInto('users')
        .values([
          { ...user, id: 'u1' },
          { ...user, id: 'u2', email: 'y@example.test' },
        ])
        .execute();
      await db
        .insertInto('devices')
        .values([
          { id: 'd1', token_hash: 'h1', created_at: now, last_seen_at: now },
          { id: 'd2', token_hash: 'h2', created_at: now, last_seen_at: now },
        ])
        .execute();
      await db
        .insertInto('device_accounts')
        .values([{ device_id: 'd1', user_id: 'u1', signed_in_at: now + 1 }])
        .execute();
      await db
        .insertInto('trusted_devices')
        .values([
          {
            device_id: 'd1',
            user_id: 'u1',
            device_name: 'A',
            trusted_at: now,
            pin_checked_at: now,
            recheck_skipped_at: null,
          },
          {
            device_id: 'd2',
            user_id: 'u2',
            device_name: 'B',
            trusted_at: now + 2,
            pin_checked_at: now,
            recheck_skipped_at: null,
          },
        ])
        .execute();
      await migrateToLatest(db);
      const rows = await db.selectFrom('sign_in_devices').selectAll().orderBy('user_id').execute();
      expect(rows).toEqual([
        { user_id: 'u1', device_id: 'd1', first_signed_in_at: now + 1, last_signed_in_at: now + 1, forgotten_at: null },
        { user_id: 'u2', device_id: 'd2', first_signed_in_at: now + 2, last_signed_in_at: now + 2, forgotten_at: null },
      ]);
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});

describe('the mail after a burst of wrong PINs', () => {
  it('goes out exactly once, when the third wrong PIN in a row is entered, and not again for the fourth or the block', async () => {
    await signIn();
    const password = await login(t, DEMO);
    const session = sessionCookie(password)?.value;
    for (let i = 1; i <= 2; i++)
      expect((await submitPin(t, 'AAAAAA', { session })).json()).toEqual({
        status: 'failed',
        reasons: ['wrong_pin_code'],
      });
    expect(await wasntYouMails()).toHaveLength(0);
    expect((await submitPin(t, 'AAAAAA', { session })).json()).toEqual({
      status: 'failed',
      reasons: ['wrong_pin_code'],
    });
    const mails = await wasntYouMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Nesprávné PIN kódy při přihlašování k vašemu účtu');
    expect(mails[0]?.text).toContain('3krát za sebou nesprávný PIN kód');
    expect((await submitPin(t, 'AAAAAA', { session })).json()).toEqual({
      status: 'failed',
      reasons: ['wrong_pin_code'],
    });
    expect((await submitPin(t, 'AAAAAA', { session })).json()).toEqual({ status: 'failed', reasons: ['blocked'] });
    expect(await wasntYouMails()).toHaveLength(1);
  });

  it('starts a new burst after a completed sign-in: the next three wrong PINs mail again', async () => {
    const first = await signIn();
    const wrongThree = async () => {
      const session = sessionCookie(await login(t, DEMO, { device: first.device }))?.value;
      for (let i = 0; i < 3; i++) await submitPin(t, 'AAAAAA', { session });
      return session;
    };
    const session = await wrongThree();
    expect(await wasntYouMails()).toHaveLength(1);
    expect((await submitPin(t, newestPin(), { session, device: first.device })).json()).toEqual({ status: 'ok' });
    await wrongThree();
    expect(await wasntYouMails()).toHaveLength(2);
  });
});

describe('the mail in the account language', () => {
  const context = mailContext('https://signin.example.org');
  const at = Date.UTC(2026, 0, 15, 9, 0);
  const render = (language: string, reason: 'new_device' | 'wrong_pins') =>
    renderMail(wasntYouMail, {
      to: 'eva@example.test',
      language,
      params: {
        firstName: 'Eva',
        email: 'eva@example.test',
        reason,
        time: writeTime(at, language, 'Europe/Bratislava'),
        device: nameBrowser(FIREFOX_WINDOWS, language),
        wrongPins: 3,
        token: 'Xy_-0123456789abcdefghijklmnopqrstuvwxyzABC',
        validDays: 7,
      },
      context,
    });

  it('says what happened, when and on which browser, that nothing needs doing if it was the person, and offers one link', () => {
    const sk = render('sk', 'new_device');
    expect(sk.subject).toBe('Nové prihlásenie do vášho účtu');
    expect(sk.text).toContain(
      'Do vášho účtu eva@example.test sa 15. januára 2026 o 10:00 SEČ prihlásil niekto zo zariadenia, na ktorom sa predtým nepoužíval: Firefox Windows 10.',
    );
    expect(sk.text).toContain('Ak ste to boli vy, nemusíte nič robiť.');
    expect(sk.text).toContain(
      'Zabezpečiť účet:\nhttps://signin.example.org/signin/secure-account?token=Xy_-0123456789abcdefghijklmnopqrstuvwxyzABC',
    );
    expect(sk.text).toContain('Odkaz platí 7 dní');
    expect(sk.html.match(/<a href=/g)).toHaveLength(1);

    const cs = render('cs', 'wrong_pins');
    expect(cs.subject).toBe('Nesprávné PIN kódy při přihlašování k vašemu účtu');
    expect(cs.text).toContain(
      '15. ledna 2026 v 10:00 SEČ někdo zadal správné heslo k vašemu účtu eva@example.test a poté 3krát za sebou nesprávný PIN kód',
    );
    expect(cs.text).toContain('Zabezpečit účet:\nhttps://signin.example.org/signin/secure-account?token=');

    const en = render('en', 'new_device');
    expect(en.subject).toBe('New sign-in to your account');
    expect(en.text).toContain(
      'signed in to on 15 January 2026 at 10:00 CET from a device it had not been used on before: Firefox Windows 10.',
    );
    expect(en.text).toContain('If it was you, nothing needs doing.');
    expect(en.text).toContain('Secure my account:\nhttps://signin.example.org/signin/secure-account?token=');
    expect(render('de', 'new_device').subject).toBe('Nové prihlásenie do vášho účtu');
  });

  it('names a browser it cannot tell by the default name in the account language', () => {
    expect(nameBrowser('', 'sk')).toBe('Neznáme zariadenie');
    expect(nameBrowser('lightMyRequest', 'en')).toBe('Unknown device');
    expect(
      nameBrowser(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
        'cs',
      ),
    ).toBe('Mobil Safari iOS 17.4');
  });
});

describe('GET /api/user/secureaccount', () => {
  it('answers ok for a live link and changes nothing (a mail scanner may open it)', async () => {
    const { token } = await mailedLink();
    const before = await dumpDatabase(t.db);
    expect((await check(token)).json()).toEqual({ status: 'ok' });
    expect((await check(token)).json()).toEqual({ status: 'ok' });
    expect(await dumpDatabase(t.db)).toEqual(before);
  });

  it('answers missing_token without a token and wrong_token for an unknown one, a reset link or an expired link', async () => {
    const { token } = await mailedLink();
    expect((await check()).json()).toEqual({ status: 'failed', reasons: ['missing_token'] });
    expect((await check('')).json()).toEqual({ status: 'failed', reasons: ['missing_token'] });
    expect((await check('A'.repeat(43))).json()).toEqual({ status: 'failed', reasons: ['wrong_token'] });
    t.clock.advance(7 * 86_400_000 - 1);
    expect((await check(token)).json()).toEqual({ status: 'ok' });
    t.clock.advance(1);
    expect((await check(token)).json()).toEqual({ status: 'failed', reasons: ['wrong_token'] });
  });

  it('is not a reset or invitation link: token info refuses it, and the reset call too', async () => {
    const { token } = await mailedLink();
    expect((await t.app.inject({ method: 'GET', url: `/api/token/info?token=${token}` })).json()).toEqual({
      status: 'failed',
      reasons: ['wrong_token'],
    });
    expect(
      (await setPassword(t, 'resetpassword', { token, password: NEW_PASSWORD, password2: NEW_PASSWORD })).json(),
    ).toEqual({
      status: 'failed',
      reasons: ['wrong_token'],
    });
  });
});

describe('POST /api/user/secureaccount', () => {
  it('ends every session, forgets the account on every device, and continues to a reset that can be completed', async () => {
    const { token, first, second } = await mailedLink();
    await postJson(t.app, '/api/user/newdevice', { device_name: 'Home computer' }, cookies(first));
    expect((await login(t, DEMO, { device: first.device })).json()).toEqual({ status: 'ok' });

    const answer = await secure(token);
    expect(answer.statusCode).toBe(200);
    const body = answer.json() as { status: string; resetToken?: string };
    expect(body.status).toBe('ok');
    expect(body.resetToken).toMatch(/^[\w-]{43}$/);

    // Both browsers are guests; no device lists or trusts the account any more.
    expect((await userInfo(t, 'gh_session', first.session)).json().guest).toBe(true);
    expect((await userInfo(t, 'gh_session', second.session)).json().guest).toBe(true);
    expect(await t.db.selectFrom('sessions').where('user_id', '=', userId).selectAll().execute()).toEqual([]);
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/api/device/userlist', headers: cookies({ device: first.device }) })
      ).json().users,
    ).toEqual([]);
    // The trusted device asks for the PIN again.
    expect((await login(t, DEMO, { device: first.device })).json()).toMatchObject({ status: 'requested_pin_code' });

    // The link is used up; the reset it started works, and the new password signs in.
    expect((await secure(token)).json()).toEqual({ status: 'failed', reasons: ['wrong_token'] });
    expect((await check(token)).json()).toEqual({ status: 'failed', reasons: ['wrong_token'] });
    expect((await t.app.inject({ method: 'GET', url: `/api/token/info?token=${body.resetToken}` })).json()).toEqual({
      status: 'ok',
      email: DEMO.email,
    });
    expect(
      (
        await setPassword(t, 'resetpassword', {
          token: body.resetToken ?? '',
          password: NEW_PASSWORD,
          password2: NEW_PASSWORD,
        })
      ).json(),
    ).toEqual({ status: 'ok' });
    expect((await login(t, DEMO)).json()).toMatchObject({ status: 'failed', reasons: ['invalid_credentials'] });
    expect(
      (await login(t, { email: DEMO.email, password: NEW_PASSWORD }, { device: first.device })).json(),
    ).toMatchObject({ status: 'requested_pin_code' });
  });

  it('removes every passkey, so that one an intruder added while signed in signs in no more', async () => {
    const { second: intruder } = await mailedLink();
    const passkey = await registerPasskey(t, `gh_session=${intruder.session}`);
    const signInWithPasskey = () => passkeySignIn(t, passkey);
    expect(await signInWithPasskey()).toEqual({ status: 'ok', email: DEMO.email });

    // The owner follows the newest mail's link (the passkey's sign-in on a new browser sent one too).
    expect((await secure(linkToken((await wasntYouMails())[0]))).json()).toMatchObject({ status: 'ok' });
    expect(await t.db.selectFrom('webauthn_credentials').where('user_id', '=', userId).selectAll().execute()).toEqual(
      [],
    );
    expect(await signInWithPasskey()).toEqual({ status: 'failed', reasons: ['invalid_credentials'] });
    expect(await t.db.selectFrom('sessions').where('user_id', '=', userId).selectAll().execute()).toEqual([]);
  });

  it('makes every device new again: the next sign-in on a device of the account is reported', async () => {
    const { token, first } = await mailedLink();
    await secure(token);
    await signIn({ device: first.device });
    expect(await wasntYouMails()).toHaveLength(2);
  });

  it('ends the session of a signed-in visitor of the account too', async () => {
    const { token, second } = await mailedLink();
    expect((await secure(token, cookies(second))).json().status).toBe('ok');
    expect((await userInfo(t, 'gh_session', second.session)).json().guest).toBe(true);
  });

  it('refuses a missing, unknown or expired link with its reason, changing nothing but the address count', async () => {
    const { token, first } = await mailedLink();
    const withoutThrottle = async () => ({ ...(await dumpDatabase(t.db)), throttle: [] });
    const before = await withoutThrottle();
    expect((await secure('')).json()).toEqual({ status: 'failed', reasons: ['missing_token'] });
    expect((await secure('   ')).json()).toEqual({ status: 'failed', reasons: ['missing_token'] });
    expect((await secure('B'.repeat(43))).json()).toEqual({ status: 'failed', reasons: ['wrong_token'] });
    t.clock.advance(7 * 86_400_000);
    expect((await secure(token)).json()).toEqual({ status: 'failed', reasons: ['wrong_token'] });
    expect(await withoutThrottle()).toEqual(before);
    expect((await userInfo(t, 'gh_session', first.session)).statusCode).toBe(200);
  });

  it('answers 400 missing_parameter without a token in the body', async () => {
    const answer = await postJson(t.app, '/api/user/secureaccount', {});
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ status: 'failed', reasons: ['missing_parameter'] });
  });

  it('answers 429 with Retry-After to an address past 20 refused links in 15 minutes, and still takes a live link from elsewhere', async () => {
    const { token } = await mailedLink();
    const from = (remoteAddress: string, value: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/secureaccount',
        remoteAddress,
        headers: { 'content-type': 'application/json', origin: t.config.publicOrigin },
        payload: JSON.stringify({ token: value }),
      });
    for (let i = 0; i < 20; i++)
      expect((await from('203.0.113.9', 'C'.repeat(43))).json().reasons).toEqual(['wrong_token']);
    const throttled = await from('203.0.113.9', token);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBeDefined();
    expect(throttled.json()).toEqual({ status: 'failed', reasons: ['too_many_requests'] });
    expect((await from('198.51.100.4', token)).json().status).toBe('ok');
  });

  it('is one transaction: a failure after the sessions ended leaves the link live, the sessions and the trust as they were', async () => {
    const { token, first } = await mailedLink();
    await postJson(t.app, '/api/user/newdevice', { device_name: 'Home computer' }, cookies(first));
    const before = await dumpDatabase(t.db);
    // A table the work writes late goes missing: the link is spent and the sessions ended by then.
    await sql`alter table trusted_devices rename to trusted_devices_away`.execute(t.db);
    const failed = await secure(token);
    await sql`alter table trusted_devices_away rename to trusted_devices`.execute(t.db);
    expect(failed.json()).toEqual({ status: 'failed', reasons: ['app_error'] });
    expect(await dumpDatabase(t.db)).toEqual(before);
    expect((await userInfo(t, 'gh_session', first.session)).json().guest).toBe(false);
    expect((await secure(token)).json().status).toBe('ok');
  });

  it('counts a second press of the same link as used: of two presses at once, one secures the account', async () => {
    const { token } = await mailedLink();
    const answers = await Promise.all([secure(token), secure(token)]);
    expect(answers.map((a) => a.json().status).sort()).toEqual(['failed', 'ok']);
  });
});

describe('device cookie', () => {
  it('is what tells a device: the sign-in of a browser without one creates it', async () => {
    const first = await signIn();
    const password = await login(t, DEMO);
    const done = await submitPin(t, latestPin(t, DEMO.email), { session: sessionCookie(password)?.value });
    expect(deviceCookie(done)?.value).toBeDefined();
    expect(deviceCookie(done)?.value).not.toBe(first.device);
  });
});
