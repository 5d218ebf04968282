import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, ORIGIN, postJson, sessionCookie, type TestApp } from '../../test/test-app.ts';
import { cookies, deviceCookie, latestPin, signInWithPin, submitPin } from '../../test/sign-in-steps.ts';
import { hashSessionId } from '../session/session.service.ts';
import {
  RP_ID,
  createPasskeyTestApp,
  createUser,
  getOptions,
  post,
  registerPasskey,
} from '../webauthn/webauthn-test-kit.ts';

// "This is a shared or public computer" (docs/decisions/0116-shared-computer.md).
const MINUTE = 60_000;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  await t.accounts.create(DEMO);
});
afterEach(() => t.close());

const sharedLogin = (values: { session?: string; device?: string } = {}, sharedComputer: unknown = true) =>
  postJson(
    t.app,
    '/api/user/login',
    { username: DEMO.email, password: DEMO.password, sharedComputer },
    cookies(values),
  );

/** Password (with the choice) and the mailed PIN: the signed-in session and the device cookie. */
async function sharedSignIn(values: { device?: string } = {}): Promise<{ session: string; device: string }> {
  const first = await sharedLogin(values);
  if ((first.json() as { status: string }).status === 'ok') {
    return { session: sessionCookie(first)?.value ?? '', device: deviceCookie(first)?.value ?? values.device ?? '' };
  }
  const second = await submitPin(t, latestPin(t, DEMO.email), {
    session: sessionCookie(first)?.value,
    device: values.device,
  });
  expect(second.json()).toEqual({ status: 'ok' });
  return { session: sessionCookie(second)?.value ?? '', device: deviceCookie(second)?.value ?? values.device ?? '' };
}

const guest = async (session: string) =>
  (
    (await t.app.inject({ method: 'GET', url: '/api/user/info', headers: cookies({ session }) })).json() as {
      guest: boolean;
    }
  ).guest;
const userList = async (device: string) =>
  (
    (await t.app.inject({ method: 'GET', url: '/api/device/userlist', headers: cookies({ device }) })).json() as {
      users: unknown[];
    }
  ).users;
const sharedColumn = async (session: string) =>
  (await t.db.selectFrom('sessions').select('shared').where('id_hash', '=', hashSessionId(session)).executeTakeFirst())
    ?.shared;

describe('a sign-in on a shared computer', () => {
  it('signs in with the PIN as usual, but the device does not remember the account', async () => {
    const { session, device } = await sharedSignIn();
    expect(await guest(session)).toBe(false);
    expect(await sharedColumn(session)).toBe(1);
    expect(await userList(device)).toEqual([]);
    // The same browser without the choice: remembered as before.
    const ordinary = await signInWithPin(t, DEMO, { device });
    expect(await sharedColumn(ordinary.session)).toBe(0);
    expect(await userList(device)).toHaveLength(1);
  });

  it('does not take an account off a list it is already on (the choice is about this sign-in)', async () => {
    const { device } = await signInWithPin(t, DEMO);
    await sharedSignIn({ device });
    expect(await userList(device)).toHaveLength(1);
  });

  it("forgets the device's accounts past REMEMBERED_ACCOUNT_DAYS as any sign-in does, also on a device used only as shared since", async () => {
    const { device } = await signInWithPin(t, DEMO);
    await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { origin: ORIGIN, ...cookies({ device }) },
    });
    t.clock.advance(91 * 86_400_000);
    const rows = async () => (await t.db.selectFrom('device_accounts').select('user_id').execute()).length;
    expect(await rows()).toBe(1);
    await sharedSignIn({ device });
    expect(await rows()).toBe(0);
  });

  it('ends after 10 idle minutes, where an ordinary session lives on', async () => {
    const shared = await sharedSignIn();
    const ordinary = await signInWithPin(t, DEMO);
    t.clock.advance(11 * MINUTE);
    expect(await guest(shared.session)).toBe(true);
    expect(await guest(ordinary.session)).toBe(false);
    expect(await sharedColumn(shared.session)).toBeUndefined();
  });

  it('ends an hour after it began, however busy', async () => {
    const shared = await sharedSignIn();
    for (let minutes = 0; minutes < 54; minutes += 9) {
      t.clock.advance(9 * MINUTE);
      expect(await guest(shared.session)).toBe(false);
    }
    t.clock.advance(7 * MINUTE);
    expect(await guest(shared.session)).toBe(true);
  });

  it('trusts no device: newdevice answers invalid_parameter and stores nothing', async () => {
    const { session, device } = await sharedSignIn();
    const answer = await postJson(
      t.app,
      '/api/user/newdevice',
      { device_name: 'Chrome on Windows' },
      cookies({ session, device }),
    );
    expect(answer.json()).toEqual({ status: 'failed', reasons: ['invalid_parameter'] });
    expect(await t.db.selectFrom('trusted_devices').selectAll().execute()).toEqual([]);
  });

  it('is not offered a passkey', async () => {
    const { session } = await sharedSignIn();
    const offer = await t.app.inject({ method: 'GET', url: '/api/webauthn/offer', headers: cookies({ session }) });
    expect(offer.json()).toEqual({ offerWebauthnRegistration: false });
    const ordinary = await signInWithPin(t, DEMO);
    const asked = await t.app.inject({
      method: 'GET',
      url: '/api/webauthn/offer',
      headers: cookies({ session: ordinary.session }),
    });
    expect(asked.json()).toMatchObject({ offerWebauthnRegistration: true });
  });

  it('on a device trusted before, signs in without the PIN but is still shared and not remembered', async () => {
    const trusted = await signInWithPin(t, DEMO);
    await postJson(t.app, '/api/user/newdevice', { device_name: 'Firefox on Linux' }, cookies(trusted));
    await t.db.deleteFrom('device_accounts').execute();
    const first = await sharedLogin({ device: trusted.device });
    expect(first.json()).toEqual({ status: 'ok' });
    const session = sessionCookie(first)?.value ?? '';
    expect(await sharedColumn(session)).toBe(1);
    expect(await userList(trusted.device)).toEqual([]);
  });

  it('refuses a choice that is not true or false (400), and signs nobody in', async () => {
    const answer = await sharedLogin({}, 'yes');
    expect(answer.statusCode).toBe(400);
    expect(sessionCookie(answer)).toBeUndefined();
    expect(t.app.devMailbox?.list()).toHaveLength(0);
  });

  it('stops being shared when the user signs out (the next sign-in chooses again)', async () => {
    const { session } = await sharedSignIn();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { origin: ORIGIN, ...cookies({ session }) },
    });
    expect(out.json()).toEqual({ status: 'ok' });
    expect(await t.db.selectFrom('sessions').select('shared').where('shared', '=', 1).execute()).toEqual([]);
  });
});

describe('a passkey sign-in on a shared computer', () => {
  it('is shared and not remembered when the choice comes with the assertion', async () => {
    const p = await createPasskeyTestApp();
    try {
      const ana = await createUser(p);
      const passkey = await registerPasskey(p, ana.cookie);
      await p.db.deleteFrom('sessions').execute();
      await p.db.deleteFrom('device_accounts').execute();
      const { structure, cookie } = await getOptions(p);
      const body = {
        ...passkey.assert({ challenge: structure.challenge, origin: ORIGIN, rpId: RP_ID }),
        sharedComputer: true,
      };
      const answer = await post(p, '/api/webauthn/get', body, cookie);
      expect(answer.json()).toEqual({ status: 'ok', email: ana.email });
      const sessions = await p.db.selectFrom('sessions').select(['level', 'shared']).execute();
      expect(sessions).toEqual([{ level: 'signed_in', shared: 1 }]);
      expect(await p.db.selectFrom('device_accounts').selectAll().execute()).toEqual([]);
    } finally {
      await p.close();
    }
  });
});
