// The helpdesk's commands for what an account signs in with, against the app on one shared
// database: what they list is what the app made (sign-ins, trusted devices, a real passkey), and
// what they revoke stops working in the app at once. A mistaken command changes nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runAdmin } from './admin.ts';
import { createTestApp, DEMO, postJson, type TestApp } from '../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { cookies, login, signInWithPin } from '../test/sign-in-steps.ts';
import { passkeySignIn, registerPasskey } from '../modules/webauthn/webauthn-test-kit.ts';

const EVA = {
  email: 'eva.mala@example.test',
  password: 'Second-Account-3',
  firstName: 'Eva',
  surname: 'Malá',
  language: 'en',
};
// The test clock's start (test-app.ts), as the commands print it.
const STARTED = '2026-01-15 09:00 UTC';

let dir: string;
let database: TestDatabase;
let t: TestApp;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-security-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
beforeEach(async () => {
  database = await createTestDatabase(path.join(dir, `${Date.now()}-${Math.random().toString(36).slice(2)}.sqlite`));
  t = await createTestApp({ env: { DATABASE_URL: database.url } });
  await t.accounts.create(DEMO);
  await t.accounts.create(EVA);
});
afterEach(async () => {
  await t.close();
  await database.drop();
});

async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(
    argv,
    (l) => out.push(l),
    (l) => err.push(l),
    { ...process.env, DATABASE_URL: database.url },
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const trustDevice = (session: string, device: string, name: string) =>
  postJson(t.app, '/api/user/newdevice', { device_name: name }, cookies({ session, device }));
const signedIn = async (session: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/user/info', headers: cookies({ session }) })).json().guest === false;

/** Signs in with password and PIN on a new device and trusts it under `name`: the device and session cookies. */
async function trustedDevice(account: typeof DEMO, name: string) {
  const { session, device } = await signInWithPin(t, account);
  expect((await trustDevice(session, device, name)).json()).toEqual({ status: 'ok' });
  return { session, device };
}

/** The rows a mistaken command must leave as they are. */
async function everything() {
  return {
    sessions: await t.db.selectFrom('sessions').select(['user_id', 'level']).orderBy('id_hash').execute(),
    trusted: await t.db.selectFrom('trusted_devices').selectAll().orderBy('device_id').execute(),
    passkeys: await t.db.selectFrom('webauthn_credentials').select(['id', 'user_id']).orderBy('id').execute(),
  };
}

describe('user passkeys list|remove', () => {
  it('lists the passkey the app registered, and a removed one no longer signs in while the other account keeps its own', async () => {
    const { session } = await signInWithPin(t, DEMO);
    const passkey = await registerPasskey(t, `gh_session=${session}`);
    const eva = await signInWithPin(t, EVA);
    const evasPasskey = await registerPasskey(t, `gh_session=${eva.session}`);
    expect(await passkeySignIn(t, passkey)).toEqual({ status: 'ok', email: DEMO.email });

    const listed = await admin('user', 'passkeys', 'list', '--email', DEMO.email.toUpperCase());
    expect(listed.code).toBe(0);
    const [header, row, ...rest] = listed.out.split('\n');
    expect(header).toMatch(/^ID\s+KIND\s+CREATED\s+LAST USED\s+NAME$/);
    expect(rest).toEqual([]);
    const id = row?.split(/\s+/)[0] ?? '';
    expect(id).toBe(passkey.id);
    expect(row).toContain(`one device  ${STARTED}  ${STARTED}  -`);
    // The name the person gives it on the security page is what the helpdesk reads.
    const renamed = await postJson(
      t.app,
      '/api/account/passkey/name',
      { id, name: 'Telefón Jany' },
      { cookie: `gh_session=${session}` },
    );
    expect(renamed.json()).toMatchObject({ status: 'ok' });
    expect((await admin('user', 'passkeys', 'list', '--email', DEMO.email)).out.split('\n')[1]).toMatch(
      / {2}Telefón Jany$/,
    );

    const removed = await admin('user', 'passkeys', 'remove', '--email', DEMO.email, '--id', id.slice(0, 10));
    expect(removed).toEqual({ code: 0, out: `Removed the passkey ${id} of ${DEMO.email}.`, err: '' });
    expect(await passkeySignIn(t, passkey)).toMatchObject({ status: 'failed', reasons: ['invalid_credentials'] });
    expect((await admin('user', 'passkeys', 'list', '--email', DEMO.email)).out).toBe('No passkeys.');
    expect(await passkeySignIn(t, evasPasskey)).toEqual({ status: 'ok', email: EVA.email });
  });

  it("refuses an unknown e-mail, an id of another account's passkey, and a prefix too short, and changes nothing", async () => {
    const { session } = await signInWithPin(t, DEMO);
    const passkey = await registerPasskey(t, `gh_session=${session}`);
    const eva = await signInWithPin(t, EVA);
    const evasPasskey = await registerPasskey(t, `gh_session=${eva.session}`);
    const before = await everything();

    expect(await admin('user', 'passkeys', 'list', '--email', 'ghost@example.test')).toEqual({
      code: 1,
      out: '',
      err: 'Error: No account has the e-mail ghost@example.test',
    });
    expect(await admin('user', 'passkeys', 'remove', '--email', DEMO.email, '--id', evasPasskey.id)).toEqual({
      code: 1,
      out: '',
      err: `Error: ${DEMO.email} has no passkey with the id ${evasPasskey.id}`,
    });
    expect((await admin('user', 'passkeys', 'remove', '--email', DEMO.email, '--id', passkey.id.slice(0, 5))).err).toBe(
      "Error: Give at least 8 characters of the passkey's id",
    );
    expect((await admin('user', 'passkeys', 'remove', '--email', DEMO.email)).code).toBe(2);
    expect(await everything()).toEqual(before);
    expect(await passkeySignIn(t, passkey)).toEqual({ status: 'ok', email: DEMO.email });
  });
});

describe('user devices list|revoke', () => {
  it('lists the trusted devices by name; a revoked one asks for the PIN again and stays remembered, the other still skips it', async () => {
    const phone = await trustedDevice(DEMO, 'Chrome on Android');
    t.clock.advance(60_000);
    const laptop = await trustedDevice(DEMO, 'Firefox on Linux');
    await trustedDevice(EVA, 'Safari on iOS');

    const listed = await admin('user', 'devices', 'list', '--email', DEMO.email);
    expect(listed.code).toBe(0);
    const lines = listed.out.split('\n');
    expect(lines[0]).toMatch(/^ID\s+DEVICE\s+TRUSTED\s+LAST PIN\s+LAST SEEN$/);
    // The most recently trusted first; Eva's device is not Demo's.
    expect(lines.slice(1).map((line) => line.split(/\s{2,}/)[1])).toEqual(['Firefox on Linux', 'Chrome on Android']);
    expect(lines[2]).toContain(`Chrome on Android  ${STARTED}  ${STARTED}`);
    const phoneId = lines[2]?.split(/\s+/)[0] ?? '';

    expect(await admin('user', 'devices', 'revoke', '--email', DEMO.email, '--id', phoneId)).toEqual({
      code: 0,
      out: `Revoked the trust of device ${phoneId} for ${DEMO.email}.`,
      err: '',
    });
    expect((await login(t, DEMO, { device: phone.device })).json()).toEqual({
      status: 'requested_pin_code',
      email: DEMO.email,
    });
    expect((await login(t, DEMO, { device: laptop.device })).json()).toEqual({ status: 'ok' });
    const remembered = await t.app.inject({
      method: 'GET',
      url: '/api/device/userlist',
      headers: cookies({ device: phone.device }),
    });
    expect(JSON.stringify(remembered.json())).toContain(DEMO.email);
  });

  it('revokes every device of the account with --all, and no other account loses its trust', async () => {
    const phone = await trustedDevice(DEMO, 'Chrome on Android');
    const laptop = await trustedDevice(DEMO, 'Firefox on Linux');
    const evas = await trustedDevice(EVA, 'Safari on iOS');
    expect(await admin('user', 'devices', 'revoke', '--email', DEMO.email, '--all')).toEqual({
      code: 0,
      out: `Revoked 2 trusted devices of ${DEMO.email}.`,
      err: '',
    });
    for (const device of [phone, laptop]) {
      expect((await login(t, DEMO, { device: device.device })).json()).toEqual({
        status: 'requested_pin_code',
        email: DEMO.email,
      });
    }
    expect((await login(t, EVA, { device: evas.device })).json()).toEqual({ status: 'ok' });
    expect((await admin('user', 'devices', 'list', '--email', DEMO.email)).out).toBe('No trusted devices.');
    expect((await admin('user', 'devices', 'revoke', '--email', DEMO.email, '--all')).out).toBe(
      `Revoked 0 trusted devices of ${DEMO.email}.`,
    );
  });

  it('asks for exactly one of --id and --all, refuses a device the account does not trust, and changes nothing', async () => {
    await trustedDevice(DEMO, 'Chrome on Android');
    await trustedDevice(EVA, 'Safari on iOS');
    const evasDevice = (
      await t.db
        .selectFrom('trusted_devices')
        .innerJoin('users', 'users.id', 'trusted_devices.user_id')
        .select('device_id')
        .where('users.email', '=', EVA.email)
        .executeTakeFirstOrThrow()
    ).device_id;
    const before = await everything();
    expect(await admin('user', 'devices', 'revoke', '--email', DEMO.email)).toEqual({
      code: 1,
      out: '',
      err: 'Error: Give either --id <id> or --all',
    });
    expect((await admin('user', 'devices', 'revoke', '--email', DEMO.email, '--all', '--id', evasDevice)).err).toBe(
      'Error: Give either --id <id> or --all',
    );
    expect((await admin('user', 'devices', 'revoke', '--email', DEMO.email, '--id', evasDevice)).err).toBe(
      `Error: ${DEMO.email} has no trusted device with the id ${evasDevice}`,
    );
    expect((await admin('user', 'devices', 'revoke', '--email', 'ghost@example.test', '--all')).err).toBe(
      'Error: No account has the e-mail ghost@example.test',
    );
    expect(await everything()).toEqual(before);
  });
});

describe('user sessions revoke', () => {
  it("signs the account out in every browser, half-finished sign-ins included, and leaves other accounts' sessions", async () => {
    const first = await signInWithPin(t, DEMO);
    const second = await signInWithPin(t, DEMO);
    // A third browser stopped at the PIN step.
    await login(t, DEMO);
    const eva = await signInWithPin(t, EVA);
    expect(await signedIn(first.session)).toBe(true);

    expect(await admin('user', 'sessions', 'revoke', '--email', DEMO.email)).toEqual({
      code: 0,
      out: `Ended 3 sessions of ${DEMO.email}.`,
      err: '',
    });
    expect(await signedIn(first.session)).toBe(false);
    expect(await signedIn(second.session)).toBe(false);
    expect(await signedIn(eva.session)).toBe(true);
    expect((await admin('user', 'sessions', 'revoke', '--email', DEMO.email)).out).toBe(
      `Ended 0 sessions of ${DEMO.email}.`,
    );
    // Signing in again works as before.
    expect(await signedIn((await signInWithPin(t, DEMO)).session)).toBe(true);
  });
});
