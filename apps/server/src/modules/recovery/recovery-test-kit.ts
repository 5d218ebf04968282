import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { normalizeEmail } from '@gatehouse/contract';
import { postJson, type TestApp } from '../../test/test-app.ts';
import { hashSessionId } from '../session/session.service.ts';

/** The token of the last link to this path in a mail text. */
export function tokenFromText(text: string, path: '/signin/reset-password' | '/signin/accept-invitation'): string {
  const match = [...text.matchAll(/(https?:\/\/[^\s/]+)(\/signin\/[\w-]+)\?token=([\w-]+)/g)]
    .filter((m) => m[2] === path)
    .at(-1);
  if (!match?.[3]) throw new Error(`no ${path} link in the mail`);
  return match[3];
}

/** POST /api/user/forgotpassword, then waits for the mail work done after the answer. */
export async function forgotPassword(
  t: TestApp,
  email: string,
  headers: Record<string, string> = {},
  remoteAddress?: string,
): Promise<LightMyRequestResponse> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/forgotpassword',
    headers: { 'content-type': 'application/json', origin: t.config.publicOrigin, ...headers },
    payload: JSON.stringify({ email }),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  await t.app.outbox.idle();
  return response;
}

/** A reset token mailed to the account through forgot password (development mailbox). */
export async function mailedResetToken(t: TestApp, email: string): Promise<string> {
  await forgotPassword(t, email);
  const mail = t.app.devMailbox?.latestTo(normalizeEmail(email));
  if (!mail) throw new Error(`no mail to ${email}`);
  return tokenFromText(mail.text, '/signin/reset-password');
}

export function setPassword(
  t: TestApp,
  route: 'resetpassword' | 'register',
  body: { token: string; password: string; password2: string },
  headers: Record<string, string> = {},
) {
  return postJson(t.app, `/api/user/${route}`, body, headers);
}

export function tokenInfo(t: TestApp, token?: string) {
  return t.app.inject({
    method: 'GET',
    url: token === undefined ? '/api/token/info' : `/api/token/info?token=${encodeURIComponent(token)}`,
  });
}

export async function userRow(t: TestApp, email: string) {
  return t.db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirstOrThrow();
}

/** A signed-in session for the account, as a sign-in on another browser would leave it; returns its cookie value. */
export async function signedInSessionFor(t: TestApp, userId: string): Promise<string> {
  const rawId = randomBytes(32).toString('base64url');
  const now = t.clock.now();
  await t.db
    .insertInto('sessions')
    .values({
      id_hash: hashSessionId(rawId),
      user_id: userId,
      level: 'signed_in',
      created_at: now,
      last_seen_at: now,
      expires_at: now + t.config.sessionAbsoluteMs,
    })
    .execute();
  return rawId;
}

/** A device that trusts the account (skips the PIN). */
export async function trustDevice(t: TestApp, userId: string, name = 'Firefox on Linux'): Promise<string> {
  const id = randomBytes(8).toString('hex');
  const now = t.clock.now();
  await t.db
    .insertInto('devices')
    .values({ id, token_hash: randomBytes(32).toString('hex'), created_at: now, last_seen_at: now })
    .execute();
  await t.db
    .insertInto('trusted_devices')
    .values({
      device_id: id,
      user_id: userId,
      device_name: name,
      trusted_at: now,
      pin_checked_at: now,
      recheck_skipped_at: null,
    })
    .execute();
  return id;
}

export function userInfo(t: TestApp, cookieName: string, sessionId: string) {
  return t.app.inject({ method: 'GET', url: '/api/user/info', cookies: { [cookieName]: sessionId } });
}
