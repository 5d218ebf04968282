import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOT_CHECK_HEADER, deviceUserRemove, login, serverVersion, userInfo } from '@gatehouse/contract';
import { jsonResponse } from '../testing/test-utils';
import { ApiFailure, parseRetryAfter } from './api-failure';
import { call } from './call';

function stubFetch(impl: (url: string, init: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn(impl);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function failureOf(promise: Promise<unknown>): Promise<ApiFailure> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiFailure)) throw new Error(`expected an ApiFailure, got ${String(error)}`);
  return error;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('call', () => {
  it('returns the answer parsed with the endpoint schema', async () => {
    stubFetch(async () => jsonResponse({ copyright: '© 2025 Provider', version: '1.0.0' }));
    await expect(call(serverVersion)).resolves.toEqual({ copyright: '© 2025 Provider', version: '1.0.0' });
  });

  it('sends the JSON body with same-origin credentials and the bot-check header', async () => {
    const fetchMock = stubFetch(async () => jsonResponse({ status: 'ok' }));
    await call(login, { body: { username: 'a@b.sk', password: 'Secret123' }, botToken: 'token-1' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/user/login');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'a@b.sk', password: 'Secret123' });
    const headers = new Headers(init?.headers);
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get(BOT_CHECK_HEADER)).toBe('token-1');
  });

  it('sends a bodiless call without a body or JSON content type, with its query', async () => {
    const fetchMock = stubFetch(async () => jsonResponse({ status: 'ok', users: [] }));
    await call(deviceUserRemove, { query: { userId: 'u 1' } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/device/userlist?userId=u+1');
    expect(init?.body).toBeUndefined();
    expect(new Headers(init?.headers).has('Content-Type')).toBe(false);
  });

  it('fails with "network" when there is no answer at all', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    const failure = await failureOf(call(userInfo));
    expect(failure.kind).toBe('network');
    expect(failure.status).toBeNull();
  });

  it('fails with the HTTP status, the reasons and the Retry-After wait', async () => {
    stubFetch(async () =>
      jsonResponse({ status: 'failed', reasons: ['too_many_requests'] }, 429, { 'Retry-After': '90' }),
    );
    const failure = await failureOf(call(userInfo));
    expect(failure).toMatchObject({ kind: 'http', status: 429, reasons: ['too_many_requests'], retryAfterS: 90 });
  });

  it('fails with "unparsable" when a 2xx answer is not JSON', async () => {
    stubFetch(async () => new Response('<html>proxy error</html>', { status: 200 }));
    expect((await failureOf(call(userInfo))).kind).toBe('unparsable');
  });

  it('fails with "unparsable" when the answer does not match the contract', async () => {
    stubFetch(async () => jsonResponse({ version: 3 }));
    expect((await failureOf(call(serverVersion))).kind).toBe('unparsable');
  });

  it('fails with "app_error" when any answer carries the reason app_error', async () => {
    stubFetch(async () => jsonResponse({ status: 'failed', reasons: ['app_error'] }));
    expect((await failureOf(call(login, { body: { username: 'a@b.sk', password: 'x' } }))).kind).toBe('app_error');
  });
});

describe('parseRetryAfter', () => {
  it('reads delay-seconds and HTTP dates, and nothing else', () => {
    expect(parseRetryAfter('120')).toBe(120);
    expect(parseRetryAfter(new Date(10_000 + 30_000).toUTCString(), 10_000)).toBe(30);
    expect(parseRetryAfter('soon')).toBeNull();
    expect(parseRetryAfter(null)).toBeNull();
  });
});
