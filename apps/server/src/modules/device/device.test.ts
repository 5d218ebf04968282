import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, DEMO, ORIGIN, postJson, sessionCookie, type TestApp } from '../../test/test-app.ts';
import { cookies, deviceCookie, latestPin, login, signInWithPin, submitPin } from '../../test/sign-in-steps.ts';
import { hashDeviceToken } from './device.service.ts';
import { PIN_TTL_MS } from '../user/pin-code.service.ts';

const EVA = {
  email: 'eva.mala@example.test',
  password: 'Second-Account-3',
  firstName: 'Eva',
  surname: 'Malá',
  language: 'en',
};
const RECHECK_DAYS = 3;
const DAY_MS = 86_400_000;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ env: { RECHECK_AFTER_DAYS: String(RECHECK_DAYS) } });
  await t.accounts.create(DEMO);
  await t.accounts.create(EVA);
});
afterEach(() => t.close());

const newDevice = (session: string | undefined, device: string | undefined, name = 'Firefox on Linux') =>
  postJson(t.app, '/api/user/newdevice', { device_name: name }, cookies({ session, device }));
const skip = (session: string | undefined, device: string | undefined) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/pincode/skip',
    headers: { origin: ORIGIN, ...cookies({ session, device }) },
  });
const userList = (device?: string) =>
  t.app.inject({ method: 'GET', url: '/api/device/userlist', headers: cookies({ device }) });
const removeUser = (device: string | undefined, userId: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/device/userlist?userId=${encodeURIComponent(userId)}`,
    headers: { origin: ORIGIN, ...cookies({ device }) },
  });
const mailCount = () => t.app.devMailbox?.list().length ?? 0;
const userId = async (email: string) =>
  (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

/** Signs in with PIN and trusts the device: its device cookie. */
async function trustedDevice(): Promise<string> {
  const { session, device } = await signInWithPin(t, DEMO);
  expect((await newDevice(session, device)).json()).toEqual({ status: 'ok' });
  return device;
}

describe('the device cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/, lives 400 days, and only its hash is stored', async () => {
    const { device } = await signInWithPin(t, DEMO);
    expect(device).toMatch(/^[\w-]{43}$/);
    const rows = await t.db.selectFrom('devices').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(hashDeviceToken(device));
    expect(JSON.stringify(rows)).not.toContain(device);
  });

  it('is __Host-gh_device with Secure when the public origin is https', async () => {
    const secure = await createTestApp({ env: { PUBLIC_ORIGIN: 'https://signin.example.org' } });
    try {
      await secure.accounts.create(DEMO);
      const headers = { origin: 'https://signin.example.org' };
      const first = await postJson(
        secure.app,
        '/api/user/login',
        { username: DEMO.email, password: DEMO.password },
        headers,
      );
      const session = sessionCookie(first, '__Host-gh_session')?.value;
      const pin = secure.app.devMailbox?.latestTo(DEMO.email)?.text.match(/#(\w{6})$/)?.[1] ?? '';
      const done = await postJson(
        secure.app,
        '/api/user/pincode',
        { pin_code: pin },
        { ...headers, cookie: `__Host-gh_session=${session}` },
      );
      expect(done.json()).toEqual({ status: 'ok' });
      expect(done.cookies.find((c) => c.name === '__Host-gh_device')).toMatchObject({
        path: '/',
        httpOnly: true,
        secure: true,
        sameSite: 'Lax',
        maxAge: 400 * 86_400,
      });
    } finally {
      await secure.close();
    }
  });

  it('keeps its value at the next sign-in and is not created by the password step alone', async () => {
    const { device } = await signInWithPin(t, DEMO);
    const again = await signInWithPin(t, EVA, { device });
    expect(again.device).toBe(device);
    expect(deviceCookie(await login(t, DEMO))).toBeUndefined();
  });
});

describe('POST /api/user/newdevice', () => {
  it('answers credentials_required to a guest and to a session that has passed only the password', async () => {
    expect((await newDevice(undefined, undefined)).json()).toEqual({
      status: 'failed',
      reasons: ['credentials_required'],
    });
    const session = sessionCookie(await login(t, DEMO))?.value;
    expect((await newDevice(session, undefined)).json()).toEqual({
      status: 'failed',
      reasons: ['credentials_required'],
    });
    expect(await t.db.selectFrom('trusted_devices').selectAll().execute()).toHaveLength(0);
  });

  it('refuses a blank device name, and one with a control or bidi-override character, with invalid_parameter', async () => {
    const { session, device } = await signInWithPin(t, DEMO);
    for (const name of [
      '   ',
      'Chrome\u0000Linux',
      'Firefox\non Linux',
      '\u202exuniL emorhC',
      'Edge \u2066Windows\u2069',
    ]) {
      expect((await newDevice(session, device, name)).json(), JSON.stringify(name)).toEqual({
        status: 'failed',
        reasons: ['invalid_parameter'],
      });
    }
    expect(await t.db.selectFrom('trusted_devices').selectAll().execute()).toEqual([]);
    // Letters of any script and emoji are names like any other.
    expect((await newDevice(session, device, 'Prehliadač Chrome — Linux 🙂')).json()).toEqual({ status: 'ok' });
  });

  it('trusts the device for this account under its name', async () => {
    await trustedDevice();
    expect(await t.db.selectFrom('trusted_devices').select(['user_id', 'device_name']).execute()).toEqual([
      { user_id: await userId(DEMO.email), device_name: 'Firefox on Linux' },
    ]);
  });
});

describe('sign-in on a trusted device', () => {
  it('skips the PIN within the recheck period: ok, signed in, no mail', async () => {
    const device = await trustedDevice();
    t.clock.advance(RECHECK_DAYS * DAY_MS - 60_000);
    const before = mailCount();
    const response = await login(t, DEMO, { device });
    expect(response.json()).toEqual({ status: 'ok' });
    expect(mailCount()).toBe(before);
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/user/info',
      headers: cookies({ session: sessionCookie(response)?.value }),
    });
    expect(info.json().guest).toBe(false);
  });

  it('still asks another account for its PIN on the same device, and this account on another device', async () => {
    const device = await trustedDevice();
    expect((await login(t, EVA, { device })).json()).toEqual({ status: 'requested_pin_code', email: EVA.email });
    expect((await login(t, DEMO)).json()).toEqual({ status: 'requested_pin_code', email: DEMO.email });
  });

  it('after the period asks for a recheck that may be skipped once, then makes it mandatory', async () => {
    const device = await trustedDevice();
    t.clock.advance(RECHECK_DAYS * DAY_MS);

    const before = mailCount();
    const recheck = await login(t, DEMO, { device });
    expect(recheck.json()).toEqual({ status: 'pin_code_recheck_required', email: DEMO.email });
    expect(mailCount()).toBe(before + 1);
    const skipped = await skip(sessionCookie(recheck)?.value, device);
    expect(skipped.json()).toEqual({ status: 'ok' });
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/user/info',
      headers: cookies({ session: sessionCookie(skipped)?.value }),
    });
    expect(info.json().guest).toBe(false);

    const mandatory = await login(t, DEMO, { device });
    expect(mandatory.json()).toEqual({ status: 'pin_code_recheck_mandatory', email: DEMO.email });
    const session = sessionCookie(mandatory)?.value;
    expect((await skip(session, device)).json()).toEqual({ status: 'failed', reasons: ['credentials_required'] });
    expect((await submitPin(t, latestPin(t, DEMO.email), { session, device })).json()).toEqual({ status: 'ok' });

    // The PIN started a new period: no PIN again until it passes.
    t.clock.advance(RECHECK_DAYS * DAY_MS - 60_000);
    expect((await login(t, DEMO, { device })).json()).toEqual({ status: 'ok' });
  });

  it('renews the period when the recheck PIN is entered instead of skipped', async () => {
    const device = await trustedDevice();
    t.clock.advance(RECHECK_DAYS * DAY_MS);
    const recheck = await login(t, DEMO, { device });
    expect(
      (await submitPin(t, latestPin(t, DEMO.email), { session: sessionCookie(recheck)?.value, device })).json(),
    ).toEqual({ status: 'ok' });
    expect((await login(t, DEMO, { device })).json()).toEqual({ status: 'ok' });
  });

  it('refuses a skip once the recheck PIN has expired, and the skip is still there for the next sign-in', async () => {
    const device = await trustedDevice();
    t.clock.advance(RECHECK_DAYS * DAY_MS);
    const recheck = await login(t, DEMO, { device });
    expect(recheck.json()).toEqual({ status: 'pin_code_recheck_required', email: DEMO.email });
    t.clock.advance(PIN_TTL_MS);
    expect((await skip(sessionCookie(recheck)?.value, device)).json()).toEqual({
      status: 'failed',
      reasons: ['credentials_required'],
    });
    expect((await login(t, DEMO, { device })).json()).toEqual({
      status: 'pin_code_recheck_required',
      email: DEMO.email,
    });
  });

  it('refuses a skip to a first-time PIN step and to a guest', async () => {
    const response = await login(t, DEMO);
    expect((await skip(sessionCookie(response)?.value, undefined)).json()).toEqual({
      status: 'failed',
      reasons: ['credentials_required'],
    });
    expect((await skip(undefined, undefined)).json()).toEqual({ status: 'failed', reasons: ['credentials_required'] });
  });
});

describe('remembered accounts', () => {
  it('are empty without a device cookie or with an unknown one', async () => {
    await signInWithPin(t, DEMO);
    expect((await userList()).json()).toEqual({ status: 'ok', users: [] });
    expect((await userList('unknown-device-token')).json()).toEqual({ status: 'ok', users: [] });
  });

  it('list the accounts that completed a sign-in on this device, most recent first, and only those', async () => {
    const { device } = await signInWithPin(t, DEMO);
    t.clock.advance(60_000);
    await signInWithPin(t, EVA, { device });
    const other = await signInWithPin(t, EVA);
    // The password alone does not add an account.
    await login(t, DEMO, { device: other.device });

    expect((await userList(device)).json()).toEqual({
      status: 'ok',
      users: [
        { userId: await userId(EVA.email), email: EVA.email, firstName: 'Eva', surname: 'Malá', loginName: EVA.email },
        {
          userId: await userId(DEMO.email),
          email: DEMO.email,
          firstName: 'Ana',
          surname: 'Nováková',
          loginName: DEMO.email,
        },
      ],
    });
    expect((await userList(other.device)).json().users.map((u: { email: string }) => u.email)).toEqual([EVA.email]);
  });

  it('move an account to the top when it signs in again', async () => {
    const { device } = await signInWithPin(t, DEMO);
    t.clock.advance(60_000);
    await signInWithPin(t, EVA, { device });
    t.clock.advance(60_000);
    await signInWithPin(t, DEMO, { device });
    expect((await userList(device)).json().users.map((u: { email: string }) => u.email)).toEqual([
      DEMO.email,
      EVA.email,
    ]);
  });

  it('forget an account that has not signed in on the device for REMEMBERED_ACCOUNT_DAYS (90 by default); a sign-in keeps it', async () => {
    const { device } = await signInWithPin(t, DEMO);
    await signInWithPin(t, EVA, { device });
    t.clock.advance(89 * DAY_MS);
    // Eva signs in again there; Demo does not.
    await signInWithPin(t, EVA, { device });
    expect((await userList(device)).json().users.map((u: { email: string }) => u.email)).toEqual([
      EVA.email,
      DEMO.email,
    ]);
    t.clock.advance(DAY_MS - 1);
    expect((await userList(device)).json().users.map((u: { email: string }) => u.email)).toEqual([
      EVA.email,
      DEMO.email,
    ]);
    t.clock.advance(1);
    const rowsOf = async () =>
      (await t.db.selectFrom('device_accounts').select('user_id').execute()).map((r) => r.user_id);
    const before = await rowsOf();
    expect((await userList(device)).json().users.map((u: { email: string }) => u.email)).toEqual([EVA.email]);
    // Reading the list writes nothing; the device's next sign-in forgets the old entry.
    expect(await rowsOf()).toEqual(before);
    await signInWithPin(t, EVA, { device });
    expect(await rowsOf()).toEqual([await userId(EVA.email)]);
    // Signing in again brings the account back.
    await signInWithPin(t, DEMO, { device });
    expect((await userList(device)).json().users.map((u: { email: string }) => u.email)).toEqual([
      DEMO.email,
      EVA.email,
    ]);
  });

  it('keep an account for the days REMEMBERED_ACCOUNT_DAYS says', async () => {
    const short = await createTestApp({ env: { REMEMBERED_ACCOUNT_DAYS: '7' } });
    try {
      await short.accounts.create(DEMO);
      const { device } = await signInWithPin(short, DEMO);
      const list = () => short.app.inject({ method: 'GET', url: '/api/device/userlist', headers: cookies({ device }) });
      short.clock.advance(7 * DAY_MS - 1);
      expect((await list()).json().users).toHaveLength(1);
      short.clock.advance(1);
      expect((await list()).json()).toEqual({ status: 'ok', users: [] });
    } finally {
      await short.close();
    }
  });

  it('drop one account on DELETE, answer the updated list, and end its trust on this device', async () => {
    const device = await trustedDevice();
    await signInWithPin(t, EVA, { device });
    const removed = await removeUser(device, await userId(DEMO.email));
    expect(removed.statusCode).toBe(200);
    expect(removed.json().users.map((u: { email: string }) => u.email)).toEqual([EVA.email]);
    expect((await userList(device)).json().users).toHaveLength(1);
    expect((await login(t, DEMO, { device })).json()).toEqual({ status: 'requested_pin_code', email: DEMO.email });
  });

  it('drop an account and its trust together or not at all: a trust that cannot be removed keeps the account listed', async () => {
    const device = await trustedDevice();
    // The trusts' table is out of reach (renamed), so removing the trust fails after the account's row was deleted.
    await sql`alter table trusted_devices rename to trusted_devices_away`.execute(t.db);
    try {
      const removed = await removeUser(device, await userId(DEMO.email));
      expect(removed.json()).toMatchObject({ status: 'failed', reasons: ['app_error'] });
    } finally {
      await sql`alter table trusted_devices_away rename to trusted_devices`.execute(t.db);
    }
    expect((await userList(device)).json().users.map((u: { email: string }) => u.email)).toEqual([DEMO.email]);
    // Still trusted here: the next sign-in asks no PIN.
    expect((await login(t, DEMO, { device })).json()).toMatchObject({ status: 'ok' });
  });

  it('forget every account of this device and their trust here on DELETE /all; other devices keep theirs', async () => {
    const device = await trustedDevice();
    await signInWithPin(t, EVA, { device });
    const elsewhere = await signInWithPin(t, DEMO);
    expect((await newDevice(elsewhere.session, elsewhere.device)).json()).toEqual({ status: 'ok' });
    const forgetAll = (cookie?: string, origin = ORIGIN) =>
      t.app.inject({
        method: 'DELETE',
        url: '/api/device/userlist/all',
        headers: { origin, ...cookies({ device: cookie }) },
      });

    // A cross-site request changes nothing.
    expect((await forgetAll(device, 'https://evil.example')).statusCode).toBe(403);
    expect((await userList(device)).json().users).toHaveLength(2);

    const forgotten = await forgetAll(device);
    expect(forgotten.statusCode).toBe(200);
    expect(forgotten.json()).toEqual({ status: 'ok', users: [] });
    expect((await userList(device)).json()).toEqual({ status: 'ok', users: [] });
    expect((await login(t, DEMO, { device })).json()).toEqual({ status: 'requested_pin_code', email: DEMO.email });
    expect((await userList(elsewhere.device)).json().users.map((u: { email: string }) => u.email)).toEqual([
      DEMO.email,
    ]);
    expect((await login(t, DEMO, { device: elsewhere.device })).json()).toEqual({ status: 'ok' });
    // Without a device cookie there is nothing to forget.
    expect((await forgetAll()).json()).toEqual({ status: 'ok', users: [] });
  });

  it('refuse a DELETE without userId with 400 missing_parameter', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/device/userlist', headers: { origin: ORIGIN } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 'failed', reasons: ['missing_parameter'] });
  });
});
