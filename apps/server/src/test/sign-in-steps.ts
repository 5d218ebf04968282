import type { LightMyRequestResponse } from 'fastify';
import type { NewAccount } from '../modules/user/account.service.ts';
import { postJson, sessionCookie, type TestApp } from './test-app.ts';

/** Cookie header for the session and device cookies (plain-http loopback names). */
export function cookies(values: { session?: string | undefined; device?: string | undefined }): Record<string, string> {
  const parts = [
    ...(values.session ? [`gh_session=${values.session}`] : []),
    ...(values.device ? [`gh_device=${values.device}`] : []),
  ];
  return parts.length > 0 ? { cookie: parts.join('; ') } : {};
}

export const deviceCookie = (response: LightMyRequestResponse) => response.cookies.find((c) => c.name === 'gh_device');

export function login(
  t: TestApp,
  account: Pick<NewAccount, 'email' | 'password'>,
  values: { session?: string; device?: string } = {},
  headers: Record<string, string> = {},
) {
  return postJson(
    t.app,
    '/api/user/login',
    { username: account.email, password: account.password },
    { ...cookies(values), ...headers },
  );
}

/** The PIN of the newest mail to this address in the development mailbox (its WebOTP line). */
export function latestPin(t: TestApp, email: string): string {
  const mail = t.app.devMailbox?.latestTo(email);
  const pin = mail?.text.match(/#([A-Z0-9]{6})$/)?.[1];
  if (!pin) throw new Error(`no PIN mail for ${email}`);
  return pin;
}

export function submitPin(
  t: TestApp,
  pin: string,
  values: { session?: string; device?: string },
  headers: Record<string, string> = {},
) {
  return postJson(t.app, '/api/user/pincode', { pin_code: pin }, { ...cookies(values), ...headers });
}

/** Password, then the mailed PIN: the session (signed in) and device cookies. */
export async function signInWithPin(
  t: TestApp,
  account: Pick<NewAccount, 'email' | 'password'>,
  values: { session?: string; device?: string } = {},
  /** Sent with both steps (a browser's User-Agent). */
  headers: Record<string, string> = {},
): Promise<{ session: string; device: string }> {
  const first = await login(t, account, values, headers);
  const status = (first.json() as { status: string }).status;
  if (status === 'ok')
    return { session: sessionCookie(first)?.value ?? '', device: deviceCookie(first)?.value ?? values.device ?? '' };
  const passwordSession = sessionCookie(first)?.value;
  if (!passwordSession) throw new Error(`login answered ${JSON.stringify(first.json())}`);
  const second = await submitPin(
    t,
    latestPin(t, account.email),
    { session: passwordSession, device: values.device },
    headers,
  );
  const session = sessionCookie(second)?.value;
  if ((second.json() as { status: string }).status !== 'ok' || !session)
    throw new Error(`PIN answered ${JSON.stringify(second.json())}`);
  return { session, device: deviceCookie(second)?.value ?? values.device ?? '' };
}
