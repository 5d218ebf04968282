import { describe, expect, it, vi } from 'vitest';
import type { Endpoint } from '@gatehouse/contract';
import { deviceUserList, serverInfo, serverVersion, userInfo } from '@gatehouse/contract';
import type { call } from '../shared/api';
import { ApiFailure } from '../shared/api';
import { readRedirectParam } from './start-up';
import { startUp } from './start-up.calls';

const ORIGIN = 'http://localhost:8080';

const ANSWERS: Record<string, unknown> = {
  [userInfo.id]: { status: 'ok', guest: true, language: 'en', user: null },
  [serverInfo.id]: {
    status: 'ok',
    reCaptcha: { siteKey: null, scriptUri: null, privacyPolicyUrl: null, termsUrl: null },
    contactUrl: null,
    redirectAllowlist: [],
  },
  [serverVersion.id]: { copyright: '© Provider' },
  [deviceUserList.id]: { status: 'ok', users: [] },
};

/** A call stub that records calls and answers only when released. */
function deferredCall(overrides: Record<string, unknown> = {}) {
  const started: string[] = [];
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const fake = vi.fn(async (endpoint: Endpoint) => {
    started.push(endpoint.id);
    await gate;
    const answer = { ...ANSWERS, ...overrides }[endpoint.id];
    if (answer instanceof Error) throw answer;
    return endpoint.answer.parse(answer);
  });
  return { fake: fake as unknown as typeof call, started, release };
}

describe('start-up', () => {
  it('sends the four calls at once, before any of them answers', async () => {
    const { fake, started, release } = deferredCall();
    const result = startUp({ call: fake, redirectParam: null, appOrigin: ORIGIN, replace: vi.fn() });
    await Promise.resolve();
    expect(started.sort()).toEqual([userInfo.id, serverInfo.id, serverVersion.id, deviceUserList.id].sort());
    release();
    await expect(result).resolves.toMatchObject({ type: 'signIn' });
  });

  it('sends a signed-in user to a safe redirect on the same origin', async () => {
    const { fake, release } = deferredCall({
      [userInfo.id]: {
        status: 'ok',
        guest: false,
        language: 'sk',
        user: { id: 'u1', email: 'a@b.sk', firstName: 'A', surname: 'B' },
      },
    });
    const replace = vi.fn();
    release();
    const result = await startUp({
      call: fake,
      redirectParam: readRedirectParam('?redirect=%2Fportal%3Ftab%3D2'),
      appOrigin: ORIGIN,
      replace,
    });
    expect(replace).toHaveBeenCalledWith('/portal?tab=2');
    expect(result).toMatchObject({ type: 'redirecting', to: '/portal?tab=2' });
  });

  it('refuses a redirect to another origin and goes to the default page', async () => {
    const { fake, release } = deferredCall({
      [userInfo.id]: { status: 'ok', guest: false, language: 'sk', user: null },
    });
    const replace = vi.fn();
    release();
    await startUp({
      call: fake,
      redirectParam: readRedirectParam('?redirect=https%3A%2F%2Fevil.example%2F'),
      appOrigin: ORIGIN,
      replace,
    });
    expect(replace).toHaveBeenCalledWith('/');
  });

  it('honours an origin the server puts on the redirect allowlist', async () => {
    const { fake, release } = deferredCall({
      [userInfo.id]: { status: 'ok', guest: false, language: 'sk', user: null },
      [serverInfo.id]: { status: 'ok', redirectAllowlist: ['https://portal.example'] },
    });
    const replace = vi.fn();
    release();
    await startUp({ call: fake, redirectParam: 'https://portal.example/home', appOrigin: ORIGIN, replace });
    expect(replace).toHaveBeenCalledWith('https://portal.example/home');
  });

  it('fails when user info is not valid or a call fails', async () => {
    const invalid = deferredCall({ [userInfo.id]: { status: 'ok' } });
    invalid.release();
    await expect(
      startUp({ call: invalid.fake, redirectParam: null, appOrigin: ORIGIN, replace: vi.fn() }),
    ).resolves.toMatchObject({ type: 'failed' });
    const broken = deferredCall({ [serverVersion.id]: new ApiFailure('http', serverVersion.id, 500) });
    broken.release();
    await expect(
      startUp({ call: broken.fake, redirectParam: null, appOrigin: ORIGIN, replace: vi.fn() }),
    ).resolves.toMatchObject({ type: 'failed' });
  });

  it('keeps the language of user info when another start-up call fails', async () => {
    const broken = deferredCall({
      [userInfo.id]: { status: 'ok', guest: true, language: 'cs', user: null },
      [serverVersion.id]: new ApiFailure('http', serverVersion.id, 500),
    });
    broken.release();
    await expect(
      startUp({ call: broken.fake, redirectParam: null, appOrigin: ORIGIN, replace: vi.fn() }),
    ).resolves.toMatchObject({
      type: 'failed',
      language: 'cs',
    });
  });
});
