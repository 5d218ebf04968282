import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  DeviceUserListAnswer,
  GetStructure,
  UserInfoAnswer,
  WebauthnGetAnswer,
  WebauthnSignInAnswer,
  type WebauthnGetBody,
} from '@gatehouse/contract';
import { dumpDatabase, ORIGIN } from '../../test/test-app.ts';
import { hashSessionId } from '../session/session.service.ts';
import { FLAG, SoftwareAuthenticator } from './software-authenticator.ts';
import {
  BEN,
  RP_ID,
  challengeCookieOf,
  cookieOf,
  createPasskeyTestApp,
  createUser,
  get,
  getOptions,
  post,
  registerPasskey,
  signedInSessions,
  type PasskeyTestApp,
} from './webauthn-test-kit.ts';

let t: PasskeyTestApp;
let ana: { id: string; email: string; cookie: string };
let passkey: SoftwareAuthenticator;
beforeEach(async () => {
  t = await createPasskeyTestApp();
  ana = await createUser(t);
  passkey = await registerPasskey(t, ana.cookie);
  // Ana's registration session is over; from here on the browser is a guest's.
  await t.db.deleteFrom('sessions').execute();
});
afterEach(() => t.close());

const levelOf = async (cookie: string) =>
  (
    await t.db
      .selectFrom('sessions')
      .select('level')
      .where('id_hash', '=', hashSessionId(cookie.split('=')[1] ?? ''))
      .executeTakeFirst()
  )?.level;

describe('passkey sign-in options', () => {
  it('without a user are discoverable, bound to this browser by an HttpOnly cookie and stored nowhere, with both timeouts', async () => {
    const before = await dumpDatabase(t.db);
    const response = await get(t, '/api/webauthn/get');
    const answer = WebauthnGetAnswer.parse(response.json());
    expect(answer).toEqual({
      status: 'ok',
      getStructure: {
        challenge: expect.stringMatching(/^[A-Za-z0-9_-]{119}$/),
        timeout: 60_000,
        relyingPartyId: 'localhost',
        userVerification: 'required',
        allowCredentials: [],
      },
      timeout: 300,
    });
    expect(cookieOf(response)).toBeUndefined();
    const binding = response.cookies.find((c) => c.name === 'gh_passkey');
    expect(binding).toMatchObject({
      value: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      path: '/',
      httpOnly: true,
      sameSite: 'Strict',
      maxAge: 300,
    });
    // The same browser keeps its binding for the next challenge.
    const again = await get(t, '/api/webauthn/get', challengeCookieOf(response));
    expect(challengeCookieOf(again)).toBe(challengeCookieOf(response));
    // No session, no challenge row: only the server's key was made once.
    const after = await dumpDatabase(t.db);
    expect({ ...after, server_keys: [] }).toEqual({ ...before, server_keys: [] });
    expect(after.server_keys).toHaveLength(1);
  });

  it('leave the database small: 10,000 calls from cookieless clients add no row', async () => {
    await get(t, '/api/webauthn/get');
    const count = async () => {
      const dump = await dumpDatabase(t.db);
      return Object.values(dump).reduce((sum, rows) => sum + rows.length, 0);
    };
    const before = await count();
    // 20 clients at a time, as a flood would come.
    for (let batch = 0; batch < 10_000; batch += 20) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, j) =>
          get(
            t,
            `/api/webauthn/get${(batch + j) % 2 ? `?userId=${ana.id}` : ''}`,
            undefined,
            `198.51.100.${(batch + j) % 250}`,
          ),
        ),
      );
      const refused = answers.find((response) => response.statusCode !== 200 || response.json().status !== 'ok');
      if (refused) throw new Error(`a call of batch ${batch} answered ${refused.statusCode} ${refused.body}`);
    }
    expect(await count()).toBe(before);
    expect(await t.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('webauthn_challenges').selectAll().execute()).toEqual([]);
  }, 120_000);

  it("for a user list that user's passkeys with their transports", async () => {
    const { structure } = await getOptions(t, undefined, ana.id);
    expect(GetStructure.parse(structure).allowCredentials).toEqual([
      { id: passkey.id, type: 'public-key', transports: ['internal', 'hybrid'] },
    ]);
  });

  it("answer 'not found', without creating a session, for a user without passkeys and for an unknown user", async () => {
    const ben = await createUser(t, BEN);
    for (const userId of [ben.id, 'no-such-user']) {
      const response = await get(t, `/api/webauthn/get?userId=${userId}`);
      expect(WebauthnGetAnswer.parse(response.json())).toEqual({ status: 'not found' });
      expect(response.cookies).toEqual([]);
    }
    expect(await t.db.selectFrom('sessions').select('level').where('user_id', 'is', null).execute()).toEqual([]);
  });

  it('take the conditional-mode timeout from WEBAUTHN_CONDITIONAL_TIMEOUT_S', async () => {
    const custom = await createPasskeyTestApp({ WEBAUTHN_CONDITIONAL_TIMEOUT_S: '120' });
    try {
      expect((await get(custom, '/api/webauthn/get')).json().timeout).toBe(120);
    } finally {
      await custom.close();
    }
  });
});

describe('passkey sign-in', () => {
  it('signs the user in completely with a real assertion, rotating the session and saving the counter', async () => {
    const { structure, cookie } = await getOptions(t);
    const response = await post(
      t,
      '/api/webauthn/get',
      passkey.assert({ challenge: structure.challenge, origin: ORIGIN, rpId: RP_ID }),
      cookie,
    );
    expect(WebauthnSignInAnswer.parse(response.json())).toEqual({ status: 'ok', email: ana.email });
    const signedIn = cookieOf(response);
    expect(signedIn).toBeDefined();
    expect(signedIn).not.toBe(cookie);
    expect(await levelOf(cookie)).toBeUndefined();
    expect(await levelOf(signedIn ?? '')).toBe('signed_in');
    const info = UserInfoAnswer.parse((await get(t, '/api/user/info', signedIn)).json());
    expect(info).toMatchObject({ guest: false, user: { id: ana.id, email: ana.email } });
    const stored = await t.db.selectFrom('webauthn_credentials').selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ counter: 2, last_used_at: t.clock.now() });
  });

  it('completes the sign-in like any other: this browser now remembers the account', async () => {
    const { structure, cookie } = await getOptions(t);
    const response = await post(
      t,
      '/api/webauthn/get',
      passkey.assert({ challenge: structure.challenge, origin: ORIGIN, rpId: RP_ID }),
      cookie,
    );
    const device = response.cookies.find((c) => c.name === 'gh_device');
    expect(device).toBeDefined();
    const list = DeviceUserListAnswer.parse(
      (await get(t, '/api/device/userlist', `gh_device=${device?.value}`)).json(),
    );
    expect(list.users.map((u) => u.email)).toEqual([ana.email]);
  });

  it('signs in from the remembered-user form, with options for that user and no user handle', async () => {
    const { structure, cookie } = await getOptions(t, undefined, ana.id);
    const assertion = passkey.assert(
      { challenge: structure.challenge, origin: ORIGIN, rpId: RP_ID },
      { userHandle: null },
    );
    expect((await post(t, '/api/webauthn/get', assertion, cookie)).json()).toEqual({ status: 'ok', email: ana.email });
  });

  it('accepts an authenticator that does not count (always 0), as the WebAuthn spec allows', async () => {
    const ben = await createUser(t, BEN);
    const uncounted = new SoftwareAuthenticator();
    uncounted.counting = false;
    await registerPasskey(t, ben.cookie, uncounted);
    for (let i = 0; i < 2; i++) {
      const { structure, cookie } = await getOptions(t);
      const answer = await post(
        t,
        '/api/webauthn/get',
        uncounted.assert({ challenge: structure.challenge, origin: ORIGIN, rpId: RP_ID }),
        cookie,
      );
      expect(answer.json()).toEqual({ status: 'ok', email: BEN.email });
    }
  });

  type Attempt = { body: WebauthnGetBody; cookie?: string };
  const refusals: Array<[string, string, () => Promise<Attempt>]> = [
    [
      'a forged challenge',
      'challenge_not_usable',
      async () => {
        const { cookie } = await getOptions(t);
        return {
          body: passkey.assert({ challenge: Buffer.alloc(32, 1).toString('base64url'), origin: ORIGIN, rpId: RP_ID }),
          cookie,
        };
      },
    ],
    [
      'a replayed challenge',
      'challenge_not_usable',
      async () => {
        const { structure, cookie } = await getOptions(t);
        const first = await post(
          t,
          '/api/webauthn/get',
          passkey.assert({ challenge: structure.challenge, origin: ORIGIN, rpId: RP_ID }),
          cookie,
        );
        // The first use signed in (and rotated the session away); replay on a fresh guest session of the same browser.
        expect(first.json().status).toBe('ok');
        const { cookie: next } = await getOptions(t);
        return { body: passkey.assert({ challenge: structure.challenge, origin: ORIGIN, rpId: RP_ID }), cookie: next };
      },
    ],
    [
      'another origin',
      'verification_failed',
      async () => {
        const { structure, cookie } = await getOptions(t);
        return {
          body: passkey.assert({ challenge: structure.challenge, origin: 'https://evil.example', rpId: RP_ID }),
          cookie,
        };
      },
    ],
    [
      'another RP ID',
      'verification_failed',
      async () => {
        const { structure, cookie } = await getOptions(t);
        return {
          body: passkey.assert({ challenge: structure.challenge, origin: ORIGIN, rpId: 'evil.example' }),
          cookie,
        };
      },
    ],
    [
      'no user verification',
      'verification_failed',
      async () => {
        const { structure, cookie } = await getOptions(t);
        return {
          body: passkey.assert({ challenge: structure.challenge, origin: ORIGIN, rpId: RP_ID }, { flags: FLAG.UP }),
          cookie,
        };
      },
    ],
    [
      "a signature by another key than the credential's",
      'verification_failed',
      async () => {
        const { structure, cookie } = await getOptions(t);
        const impostor = new SoftwareAuthenticator();
        const body = impostor.assert(
          { challenge: structure.challenge, origin: ORIGIN, rpId: RP_ID },
          { userHandle: passkey.userHandle, counter: 50 },
        );
        return { body: { ...body, id: passkey.id, rawId: passkey.id }, cookie };
      },
    ],
    [
      "another user's credential under this user's handle",
      'credential_of_another_user',
      async () => {
        const ben = await createUser(t, BEN);
        const bens = await registerPasskey(t, ben.cookie);
        const { structure, cookie } = await getOptions(t);
        return {
          body: bens.assert(
            { challenge: structure.challenge, origin: ORIGIN, rpId: RP_ID },
            { userHandle: passkey.userHandle },
          ),
          cookie,
        };
      },
    ],
    [
      "another user's credential for options asked for this user",
      'credential_of_another_user',
      async () => {
        const ben = await createUser(t, BEN);
        const bens = await registerPasskey(t, ben.cookie);
        const { structure, cookie } = await getOptions(t, undefined, ana.id);
        return { body: bens.assert({ challenge: structure.challenge, origin: ORIGIN, rpId: RP_ID }), cookie };
      },
    ],
    [
      'a discoverable sign-in without a user handle',
      'user_handle_missing',
      async () => {
        const { structure, cookie } = await getOptions(t);
        return {
          body: passkey.assert({ challenge: structure.challenge, origin: ORIGIN, rpId: RP_ID }, { userHandle: null }),
          cookie,
        };
      },
    ],
    [
      'an unknown credential',
      'unknown_credential',
      async () => {
        const { structure, cookie } = await getOptions(t);
        return {
          body: new SoftwareAuthenticator().assert(
            { challenge: structure.challenge, origin: ORIGIN, rpId: RP_ID },
            { userHandle: passkey.userHandle },
          ),
          cookie,
        };
      },
    ],
    [
      'a counter that goes back',
      'counter_regression',
      async () => {
        const { structure, cookie } = await getOptions(t);
        // Registered at 1; a cloned authenticator still at 1 (or lower) is refused.
        return {
          body: passkey.assert({ challenge: structure.challenge, origin: ORIGIN, rpId: RP_ID }, { counter: 1 }),
          cookie,
        };
      },
    ],
    [
      'a challenge older than 5 minutes',
      'challenge_not_usable',
      async () => {
        const { structure, cookie } = await getOptions(t);
        t.clock.advance(5 * 60_000);
        return { body: passkey.assert({ challenge: structure.challenge, origin: ORIGIN, rpId: RP_ID }), cookie };
      },
    ],
    [
      'a challenge issued to another browser',
      'challenge_not_usable',
      async () => {
        const { structure } = await getOptions(t);
        const { cookie: other } = await getOptions(t);
        return { body: passkey.assert({ challenge: structure.challenge, origin: ORIGIN, rpId: RP_ID }), cookie: other };
      },
    ],
    [
      'no challenge cookie at all',
      'no_challenge_cookie',
      async () => {
        const { structure } = await getOptions(t);
        return { body: passkey.assert({ challenge: structure.challenge, origin: ORIGIN, rpId: RP_ID }) };
      },
    ],
    [
      'a challenge whose user part was altered',
      'challenge_not_usable',
      async () => {
        const { structure, cookie } = await getOptions(t, undefined, ana.id);
        const bytes = Buffer.from(structure.challenge, 'base64url');
        bytes.fill(0, 41, 57);
        return {
          body: passkey.assert({ challenge: bytes.toString('base64url'), origin: ORIGIN, rpId: RP_ID }),
          cookie,
        };
      },
    ],
    [
      'a challenge whose expiry was moved',
      'challenge_not_usable',
      async () => {
        const { structure, cookie } = await getOptions(t);
        const bytes = Buffer.from(structure.challenge, 'base64url');
        bytes.writeBigUInt64BE(BigInt(t.clock.now() + 60_000), 1);
        return {
          body: passkey.assert({ challenge: bytes.toString('base64url'), origin: ORIGIN, rpId: RP_ID }),
          cookie,
        };
      },
    ],
  ];

  for (const [what, cause, attempt] of refusals) {
    it(`refuses ${what} with invalid_credentials, leaving the session as it was`, async () => {
      const { body, cookie } = await attempt();
      const signedInBefore = await signedInSessions(t);
      const levelBefore = cookie ? await levelOf(cookie) : undefined;
      const response = await post(t, '/api/webauthn/get', body, cookie);
      expect(WebauthnSignInAnswer.parse(response.json())).toEqual({
        status: 'failed',
        reasons: ['invalid_credentials'],
      });
      expect(t.causes()).toEqual([cause]);
      expect(response.cookies).toEqual([]);
      expect(await signedInSessions(t)).toBe(signedInBefore);
      if (cookie) expect(await levelOf(cookie)).toBe(levelBefore);
    });
  }

  it('lets one browser hold several challenges (autofill and button): each works once, and only the use is recorded until it expires', async () => {
    const first = await getOptions(t);
    const second = await getOptions(t, first.cookie);
    expect(second.cookie).toBe(first.cookie);
    const sign = (challenge: string) =>
      post(t, '/api/webauthn/get', passkey.assert({ challenge, origin: ORIGIN, rpId: RP_ID }), first.cookie);
    expect((await sign(second.structure.challenge)).json()).toEqual({ status: 'ok', email: ana.email });
    expect((await sign(first.structure.challenge)).json()).toEqual({ status: 'ok', email: ana.email });
    expect((await sign(first.structure.challenge)).json()).toEqual({
      status: 'failed',
      reasons: ['invalid_credentials'],
    });
    expect(t.causes()).toEqual(['challenge_not_usable']);
    expect(await t.db.selectFrom('webauthn_used_challenges').selectAll().execute()).toHaveLength(2);
    // Once expired, the records of use go with the next use.
    t.clock.advance(5 * 60_000);
    const later = await getOptions(t, first.cookie);
    expect((await sign(later.structure.challenge)).json()).toEqual({ status: 'ok', email: ana.email });
    expect(await t.db.selectFrom('webauthn_used_challenges').selectAll().execute()).toHaveLength(1);
  });

  it('answers account_disabled with the e-mail for a disabled account, and signs nobody in', async () => {
    await t.accounts.disable(ana.email);
    const { structure, cookie } = await getOptions(t);
    const response = await post(
      t,
      '/api/webauthn/get',
      passkey.assert({ challenge: structure.challenge, origin: ORIGIN, rpId: RP_ID }),
      cookie,
    );
    expect(WebauthnSignInAnswer.parse(response.json())).toEqual({
      status: 'failed',
      reasons: ['account_disabled'],
      email: ana.email,
    });
    expect(await signedInSessions(t)).toBe(0);
  });

  it('answers blocked for a blocked account, and signs nobody in', async () => {
    await t.db.updateTable('users').set({ blocked_at: t.clock.now() }).where('id', '=', ana.id).execute();
    const { structure, cookie } = await getOptions(t);
    const response = await post(
      t,
      '/api/webauthn/get',
      passkey.assert({ challenge: structure.challenge, origin: ORIGIN, rpId: RP_ID }),
      cookie,
    );
    expect(response.json()).toEqual({ status: 'failed', reasons: ['blocked'], email: ana.email });
    expect(await signedInSessions(t)).toBe(0);
  });

  it('answers email_not_verified for an account whose e-mail is no longer verified, and signs nobody in', async () => {
    await t.db.updateTable('users').set({ email_verified: 0 }).where('id', '=', ana.id).execute();
    const { structure, cookie } = await getOptions(t);
    const response = await post(
      t,
      '/api/webauthn/get',
      passkey.assert({ challenge: structure.challenge, origin: ORIGIN, rpId: RP_ID }),
      cookie,
    );
    expect(response.json()).toEqual({ status: 'failed', reasons: ['email_not_verified'], email: ana.email });
    expect(await signedInSessions(t)).toBe(0);
  });

  it('answers app_error and signs nobody in when the database fails', async () => {
    const { structure, cookie } = await getOptions(t);
    await sql`drop table webauthn_credentials`.execute(t.db);
    const response = await post(
      t,
      '/api/webauthn/get',
      passkey.assert({ challenge: structure.challenge, origin: ORIGIN, rpId: RP_ID }),
      cookie,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'failed', reasons: ['app_error'] });
    expect(await signedInSessions(t)).toBe(0);
  });

  it('throttles an address after 50 refusals in 15 minutes, even for a valid assertion, with 429 and Retry-After', async () => {
    const address = '198.51.100.9';
    const junk = passkey.assert({ challenge: 'x', origin: ORIGIN, rpId: RP_ID });
    for (let i = 0; i < 50; i++)
      expect((await post(t, '/api/webauthn/get', junk, undefined, address)).statusCode).toBe(200);
    const { structure, cookie } = await getOptions(t);
    const valid = passkey.assert({ challenge: structure.challenge, origin: ORIGIN, rpId: RP_ID });
    const throttled = await post(t, '/api/webauthn/get', valid, cookie, address);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBe('60');
    expect(throttled.json()).toEqual({ status: 'failed', reasons: ['too_many_requests'] });
    // Other addresses are not affected.
    expect((await post(t, '/api/webauthn/get', valid, cookie)).json()).toEqual({ status: 'ok', email: ana.email });
  });
});
