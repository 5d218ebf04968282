import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestApp,
  DEMO,
  dumpDatabase,
  ORIGIN,
  postJson,
  sessionCookie,
  type TestApp,
} from '../../test/test-app.ts';
import { hashSessionId } from './session.service.ts';
import { signInWithPin } from '../../test/sign-in-steps.ts';
import { SessionRepository } from './session.repository.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  await t.accounts.create(DEMO);
});
afterEach(() => t.close());

/** Password and PIN: the signed-in session id. */
async function signIn(cookie?: string): Promise<string> {
  return (await signInWithPin(t, DEMO, cookie ? { session: cookie } : {})).session;
}

const userInfo = (cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: '/api/user/info',
    headers: { ...(cookie ? { cookie: `gh_session=${cookie}` } : {}), ...headers },
  });

describe('sessions', () => {
  it('sets an HttpOnly, SameSite=Lax, Path=/ cookie, without Secure only on plain-http localhost', async () => {
    const response = await postJson(t.app, '/api/user/login', { username: DEMO.email, password: DEMO.password });
    const cookie = sessionCookie(response);
    expect(cookie).toMatchObject({ name: 'gh_session', path: '/', httpOnly: true, sameSite: 'Lax' });
    expect(cookie?.secure).toBeUndefined();
    expect(cookie?.maxAge).toBeUndefined();
  });

  it('uses a __Host- cookie with Secure when the public origin is https', async () => {
    const secure = await createTestApp({ env: { PUBLIC_ORIGIN: 'https://signin.example.org' } });
    try {
      await secure.accounts.create(DEMO);
      const response = await postJson(
        secure.app,
        '/api/user/login',
        { username: DEMO.email, password: DEMO.password },
        { origin: 'https://signin.example.org' },
      );
      expect(sessionCookie(response, '__Host-gh_session')).toMatchObject({
        path: '/',
        httpOnly: true,
        secure: true,
        sameSite: 'Lax',
      });
    } finally {
      await secure.close();
    }
  });

  it('stores only the SHA-256 of the id, never the id itself', async () => {
    const id = await signIn();
    const rows = await t.db.selectFrom('sessions').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id_hash).toBe(hashSessionId(id));
    expect(JSON.stringify(rows)).not.toContain(id);
  });

  it('shows the signed-in user in user info with the account language', async () => {
    const id = await signIn();
    const response = await userInfo(id);
    const user = await t.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    expect(response.json()).toEqual({
      status: 'ok',
      guest: false,
      language: 'cs',
      user: { id: user.id, email: DEMO.email, firstName: 'Ana', surname: 'Nováková' },
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('rotates the id when a guest session signs in: the old id no longer works', async () => {
    const first = await signIn();
    const second = await signIn(first);
    expect(second).not.toBe(first);
    expect((await userInfo(first)).json().guest).toBe(true);
    expect((await userInfo(second)).json().guest).toBe(false);
    expect(await t.db.selectFrom('sessions').selectAll().execute()).toHaveLength(1);
  });

  it('ends the session on logout, clears the cookie and forgets the id', async () => {
    const id = await signIn();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { cookie: `gh_session=${id}`, origin: ORIGIN },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    const cleared = sessionCookie(response);
    expect(cleared?.value).toBe('');
    expect(cleared?.maxAge).toBe(0);
    expect((await userInfo(id)).json()).toMatchObject({ guest: true, user: null });
    expect(await t.db.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
  });

  it('expires after 30 idle minutes, while activity keeps it alive', async () => {
    const id = await signIn();
    t.clock.advance(29 * 60_000);
    expect((await userInfo(id)).json().guest).toBe(false);
    t.clock.advance(29 * 60_000);
    expect((await userInfo(id)).json().guest).toBe(false);
    t.clock.advance(30 * 60_000);
    expect((await userInfo(id)).json().guest).toBe(true);
    expect(await t.db.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
  });

  it('expires 12 hours after sign-in even when always active', async () => {
    const id = await signIn();
    for (let elapsedMin = 0; elapsedMin < 12 * 60 - 20; elapsedMin += 20) {
      t.clock.advance(20 * 60_000);
      expect((await userInfo(id)).json().guest).toBe(false);
    }
    t.clock.advance(20 * 60_000);
    expect((await userInfo(id)).json().guest).toBe(true);
  });

  it('creates no session row for anonymous calls', async () => {
    await userInfo();
    await t.app.inject({ method: 'GET', url: '/api/server/info' });
    await userInfo('made-up-id');
    expect(await t.db.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
  });

  it('treats a signed-in account that was disabled since as a guest', async () => {
    const id = await signIn();
    await t.accounts.disable(DEMO.email);
    expect((await userInfo(id)).json()).toMatchObject({ guest: true, user: null });
  });
});

describe('the lookup of a signed-in call', () => {
  it('reads the account with the session, what user info shows of it and not the password hash', async () => {
    const session = await signIn();
    const found = await new SessionRepository(t.db).findWithAccount(hashSessionId(session));
    expect(found?.account).toEqual({
      id: expect.any(String),
      email: DEMO.email,
      first_name: DEMO.firstName,
      surname: DEMO.surname,
      language: DEMO.language,
      disabled_at: null,
    });
    expect((await userInfo(session)).json()).toEqual({
      status: 'ok',
      guest: false,
      language: DEMO.language,
      user: { id: found?.account?.id, email: DEMO.email, firstName: DEMO.firstName, surname: DEMO.surname },
    });
  });
});

describe('activity writes at most once a minute (docs/decisions/0103-sessions-and-demo-account.md)', () => {
  const lastSeen = async (id: string) =>
    (
      await t.db
        .selectFrom('sessions')
        .select('last_seen_at')
        .where('id_hash', '=', hashSessionId(id))
        .executeTakeFirstOrThrow()
    ).last_seen_at;

  it('a read within a minute of the last write changes nothing in the database', async () => {
    const id = await signIn();
    const before = await dumpDatabase(t.db);
    for (let i = 0; i < 5; i++) {
      t.clock.advance(11_000);
      expect((await userInfo(id)).json().guest).toBe(false);
    }
    expect(await dumpDatabase(t.db)).toEqual(before);
  });

  it('a read a minute or more after the last write records it', async () => {
    const id = await signIn();
    const signedInAt = t.clock.now();
    t.clock.advance(60_000);
    await userInfo(id);
    expect(await lastSeen(id)).toBe(signedInAt + 60_000);
    t.clock.advance(59_999);
    await userInfo(id);
    expect(await lastSeen(id)).toBe(signedInAt + 60_000);
  });

  it('the idle time runs from the last write: reads in between that wrote nothing do not extend it', async () => {
    const id = await signIn();
    t.clock.advance(2 * 60_000);
    await userInfo(id); // written: the idle time starts again here
    const touchedAt = t.clock.now();
    t.clock.advance(59_000);
    await userInfo(id); // not written
    t.clock.advance(touchedAt + 30 * 60_000 - 1 - t.clock.now());
    expect((await userInfo(id)).json().guest).toBe(false);
    // That read was written (more than a minute since the last), so the session lives on from it.
    t.clock.advance(30 * 60_000 - 1);
    expect((await userInfo(id)).json().guest).toBe(false);
    t.clock.advance(30 * 60_000);
    expect((await userInfo(id)).json().guest).toBe(true);
  });

  it('a session read only within the minute after sign-in still ends 30 minutes after sign-in', async () => {
    const id = await signIn();
    t.clock.advance(59_000);
    await userInfo(id);
    t.clock.advance(30 * 60_000 - 59_000 - 1);
    expect(await lastSeen(id)).toBe(t.clock.now() - (30 * 60_000 - 1));
    t.clock.advance(1);
    expect((await userInfo(id)).json().guest).toBe(true);
    expect(await t.db.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
  });
});

describe('user info language', () => {
  it('takes a valid language cookie first, even over the signed-in account', async () => {
    const id = await signIn();
    expect((await userInfo(id, { cookie: `gh_session=${id}; gh_lang=en` })).json().language).toBe('en');
  });

  it('falls back from an invalid cookie to Accept-Language by quality, then to sk', async () => {
    expect(
      (await userInfo(undefined, { cookie: 'gh_lang=de', 'accept-language': 'de-DE, cs;q=0.5, en;q=0.8' })).json()
        .language,
    ).toBe('en');
    expect((await userInfo(undefined, { 'accept-language': 'fr, de;q=0.9' })).json().language).toBe('sk');
    expect((await userInfo()).json().language).toBe('sk');
  });
});
