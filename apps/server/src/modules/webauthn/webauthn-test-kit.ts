import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { WebauthnCreateAnswer, WebauthnGetAnswer, type CreateStructure, type GetStructure } from '@gatehouse/contract';
import { createTestApp, DEMO, ORIGIN, type TestApp } from '../../test/test-app.ts';
import { hashSessionId } from '../session/session.service.ts';
import { SoftwareAuthenticator } from './software-authenticator.ts';

/** Test-only helpers for the passkey tests: an app whose log lines are kept, sessions, ceremonies. */

export const RP_ID = 'localhost';
export const BEN = {
  email: 'ben.kral@example.test',
  password: 'Another-Horse-8',
  firstName: 'Ben',
  surname: 'Král',
  language: 'sk',
};

export interface PasskeyTestApp extends TestApp {
  /** The `cause` of every refusal logged so far, in order. */
  causes(): string[];
}

export async function createPasskeyTestApp(env: Record<string, string> = {}): Promise<PasskeyTestApp> {
  const lines: string[] = [];
  const t = await createTestApp({
    env: { LOG_LEVEL: 'info', ...env },
    deps: { logStream: { write: (line: string) => void lines.push(line) } },
  });
  return {
    ...t,
    causes: () =>
      lines
        .map((line) => JSON.parse(line) as { cause?: string })
        .filter((entry) => entry.cause !== undefined)
        .map((entry) => entry.cause as string),
  };
}

/** A cookie header for a new session of this user at this level (as if the sign-in steps had passed). */
export async function sessionFor(
  t: TestApp,
  userId: string | null,
  level: 'guest' | 'password' | 'signed_in',
): Promise<string> {
  const rawId = randomBytes(32).toString('base64url');
  const now = t.clock.now();
  await t.db
    .insertInto('sessions')
    .values({
      id_hash: hashSessionId(rawId),
      user_id: userId,
      level,
      created_at: now,
      last_seen_at: now,
      expires_at: now + t.config.sessionAbsoluteMs,
      // The password (and the PIN) proven just now.
      authenticated_at: level === 'guest' ? null : now,
    })
    .execute();
  return `gh_session=${rawId}`;
}

export function cookieOf(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((c) => c.name === 'gh_session');
  return cookie ? `gh_session=${cookie.value}` : undefined;
}

export function get(t: TestApp, url: string, cookie?: string, remoteAddress = '127.0.0.1') {
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {}, remoteAddress });
}

export function post(t: TestApp, url: string, body: unknown, cookie?: string, remoteAddress = '127.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(body),
    remoteAddress,
  });
}

/** The contract's parse of a create-options answer (throws when the answer breaks the contract). */
export async function createOptions(t: TestApp, cookie: string): Promise<CreateStructure> {
  const answer = WebauthnCreateAnswer.parse((await get(t, '/api/webauthn/create', cookie)).json());
  if (answer.status !== 'ok' || !answer.createStructure)
    throw new Error(`no create structure: ${JSON.stringify(answer)}`);
  return answer.createStructure;
}

/** The challenge cookie (`gh_passkey=…`) an answer set, if any. */
export function challengeCookieOf(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((c) => c.name === 'gh_passkey');
  return cookie ? `gh_passkey=${cookie.value}` : undefined;
}

/** A Cookie header with `set` put in (replacing a cookie of the same name). */
export function withCookie(header: string | undefined, set: string): string {
  const name = set.split('=')[0];
  const kept = (header ?? '').split('; ').filter((pair) => pair !== '' && pair.split('=')[0] !== name);
  return [...kept, set].join('; ');
}

/** GET /api/webauthn/get; returns the structure and the cookie header to use (with the challenge cookie it set). */
export async function getOptions(
  t: TestApp,
  cookie?: string,
  userId?: string,
): Promise<{ structure: GetStructure; cookie: string }> {
  const response = await get(t, `/api/webauthn/get${userId ? `?userId=${encodeURIComponent(userId)}` : ''}`, cookie);
  const answer = WebauthnGetAnswer.parse(response.json());
  const binding = challengeCookieOf(response);
  if (answer.status !== 'ok' || !answer.getStructure || !binding)
    throw new Error(`no get structure: ${JSON.stringify(answer)}`);
  return { structure: answer.getStructure, cookie: withCookie(cookie, binding) };
}

export async function createUser(t: TestApp, account = DEMO): Promise<{ id: string; email: string; cookie: string }> {
  const created = await t.accounts.create(account);
  return { id: created.id, email: created.email, cookie: await sessionFor(t, created.id, 'signed_in') };
}

/** Registers a new software passkey for a signed-in user through the real endpoints. */
export async function registerPasskey(
  t: TestApp,
  cookie: string,
  authenticator = new SoftwareAuthenticator(),
): Promise<SoftwareAuthenticator> {
  const options = await createOptions(t, cookie);
  const body = authenticator.register({
    challenge: options.challenge,
    origin: ORIGIN,
    rpId: RP_ID,
    userHandle: options.userId,
  });
  const answer = (await post(t, '/api/webauthn/create', body, cookie)).json();
  if (answer.status !== 'ok') throw new Error(`registration refused: ${JSON.stringify(answer)}`);
  return authenticator;
}

/** A passkey sign-in through the real endpoints, in a browser without cookies: the answer's body. */
export async function passkeySignIn(t: TestApp, passkey: SoftwareAuthenticator): Promise<unknown> {
  const { structure, cookie } = await getOptions(t);
  return (
    await post(
      t,
      '/api/webauthn/get',
      passkey.assert({ challenge: structure.challenge, origin: ORIGIN, rpId: RP_ID }),
      cookie,
    )
  ).json();
}

/** Levels of every session row: a refused sign-in must leave none signed in. */
export async function signedInSessions(t: TestApp): Promise<number> {
  const rows = await t.db.selectFrom('sessions').select('level').where('level', '=', 'signed_in').execute();
  return rows.length;
}
