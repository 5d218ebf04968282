import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CreateStructure, StatusAnswer, WebauthnCreateAnswer } from '@gatehouse/contract';
import { DEMO, ORIGIN } from '../../test/test-app.ts';
import { FLAG, SoftwareAuthenticator } from './software-authenticator.ts';
import { PASSKEY_REGISTRATION_WINDOW_MS } from './webauthn.routes.ts';
import {
  BEN,
  RP_ID,
  createOptions,
  createPasskeyTestApp,
  createUser,
  get,
  post,
  registerPasskey,
  sessionFor,
  type PasskeyTestApp,
} from './webauthn-test-kit.ts';

let t: PasskeyTestApp;
let ana: { id: string; email: string; cookie: string };
beforeEach(async () => {
  t = await createPasskeyTestApp();
  ana = await createUser(t);
});
afterEach(() => t.close());

const credentialsOf = (userId: string) =>
  t.db.selectFrom('webauthn_credentials').selectAll().where('user_id', '=', userId).execute();

describe('passkey creation options', () => {
  it('are refused to a guest, and to a session that has only passed the password, with credentials_required', async () => {
    const guest = await get(t, '/api/webauthn/create');
    expect(WebauthnCreateAnswer.parse(guest.json())).toEqual({ status: 'failed', reasons: ['credentials_required'] });
    expect(guest.cookies).toEqual([]);
    const halfway = await get(t, '/api/webauthn/create', await sessionFor(t, ana.id, 'password'));
    expect(halfway.json()).toEqual({ status: 'failed', reasons: ['credentials_required'] });
    expect(await t.db.selectFrom('webauthn_challenges').selectAll().execute()).toEqual([]);
  });

  it('give a signed-in user every field of the create structure, from configuration and the account', async () => {
    const options = await createOptions(t, ana.cookie);
    expect(CreateStructure.parse(options)).toEqual({
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      relyingPartyId: 'localhost',
      relyingPartyName: 'Gatehouse',
      userId: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      userName: DEMO.email,
      userDisplayName: 'Ana Nováková',
      timeout: 60_000,
      attestation: 'none',
      attestationFormats: [],
      COSEAlgorithmIdentifiers: [-8, -7, -257],
      requireResidentKey: true,
      userVerification: 'required',
      authenticatorAttachment: null,
      excludeCredentials: [],
    });
    expect(Buffer.from(options.challenge, 'base64url')).toHaveLength(32);
  });

  it('keep the user handle stable and opaque while every challenge is new', async () => {
    const first = await createOptions(t, ana.cookie);
    const second = await createOptions(t, ana.cookie);
    expect(second.userId).toBe(first.userId);
    expect(second.challenge).not.toBe(first.challenge);
    expect(Buffer.from(first.userId, 'base64url').toString('latin1')).not.toContain('example');
    expect(first.userId).not.toBe(ana.id);
    const ben = await createUser(t, BEN);
    expect((await createOptions(t, ben.cookie)).userId).not.toBe(first.userId);
  });

  it('take the relying party from PUBLIC_ORIGIN and RP_NAME, and the timeout from WEBAUTHN_TIMEOUT_MS', async () => {
    const custom = await createPasskeyTestApp({
      PUBLIC_ORIGIN: 'https://signin.clinic.example',
      RP_NAME: 'Clinic Portal',
      WEBAUTHN_TIMEOUT_MS: '90000',
    });
    try {
      const user = await createUser(custom);
      const answer = (
        await custom.app.inject({ url: '/api/webauthn/create', headers: { cookie: `__Host-${user.cookie}` } })
      ).json();
      expect(answer.createStructure).toMatchObject({
        relyingPartyId: 'signin.clinic.example',
        relyingPartyName: 'Clinic Portal',
        timeout: 90_000,
      });
    } finally {
      await custom.close();
    }
  });
});

describe('passkey registration', () => {
  it('stores a credential verified from a real attestation, and lists it in excludeCredentials afterwards', async () => {
    const authenticator = await registerPasskey(t, ana.cookie);
    const [stored, ...others] = await credentialsOf(ana.id);
    expect(others).toEqual([]);
    expect(stored).toMatchObject({
      id: authenticator.id,
      counter: 1,
      transports: 'internal,hybrid',
      device_type: 'singleDevice',
      backed_up: 0,
    });
    expect((await createOptions(t, ana.cookie)).excludeCredentials).toEqual([
      { id: authenticator.id, type: 'public-key', transports: ['internal', 'hybrid'] },
    ]);
  });

  it('is refused to a guest with credentials_required', async () => {
    const options = await createOptions(t, ana.cookie);
    const body = new SoftwareAuthenticator().register({
      challenge: options.challenge,
      origin: ORIGIN,
      rpId: RP_ID,
      userHandle: options.userId,
    });
    const answer = await post(t, '/api/webauthn/create', body);
    expect(StatusAnswer.parse(answer.json())).toEqual({ status: 'failed', reasons: ['credentials_required'] });
    expect(await credentialsOf(ana.id)).toEqual([]);
  });

  type Case = [
    string,
    string,
    (options: CreateStructure, authenticator: SoftwareAuthenticator) => Promise<{ body: unknown; cookie: string }>,
  ];
  const refusals: Case[] = [
    [
      'a challenge the server never issued',
      'challenge_not_usable',
      async (o, a) => ({
        body: a.register({
          challenge: Buffer.alloc(32, 7).toString('base64url'),
          origin: ORIGIN,
          rpId: RP_ID,
          userHandle: o.userId,
        }),
        cookie: ana.cookie,
      }),
    ],
    [
      'another origin',
      'verification_failed',
      async (o, a) => ({
        body: a.register({ challenge: o.challenge, origin: 'https://evil.example', rpId: RP_ID, userHandle: o.userId }),
        cookie: ana.cookie,
      }),
    ],
    [
      'another RP ID',
      'verification_failed',
      async (o, a) => ({
        body: a.register({ challenge: o.challenge, origin: ORIGIN, rpId: 'evil.example', userHandle: o.userId }),
        cookie: ana.cookie,
      }),
    ],
    [
      'no user verification',
      'verification_failed',
      async (o, a) => ({
        body: a.register(
          { challenge: o.challenge, origin: ORIGIN, rpId: RP_ID, userHandle: o.userId },
          { flags: FLAG.UP },
        ),
        cookie: ana.cookie,
      }),
    ],
    [
      'an assertion type instead of a creation',
      'verification_failed',
      async (o, a) => ({
        body: a.register(
          { challenge: o.challenge, origin: ORIGIN, rpId: RP_ID, userHandle: o.userId },
          { type: 'webauthn.get' },
        ),
        cookie: ana.cookie,
      }),
    ],
    [
      'a key algorithm outside EdDSA, ES256 and RS256 (ES384)',
      'verification_failed',
      async (o) => ({
        body: new SoftwareAuthenticator('ES384').register({
          challenge: o.challenge,
          origin: ORIGIN,
          rpId: RP_ID,
          userHandle: o.userId,
        }),
        cookie: ana.cookie,
      }),
    ],
    [
      "another session's challenge (the same user signed in elsewhere)",
      'challenge_not_usable',
      async (o, a) => ({
        body: a.register({ challenge: o.challenge, origin: ORIGIN, rpId: RP_ID, userHandle: o.userId }),
        cookie: await sessionFor(t, ana.id, 'signed_in'),
      }),
    ],
    [
      'a challenge older than 5 minutes',
      'challenge_not_usable',
      async (o, a) => {
        t.clock.advance(5 * 60_000);
        return {
          body: a.register({ challenge: o.challenge, origin: ORIGIN, rpId: RP_ID, userHandle: o.userId }),
          cookie: ana.cookie,
        };
      },
    ],
  ];

  for (const [what, cause, make] of refusals) {
    it(`is refused with invalid_credentials for ${what}`, async () => {
      const options = await createOptions(t, ana.cookie);
      const { body, cookie } = await make(options, new SoftwareAuthenticator());
      const answer = await post(t, '/api/webauthn/create', body, cookie);
      expect(StatusAnswer.parse(answer.json())).toEqual({ status: 'failed', reasons: ['invalid_credentials'] });
      expect(t.causes()).toEqual([cause]);
      expect(await credentialsOf(ana.id)).toEqual([]);
    });
  }

  it('accepts a challenge just before it expires', async () => {
    const options = await createOptions(t, ana.cookie);
    t.clock.advance(5 * 60_000 - 1);
    const body = new SoftwareAuthenticator().register({
      challenge: options.challenge,
      origin: ORIGIN,
      rpId: RP_ID,
      userHandle: options.userId,
    });
    expect((await post(t, '/api/webauthn/create', body, ana.cookie)).json()).toEqual({ status: 'ok' });
  });

  it('uses a challenge once: a replayed registration is refused and stores nothing more', async () => {
    const options = await createOptions(t, ana.cookie);
    const body = new SoftwareAuthenticator().register({
      challenge: options.challenge,
      origin: ORIGIN,
      rpId: RP_ID,
      userHandle: options.userId,
    });
    expect((await post(t, '/api/webauthn/create', body, ana.cookie)).json()).toEqual({ status: 'ok' });
    expect((await post(t, '/api/webauthn/create', body, ana.cookie)).json()).toEqual({
      status: 'failed',
      reasons: ['invalid_credentials'],
    });
    expect(t.causes()).toEqual(['challenge_not_usable']);
    expect(await credentialsOf(ana.id)).toHaveLength(1);
  });

  it('burns the challenge on a failed attempt, so a corrected retry needs new options', async () => {
    const options = await createOptions(t, ana.cookie);
    const authenticator = new SoftwareAuthenticator();
    const wrong = authenticator.register({
      challenge: options.challenge,
      origin: 'https://evil.example',
      rpId: RP_ID,
      userHandle: options.userId,
    });
    await post(t, '/api/webauthn/create', wrong, ana.cookie);
    const right = authenticator.register({
      challenge: options.challenge,
      origin: ORIGIN,
      rpId: RP_ID,
      userHandle: options.userId,
    });
    expect((await post(t, '/api/webauthn/create', right, ana.cookie)).json()).toEqual({
      status: 'failed',
      reasons: ['invalid_credentials'],
    });
    expect(t.causes()).toEqual(['verification_failed', 'challenge_not_usable']);
  });

  it('refuses a credential that is already registered, even to another account', async () => {
    const authenticator = await registerPasskey(t, ana.cookie);
    const ben = await createUser(t, BEN);
    const options = await createOptions(t, ben.cookie);
    const again = authenticator.register({
      challenge: options.challenge,
      origin: ORIGIN,
      rpId: RP_ID,
      userHandle: options.userId,
    });
    expect((await post(t, '/api/webauthn/create', again, ben.cookie)).json()).toEqual({
      status: 'failed',
      reasons: ['invalid_credentials'],
    });
    expect(t.causes()).toEqual(['already_registered']);
    expect(await credentialsOf(ben.id)).toEqual([]);
  });
});

describe('who may add a passkey', () => {
  /** Options and the registration, each answer as the caller sees it, and what was stored. */
  async function tryToRegister(cookie: string) {
    const answer = (await get(t, '/api/webauthn/create', cookie)).json() as {
      status: string;
      createStructure?: CreateStructure;
    };
    const { createStructure, ...options } = answer;
    // Refused options: the registration is tried anyway, with another session's options (whose
    // challenge the server would refuse as invalid_credentials, were the session let through).
    const usable = createStructure ?? (await createOptions(t, await sessionFor(t, ana.id, 'signed_in')));
    const body = new SoftwareAuthenticator().register({
      challenge: usable.challenge,
      origin: ORIGIN,
      rpId: RP_ID,
      userHandle: usable.userId,
    });
    const registration = (await post(t, '/api/webauthn/create', body, cookie)).json() as { status: string };
    return { options, registration, stored: (await credentialsOf(ana.id)).length };
  }
  const refused = { status: 'failed', reasons: ['credentials_required'] };
  const offer = async (cookie: string, headers: Record<string, string> = {}) =>
    (await t.app.inject({ method: 'GET', url: '/api/webauthn/offer', headers: { cookie, ...headers } })).json() as {
      offerWebauthnRegistration: boolean;
    };

  it('not a session of a shared or public computer: no offer, and options and registration are refused', async () => {
    const shared = await sessionFor(t, ana.id, 'signed_in');
    await t.db.updateTable('sessions').set({ shared: 1 }).execute();
    expect(await offer(shared)).toMatchObject({ offerWebauthnRegistration: false });
    expect(await tryToRegister(shared)).toEqual({ options: refused, registration: refused, stored: 0 });
  });

  it('not a session whose password or passkey was proven 15 minutes ago or more: a browser left open, a stolen cookie', async () => {
    const stale = await sessionFor(t, ana.id, 'signed_in');
    t.clock.advance(PASSKEY_REGISTRATION_WINDOW_MS);
    // Kept alive meanwhile: the session itself is live.
    await t.db.updateTable('sessions').set({ last_seen_at: t.clock.now() }).execute();
    expect((await get(t, '/api/user/info', stale)).json()).toMatchObject({ guest: false });
    expect(await offer(stale)).toMatchObject({ offerWebauthnRegistration: false });
    const fresh = await sessionFor(t, ana.id, 'signed_in');
    expect(await tryToRegister(stale)).toEqual({ options: refused, registration: refused, stored: 0 });
    // The offer was not used up by the refused session: the next sign-in gets it.
    expect(await offer(fresh)).toMatchObject({ offerWebauthnRegistration: true });
    expect((await tryToRegister(fresh)).registration).toEqual({ status: 'ok' });
  });

  it('a session proven just under 15 minutes ago, after a slow PIN mail', async () => {
    const session = await sessionFor(t, ana.id, 'signed_in');
    t.clock.advance(PASSKEY_REGISTRATION_WINDOW_MS - 1_000);
    expect(await offer(session)).toMatchObject({ offerWebauthnRegistration: true });
    expect(await tryToRegister(session)).toMatchObject({ registration: { status: 'ok' }, stored: 1 });
  });

  it('takes the offer only from a page of this site: another site cannot use it up', async () => {
    for (const site of ['cross-site', 'same-site', 'none'])
      expect(await offer(ana.cookie, { 'sec-fetch-site': site })).toMatchObject({ offerWebauthnRegistration: false });
    expect(await offer(ana.cookie, { 'sec-fetch-site': 'same-origin' })).toMatchObject({
      offerWebauthnRegistration: true,
    });
  });
});
