import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REAUTH_WINDOW_MS, SecurityOverviewAnswer, UserInfoAnswer } from '@gatehouse/contract';
import { DEMO, dumpDatabase, ORIGIN, postJson } from '../../test/test-app.ts';
import { cookies, latestPin, login, signInWithPin, submitPin } from '../../test/sign-in-steps.ts';
import {
  BEN,
  RP_ID,
  challengeCookieOf,
  createPasskeyTestApp,
  getOptions,
  post,
  registerPasskey,
  sessionFor,
  withCookie,
  type PasskeyTestApp,
} from '../webauthn/webauthn-test-kit.ts';
import type { SoftwareAuthenticator } from '../webauthn/software-authenticator.ts';
import { ReauthPasskeyOptionsAnswer } from '@gatehouse/contract';
import { SIGN_INS_KEPT } from './sign-in-history.service.ts';
import { PASSKEY_REGISTRATION_WINDOW_MS } from '../webauthn/webauthn.routes.ts';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

let t: PasskeyTestApp;
let anaId: string;
beforeEach(async () => {
  t = await createPasskeyTestApp();
  anaId = (await t.accounts.create(DEMO)).id;
});
afterEach(() => t.close());

/** A browser: its session and device cookies and its user agent. */
interface Browser {
  session: string;
  device: string;
  userAgent: string;
}

/** Password and PIN through the real calls, from a browser with this user agent. */
async function signIn(
  account: { email: string; password: string } = DEMO,
  userAgent = FIREFOX,
  device?: string,
): Promise<Browser> {
  const values = await signInWithPin(t, account, device ? { device } : {}, { 'user-agent': userAgent });
  // A sign-in from a new device queues a "Wasn't you?" mail; it is sent now, so that a test that
  // compares the database before and after a call sees only what the call did.
  await t.app.outbox.idle();
  return { ...values, userAgent };
}

function headers(browser: Browser, extra: Record<string, string> = {}) {
  return { ...cookies(browser), 'user-agent': browser.userAgent, origin: ORIGIN, ...extra };
}

const overview = async (browser: Browser) =>
  SecurityOverviewAnswer.parse(
    (await t.app.inject({ method: 'GET', url: '/api/account/security', headers: headers(browser) })).json(),
  );
const remove = (browser: Browser, url: string) => t.app.inject({ method: 'DELETE', url, headers: headers(browser) });
const send = (browser: Browser, url: string, body: unknown) => postJson(t.app, url, body, headers(browser));
const isGuest = async (browser: Browser) =>
  UserInfoAnswer.parse((await t.app.inject({ method: 'GET', url: '/api/user/info', headers: headers(browser) })).json())
    .guest;

/** Trusts the browser's device through the real call (as the app's "remember this device"). */
async function trust(browser: Browser, name = 'Firefox Linux'): Promise<void> {
  const answer = (await send(browser, '/api/user/newdevice', { device_name: name })).json();
  expect(answer).toEqual({ status: 'ok' });
}

describe('the security overview', () => {
  it("lists the account's passkeys, trusted devices, live sessions and latest sign-ins, marking this session and device", async () => {
    const desk = await signIn();
    await trust(desk);
    t.clock.advance(60_000);
    const phone = await signIn(DEMO, ANDROID);
    await registerPasskey(t, `gh_session=${phone.session}`);
    t.clock.advance(60_000);

    const answer = await overview(desk);
    expect(answer.status).toBe('ok');
    expect(answer.passkeys).toEqual([
      { id: expect.any(String), name: null, synced: false, createdAt: t.clock.now() - 60_000, lastUsedAt: null },
    ]);
    expect(answer.devices).toEqual([
      {
        id: expect.any(String),
        name: 'Firefox Linux',
        trustedAt: t.clock.now() - 120_000,
        lastUsedAt: t.clock.now() - 120_000,
        current: true,
      },
    ]);
    expect(answer.sessions).toEqual([
      {
        id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
        userAgent: FIREFOX,
        signedInAt: t.clock.now() - 120_000,
        lastActiveAt: t.clock.now(),
        current: true,
      },
      {
        id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
        userAgent: ANDROID,
        signedInAt: t.clock.now() - 60_000,
        lastActiveAt: t.clock.now() - 60_000,
        current: false,
      },
    ]);
    expect(answer.signIns).toEqual([
      { at: t.clock.now() - 60_000, method: 'password_pin', userAgent: ANDROID, thisDevice: false },
      { at: t.clock.now() - 120_000, method: 'password_pin', userAgent: FIREFOX, thisDevice: true },
    ]);
    // The session's id is not the cookie's hash: nothing in the answer names a cookie.
    const rows = await t.db.selectFrom('sessions').select(['id_hash', 'public_id']).execute();
    for (const row of rows) expect(JSON.stringify(answer)).not.toContain(row.id_hash);
  });

  it('records sign-ins with the PIN, on a trusted device and by passkey with their methods, and keeps the latest 20', async () => {
    const desk = await signIn();
    await trust(desk);
    t.clock.advance(1_000);
    const again = await login(t, DEMO, { device: desk.device });
    expect(again.json()).toEqual({ status: 'ok' });
    const passkey = await registerPasskey(t, `gh_session=${desk.session}`);
    t.clock.advance(1_000);
    const { structure, cookie } = await getOptions(t);
    const assertion = passkey.assert({ challenge: structure.challenge, origin: ORIGIN, rpId: RP_ID });
    expect((await post(t, '/api/webauthn/get', assertion, cookie)).json()).toMatchObject({ status: 'ok' });
    expect((await overview(desk)).signIns.map((s) => s.method)).toEqual([
      'passkey',
      'password_trusted_device',
      'password_pin',
    ]);

    for (let i = 0; i < SIGN_INS_KEPT + 5; i += 1) {
      t.clock.advance(1_000);
      await login(t, DEMO, { device: desk.device });
    }
    const kept = await t.db
      .selectFrom('sign_in_events')
      .select('at')
      .where('user_id', '=', anaId)
      .orderBy('at', 'desc')
      .execute();
    expect(kept).toHaveLength(SIGN_INS_KEPT);
    expect(kept[0]?.at).toBe(t.clock.now());
  });

  it('records the sign-in that finishing an invitation makes, and none for a password reset; deleting the account deletes them', async () => {
    const { forgotPassword, mailedResetToken, setPassword, tokenFromText } =
      await import('../recovery/recovery-test-kit.ts');
    const invited = 'ivo.kral@example.test';
    await t.accounts.invite({ email: invited, firstName: 'Ivo', surname: 'Kráľ', language: 'sk' });
    await forgotPassword(t, invited);
    const token = tokenFromText(t.app.devMailbox?.latestTo(invited)?.text ?? '', '/signin/accept-invitation');
    const registered = await setPassword(
      t,
      'register',
      { token, password: 'Bright-Harbour-31', password2: 'Bright-Harbour-31' },
      { 'user-agent': ANDROID },
    );
    const session = registered.cookies.find((c) => c.name === 'gh_session')?.value ?? '';
    const ivo = {
      session,
      device: registered.cookies.find((c) => c.name === 'gh_device')?.value ?? '',
      userAgent: ANDROID,
    };
    expect((await overview(ivo)).signIns).toEqual([
      { at: t.clock.now(), method: 'registration', userAgent: ANDROID, thisDevice: true },
    ]);
    // A reset sets the password and signs nobody in: nothing is recorded for it.
    const reset = await mailedResetToken(t, DEMO.email);
    expect(
      (
        await setPassword(t, 'resetpassword', { token: reset, password: 'Other-Horse-88', password2: 'Other-Horse-88' })
      ).json(),
    ).toEqual({ status: 'ok' });
    expect(await t.db.selectFrom('sign_in_events').select('user_id').where('user_id', '=', anaId).execute()).toEqual(
      [],
    );
    await t.accounts.delete(invited);
    expect(await t.db.selectFrom('sign_in_events').selectAll().execute()).toEqual([]);
  });

  it('answers a guest, a half-way (password) session and a disabled account with credentials_required', async () => {
    const guest = { session: '', device: '', userAgent: FIREFOX };
    expect(await overview(guest)).toMatchObject({ status: 'failed', reasons: ['credentials_required'], passkeys: [] });
    const halfWay = await login(t, DEMO);
    const password = {
      session: halfWay.cookies.find((c) => c.name === 'gh_session')?.value ?? '',
      device: '',
      userAgent: FIREFOX,
    };
    expect(await overview(password)).toMatchObject({ status: 'failed', reasons: ['credentials_required'] });
    const desk = await signIn();
    await t.accounts.disable(DEMO.email);
    expect(await overview(desk)).toMatchObject({ status: 'failed', reasons: ['credentials_required'] });
  });
});

describe('passkeys on the security page', () => {
  it('renames a passkey with a trimmed name of 1 to 60 characters, and refuses other names', async () => {
    const desk = await signIn();
    await registerPasskey(t, `gh_session=${desk.session}`);
    const [key] = (await overview(desk)).passkeys;
    expect(
      (await send(desk, '/api/account/passkey/name', { id: key?.id, name: '  Telefón v kuchyni  ' })).json(),
    ).toEqual({ status: 'ok' });
    expect((await overview(desk)).passkeys[0]?.name).toBe('Telefón v kuchyni');
    for (const name of ['', '   ', 'x'.repeat(61), 'tab\tname', 'nul\u0000', '\u202eemaN']) {
      expect((await send(desk, '/api/account/passkey/name', { id: key?.id, name })).json(), name).toEqual({
        status: 'failed',
        reasons: ['invalid_parameter'],
      });
    }
    expect((await send(desk, '/api/account/passkey/name', { id: key?.id, name: '😀'.repeat(60) })).json()).toEqual({
      status: 'ok',
    });
  });

  it('removes a passkey within 5 minutes of the password; its next sign-in answers invalid_credentials', async () => {
    const desk = await signIn();
    const passkey = await registerPasskey(t, `gh_session=${desk.session}`);
    const [key] = (await overview(desk)).passkeys;
    expect((await overview(desk)).reauthRequired).toBe(false);
    expect((await remove(desk, `/api/account/passkey?id=${encodeURIComponent(key?.id ?? '')}`)).json()).toEqual({
      status: 'ok',
    });
    expect((await overview(desk)).passkeys).toEqual([]);
    const { structure, cookie } = await getOptions(t);
    const assertion = passkey.assert({ challenge: structure.challenge, origin: ORIGIN, rpId: RP_ID });
    expect((await post(t, '/api/webauthn/get', assertion, cookie)).json()).toEqual({
      status: 'failed',
      reasons: ['invalid_credentials'],
    });
  });

  it('asks for the password again after 5 minutes; a wrong one is refused, the right one lets the removal through', async () => {
    const desk = await signIn();
    await registerPasskey(t, `gh_session=${desk.session}`);
    const [key] = (await overview(desk)).passkeys;
    const url = `/api/account/passkey?id=${encodeURIComponent(key?.id ?? '')}`;
    t.clock.advance(REAUTH_WINDOW_MS);
    expect((await overview(desk)).reauthRequired).toBe(true);
    const before = await t.db.selectFrom('webauthn_credentials').selectAll().execute();
    expect((await remove(desk, url)).json()).toEqual({ status: 'failed', reasons: ['reauth_required'] });
    expect(await t.db.selectFrom('webauthn_credentials').selectAll().execute()).toEqual(before);

    expect((await send(desk, '/api/account/reauth', { password: 'Wrong-Horse-1' })).json()).toEqual({
      status: 'failed',
      reasons: ['invalid_credentials'],
    });
    expect((await send(desk, '/api/account/reauth', { password: '' })).json()).toEqual({
      status: 'failed',
      reasons: ['password_required'],
    });
    expect((await remove(desk, url)).json()).toEqual({ status: 'failed', reasons: ['reauth_required'] });
    expect((await send(desk, '/api/account/reauth', { password: DEMO.password })).json()).toEqual({ status: 'ok' });
    expect((await overview(desk)).reauthRequired).toBe(false);
    expect((await remove(desk, url)).json()).toEqual({ status: 'ok' });
  });

  it('adds a passkey from the page: refused once the proof is old, allowed again after the password; never on a shared computer', async () => {
    const desk = await signIn();
    expect((await overview(desk)).canAddPasskey).toBe(true);
    const createOptions = async (browser: Browser) =>
      (await t.app.inject({ method: 'GET', url: '/api/webauthn/create', headers: headers(browser) })).json() as {
        status: string;
        reasons?: string[];
      };
    t.clock.advance(PASSKEY_REGISTRATION_WINDOW_MS);
    // The session is still signed in (the overview answers), but too old to add a credential.
    expect((await overview(desk)).status).toBe('ok');
    expect(await createOptions(desk)).toEqual({ status: 'failed', reasons: ['credentials_required'] });
    expect((await send(desk, '/api/account/reauth', { password: DEMO.password })).json()).toEqual({ status: 'ok' });
    expect(await createOptions(desk)).toMatchObject({ status: 'ok', createStructure: expect.any(Object) });
    await registerPasskey(t, `gh_session=${desk.session}`);
    expect((await overview(desk)).passkeys).toHaveLength(1);

    const shared = await sessionFor(t, anaId, 'signed_in');
    await t.db.updateTable('sessions').set({ shared: 1 }).where('user_id', '=', anaId).execute();
    const sharedHeaders = { cookie: shared, origin: ORIGIN };
    const sharedOverview = SecurityOverviewAnswer.parse(
      (await t.app.inject({ method: 'GET', url: '/api/account/security', headers: sharedHeaders })).json(),
    );
    expect(sharedOverview).toMatchObject({ status: 'ok', canAddPasskey: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/webauthn/create', headers: sharedHeaders })).json()).toEqual(
      { status: 'failed', reasons: ['credentials_required'] },
    );
  });

  it('keeps the time of the password through the PIN step: a PIN entered 4 minutes later leaves 1 minute', async () => {
    const first = await login(t, DEMO, {}, { 'user-agent': FIREFOX });
    const passwordSession = first.cookies.find((c) => c.name === 'gh_session')?.value ?? '';
    t.clock.advance(4 * 60_000);
    const pinned = await submitPin(
      t,
      latestPin(t, DEMO.email),
      { session: passwordSession },
      { 'user-agent': FIREFOX },
    );
    expect(pinned.json()).toEqual({ status: 'ok' });
    const desk = {
      session: pinned.cookies.find((c) => c.name === 'gh_session')?.value ?? '',
      device: '',
      userAgent: FIREFOX,
    };
    expect((await overview(desk)).reauthRequired).toBe(false);
    t.clock.advance(60_000);
    expect((await overview(desk)).reauthRequired).toBe(true);
  });

  /** Proves a passkey again through the security page's calls: the answer of the POST. */
  async function reauthWithPasskey(browser: Browser, passkey: SoftwareAuthenticator) {
    const options = await t.app.inject({
      method: 'GET',
      url: '/api/account/reauth/passkey',
      headers: headers(browser),
    });
    const answer = ReauthPasskeyOptionsAnswer.parse(options.json());
    const binding = challengeCookieOf(options);
    if (answer.status !== 'ok' || !answer.getStructure || !binding) throw new Error(`no options: ${options.body}`);
    const assertion = passkey.assert({ challenge: answer.getStructure.challenge, origin: ORIGIN, rpId: RP_ID });
    const send = () =>
      postJson(t.app, '/api/account/reauth/passkey', assertion, {
        ...headers(browser),
        cookie: withCookie(cookies(browser).cookie, binding),
      });
    const first = await send();
    return Object.assign(first, { replay: send });
  }

  it("lets one of the account's own passkeys stand for the password: options allow only its passkeys, the assertion renews the proof", async () => {
    const desk = await signIn();
    const passkey = await registerPasskey(t, `gh_session=${desk.session}`);
    const [key] = (await overview(desk)).passkeys;
    t.clock.advance(REAUTH_WINDOW_MS + 1);
    const options = ReauthPasskeyOptionsAnswer.parse(
      (await t.app.inject({ method: 'GET', url: '/api/account/reauth/passkey', headers: headers(desk) })).json(),
    );
    expect(options.getStructure?.allowCredentials.map((c) => c.id)).toEqual([key?.id]);
    expect(options.getStructure?.userVerification).toBe('required');
    expect((await reauthWithPasskey(desk, passkey)).json()).toEqual({ status: 'ok' });
    expect((await overview(desk)).reauthRequired).toBe(false);
    expect((await remove(desk, `/api/account/passkey?id=${encodeURIComponent(key?.id ?? '')}`)).json()).toEqual({
      status: 'ok',
    });
  });

  it("refuses another account's passkey, a replayed assertion and an account without passkeys, and the proof stays old", async () => {
    await t.accounts.create(BEN);
    const ben = await signIn(BEN, ANDROID);
    const bens = await registerPasskey(t, `gh_session=${ben.session}`);
    const desk = await signIn();
    const anasKey = await registerPasskey(t, `gh_session=${desk.session}`);
    t.clock.advance(REAUTH_WINDOW_MS + 1);
    // Ben's authenticator signs Ana's challenge: a proof, but not of Ana.
    expect((await reauthWithPasskey(desk, bens)).json()).toEqual({
      status: 'failed',
      reasons: ['invalid_credentials'],
    });
    expect(t.causes()).toContain('credential_of_another_user');
    expect((await overview(desk)).reauthRequired).toBe(true);
    // Ana's own, once; the same assertion again is refused (its challenge is spent).
    const own = await reauthWithPasskey(desk, anasKey);
    expect(own.json()).toEqual({ status: 'ok' });
    t.clock.advance(REAUTH_WINDOW_MS + 1);
    expect((await own.replay()).json()).toEqual({ status: 'failed', reasons: ['invalid_credentials'] });
    expect(t.causes().at(-1)).toBe('challenge_not_usable');
    expect((await overview(desk)).reauthRequired).toBe(true);
    // An account with no passkey gets no options.
    await t.db.deleteFrom('webauthn_credentials').where('user_id', '=', anaId).execute();
    const none = await t.app.inject({ method: 'GET', url: '/api/account/reauth/passkey', headers: headers(desk) });
    expect(none.json()).toEqual({ status: 'failed', reasons: ['invalid_parameter'] });
    const guest = { session: '', device: '', userAgent: FIREFOX };
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/account/reauth/passkey', headers: headers(guest) })).json(),
    ).toEqual({ status: 'failed', reasons: ['credentials_required'] });
  });

  it('throttles wrong re-authentication passwords with 429 and Retry-After, without touching the login count', async () => {
    const desk = await signIn();
    for (let i = 0; i < 5; i += 1) {
      expect((await send(desk, '/api/account/reauth', { password: `Wrong-Horse-${i}` })).json()).toEqual({
        status: 'failed',
        reasons: ['invalid_credentials'],
      });
    }
    const throttled = await send(desk, '/api/account/reauth', { password: DEMO.password });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBe('30');
    expect(throttled.json()).toEqual({ status: 'failed', reasons: ['too_many_requests'] });
    // The login has its own count: the account still signs in.
    expect((await login(t, DEMO)).json()).toMatchObject({ status: 'requested_pin_code' });
    t.clock.advance(30_000);
    expect((await send(desk, '/api/account/reauth', { password: DEMO.password })).json()).toEqual({ status: 'ok' });
  });
});

describe('trusted devices and sessions on the security page', () => {
  it('revokes a trusted device: the next password sign-in there asks for the PIN', async () => {
    const desk = await signIn();
    await trust(desk);
    expect((await login(t, DEMO, { device: desk.device })).json()).toEqual({ status: 'ok' });
    const phone = await signIn(DEMO, ANDROID);
    const [device] = (await overview(phone)).devices;
    expect(device?.current).toBe(false);
    expect((await remove(phone, `/api/account/device?id=${device?.id}`)).json()).toEqual({ status: 'ok' });
    expect((await overview(phone)).devices).toEqual([]);
    expect((await login(t, DEMO, { device: desk.device })).json()).toMatchObject({ status: 'requested_pin_code' });
  });

  it('revokes every other device, keeping the trust of this one', async () => {
    const desk = await signIn();
    await trust(desk);
    const laptop = await signIn();
    await trust(laptop, 'Firefox on the laptop');
    expect((await remove(laptop, '/api/account/device/others')).json()).toEqual({ status: 'ok' });
    expect((await overview(laptop)).devices.map((d) => [d.name, d.current])).toEqual([['Firefox on the laptop', true]]);
    expect((await login(t, DEMO, { device: desk.device })).json()).toMatchObject({ status: 'requested_pin_code' });
    expect((await login(t, DEMO, { device: laptop.device })).json()).toEqual({ status: 'ok' });
  });

  it('signs out one other session, or all others: their cookies are guests, this one stays signed in', async () => {
    const desk = await signIn();
    const phone = await signIn(DEMO, ANDROID);
    const tablet = await signIn(DEMO, IPAD);
    const halfWay = await login(t, DEMO);
    const pending = {
      session: halfWay.cookies.find((c) => c.name === 'gh_session')?.value ?? '',
      device: '',
      userAgent: FIREFOX,
    };
    const phoneId = (await overview(desk)).sessions.find((s) => s.userAgent === ANDROID)?.id ?? '';
    const current = (await overview(desk)).sessions.find((s) => s.current)?.id ?? '';
    // This session cannot be ended here (that is signing out).
    expect((await remove(desk, `/api/account/session?id=${current}`)).json()).toEqual({
      status: 'failed',
      reasons: ['invalid_parameter'],
    });
    expect((await remove(desk, `/api/account/session?id=${phoneId}`)).json()).toEqual({ status: 'ok' });
    expect(await isGuest(phone)).toBe(true);
    expect(await isGuest(tablet)).toBe(false);
    expect((await remove(desk, '/api/account/session/others')).json()).toEqual({ status: 'ok' });
    expect(await isGuest(phone)).toBe(true);
    expect(await isGuest(tablet)).toBe(true);
    expect(await isGuest(desk)).toBe(false);
    // The half-way sign-in cannot be finished any more.
    const pin = await postJson(t.app, '/api/user/pincode', { pin_code: 'AAAAAA' }, cookies(pending));
    expect(pin.json()).toEqual({ status: 'failed', reasons: ['credentials_required'] });
    expect((await overview(desk)).sessions).toHaveLength(1);
  });

  it("changes nothing with another account's passkey, device or session ids, answering invalid_parameter", async () => {
    await t.accounts.create(BEN);
    const ben = await signIn(BEN, ANDROID);
    await trust(ben, 'Ben’s phone');
    await registerPasskey(t, `gh_session=${ben.session}`);
    const bens = await overview(ben);
    const desk = await signIn();
    const before = await dumpDatabase(t.db);
    const key = encodeURIComponent(bens.passkeys[0]?.id ?? '');
    const refused = { status: 'failed', reasons: ['invalid_parameter'] };
    expect((await remove(desk, `/api/account/passkey?id=${key}`)).json()).toEqual(refused);
    expect(
      (await send(desk, '/api/account/passkey/name', { id: bens.passkeys[0]?.id, name: 'Mine now' })).json(),
    ).toEqual(refused);
    expect((await remove(desk, `/api/account/device?id=${bens.devices[0]?.id}`)).json()).toEqual(refused);
    expect((await remove(desk, `/api/account/session?id=${bens.sessions[0]?.id}`)).json()).toEqual(refused);
    expect(await dumpDatabase(t.db)).toEqual(before);
    expect(await isGuest(ben)).toBe(false);
    // Ben's rows appear nowhere in Ana's overview.
    const anas = await overview(desk);
    expect(JSON.stringify(anas)).not.toContain(bens.passkeys[0]?.id ?? '?');
    expect(anas.sessions.map((s) => s.id)).not.toContain(bens.sessions[0]?.id);
  });
});

describe('requests the security calls refuse', () => {
  it('refuses guests on every call with credentials_required, changing nothing', async () => {
    const guest = { session: '', device: '', userAgent: FIREFOX };
    const before = await dumpDatabase(t.db);
    const answers = [
      await send(guest, '/api/account/passkey/name', { id: 'x', name: 'y' }),
      await send(guest, '/api/account/reauth', { password: DEMO.password }),
      await remove(guest, '/api/account/passkey?id=x'),
      await remove(guest, '/api/account/device?id=x'),
      await remove(guest, '/api/account/device/others'),
      await remove(guest, '/api/account/session?id=x'),
      await remove(guest, '/api/account/session/others'),
    ];
    for (const answer of answers)
      expect(answer.json()).toEqual({ status: 'failed', reasons: ['credentials_required'] });
    expect(await dumpDatabase(t.db)).toEqual(before);
  });

  it.each([
    ['POST', '/api/account/passkey/name', { id: 'x' }, 'missing_parameter'],
    ['POST', '/api/account/passkey/name', { id: 'x', name: 7 }, 'invalid_parameter'],
    ['POST', '/api/account/passkey/name', { id: 'x', name: 'y', admin: true }, 'invalid_parameter'],
    ['POST', '/api/account/passkey/name', { id: 'x', name: 'y'.repeat(201) }, 'invalid_parameter'],
    ['POST', '/api/account/reauth', {}, 'missing_parameter'],
    ['POST', '/api/account/reauth', ['Correct-Horse-7'], 'invalid_parameter'],
    ['DELETE', '/api/account/passkey', undefined, 'missing_parameter'],
    ['DELETE', '/api/account/device?id=', undefined, 'invalid_parameter'],
    ['DELETE', `/api/account/session?id=${'a'.repeat(65)}`, undefined, 'invalid_parameter'],
  ] as const)('%s %s with %j answers 400 %s and changes nothing', async (method, url, body, reason) => {
    const desk = await signIn();
    const before = await dumpDatabase(t.db);
    const response = await t.app.inject({
      method,
      url,
      headers: { ...headers(desk), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 'failed', reasons: [reason] });
    expect(await dumpDatabase(t.db)).toEqual(before);
  });

  it('refuses a call from another origin or a cross-site fetch with 403 and changes nothing', async () => {
    const desk = await signIn();
    await signIn(DEMO, ANDROID);
    const before = await dumpDatabase(t.db);
    for (const extra of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }] as Record<
      string,
      string
    >[]) {
      expect(
        (await t.app.inject({ method: 'DELETE', url: '/api/account/session/others', headers: headers(desk, extra) }))
          .statusCode,
      ).toBe(403);
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/account/reauth',
            headers: { ...headers(desk, extra), 'content-type': 'application/json' },
            payload: '{"password":"x"}',
          })
        ).statusCode,
      ).toBe(403);
    }
    expect(await dumpDatabase(t.db)).toEqual(before);
  });
});
