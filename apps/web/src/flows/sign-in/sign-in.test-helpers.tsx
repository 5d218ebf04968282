// Test helpers of the sign-in flow: a fetch stub routed by method and path, and the flow in its providers.
import { vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import type { DeviceUser, Locale } from '@gatehouse/contract';
import { useServerError } from '../../shared/api';
import { jsonResponse, renderWithProviders } from '../../shared/testing/test-utils';
import { SignInFlow } from './sign-in-flow';
// What the flow loads on first use (React.lazy and import()): the later screens, the PIN screen's
// checkbox, the account menu, the passkey runtime with its library, the biometric-restricted
// dialog. Loaded with the test file, so a test waits for React and the stubbed calls, not for the
// first transform of these modules, which on a loaded machine took longer than a test's waits.
// The app still loads them lazily; the tests still wait for each screen to be shown.
import './screens/later-screens';
import './screens/remember-device-checkbox';
import './screens/remembered-user-menu';
import '../../shared/passkeys/passkey-runtime';
import '../../shared/passkeys/biometric-restricted-dialog';
import '@simplewebauthn/browser';

export { jsonResponse };

export interface Request {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

export type Handler = (request: Request) => Response | Promise<Response>;

/**
 * Stubs fetch with handlers keyed "METHOD /path" (the query string is not part of the key).
 * A handler given as an array answers call by call, the last one repeating.
 */
export function routeFetch(routes: Record<string, Handler | Handler[]>) {
  const requests: Request[] = [];
  const counts = new Map<string, number>();
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    const request: Request = {
      method,
      path: url.pathname,
      search: url.search,
      body: init.body === undefined ? undefined : JSON.parse(String(init.body)),
    };
    requests.push(request);
    const key = `${method} ${url.pathname}`;
    const route = routes[key];
    if (route === undefined) throw new Error(`unexpected call ${key}`);
    const n = counts.get(key) ?? 0;
    counts.set(key, n + 1);
    const handler = Array.isArray(route) ? route[Math.min(n, route.length - 1)] : route;
    if (handler === undefined) throw new Error(`no handler for ${key}`);
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, calls: (key: string) => requests.filter((r) => `${r.method} ${r.path}` === key) };
}

export const ok =
  (body: unknown = { status: 'ok' }) =>
  () =>
    jsonResponse(body);
export const attempts = (remaining: number, silent: number) => () =>
  jsonResponse({ status: 'ok', pin_code_remaining_attempts: remaining, pin_code_remaining_silent_attempts: silent });

function ServerErrorProbe() {
  return useServerError().failed ? <p>server-error state</p> : null;
}

export function renderFlow({
  users = [],
  contactUrl = null,
  resetLinkMinutes = null,
  locale = 'en',
}: {
  users?: readonly DeviceUser[];
  contactUrl?: string | null;
  resetLinkMinutes?: number | null;
  locale?: Locale;
} = {}) {
  const redirect = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(
    <>
      <SignInFlow
        rememberedUsers={users}
        redirect={redirect}
        contactUrl={contactUrl}
        resetLinkMinutes={resetLinkMinutes}
      />
      <ServerErrorProbe />
    </>,
    locale,
  );
  return { redirect, user };
}

export { eva, jana, petr } from './sign-in.fixtures';
export const ivan: DeviceUser = {
  userId: 'u4',
  email: 'ivan@example.sk',
  firstName: 'Ivan',
  surname: 'Veľký',
  loginName: 'ivan',
};
