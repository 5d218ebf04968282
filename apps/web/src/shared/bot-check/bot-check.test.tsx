import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod/mini';
import { createChallenge, sha, verifySolution } from 'altcha/lib';
import { BOT_CHECK_HEADER, ENDPOINTS, login, webauthnOfferSave, type Endpoint } from '@gatehouse/contract';
import { jsonResponse, TestProviders } from '../testing/test-utils';
import { ApiFailure, call, globalReaction, useGlobalFailureHandler } from '../api';
import { configureBotCheck, resetBotCheck } from './index';

const OFF = {
  reCaptcha: { siteKey: null, scriptUri: null, privacyPolicyUrl: null, termsUrl: null },
  botCheck: { kind: 'none' as const },
};
const RECAPTCHA = {
  ...OFF,
  reCaptcha: { ...OFF.reCaptcha, siteKey: 'site-key-1', scriptUri: 'https://www.google.com/recaptcha/api.js' },
};

/** A document that records the scripts the app appends, and a window where grecaptcha appears on load. */
function fakePage() {
  const scripts: (EventTarget & { src: string; async: boolean; removed: boolean; remove(): void })[] = [];
  const win = {} as Window;
  const doc = {
    createElement: () => {
      const script = Object.assign(new EventTarget(), {
        src: '',
        async: false,
        removed: false,
        remove: () => (script.removed = true),
      });
      return script;
    },
    head: { append: (script: (typeof scripts)[number]) => scripts.push(script) },
  } as unknown as Document;
  const execute = vi.fn(async (_siteKey: string, options: { action: string }) => `token-for-${options.action}`);
  return {
    doc,
    win,
    scripts,
    execute,
    /** The script arrives and grecaptcha becomes ready. */
    load(index = scripts.length - 1) {
      win.grecaptcha = { ready: (callback) => callback(), execute };
      scripts[index]?.dispatchEvent(new Event('load'));
    },
    fail(index = scripts.length - 1) {
      scripts[index]?.dispatchEvent(new Event('error'));
    },
  };
}

function stubFetch(
  impl: (url: string, init?: RequestInit) => Promise<Response> = async () => jsonResponse({ status: 'ok' }),
) {
  const fetchMock = vi.fn(impl);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const headerOf = (fetchMock: ReturnType<typeof stubFetch>, index = -1) =>
  new Headers(fetchMock.mock.calls.at(index)?.[1]?.headers).get(BOT_CHECK_HEADER);

/** Any endpoint, with permissive schemas: only the header matters here. */
function loose(endpoint: Endpoint): Endpoint {
  return { ...endpoint, body: endpoint.body && z.unknown(), query: endpoint.query && z.unknown(), answer: z.unknown() };
}

/** Waits until the lazily loaded implementation has appended `count` scripts. */
const scriptsAppended = (page: ReturnType<typeof fakePage>, count = 1) =>
  vi.waitFor(() => expect(page.scripts).toHaveLength(count));

beforeEach(() => resetBotCheck());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetBotCheck();
});

/** A page with the bot check configured for reCAPTCHA. */
function recaptchaPage() {
  const page = fakePage();
  configureBotCheck(RECAPTCHA, { document: page.doc, window: page.win });
  return page;
}

describe('the bot-check header', () => {
  it('goes on exactly the calls marked BC, empty while the check is off', async () => {
    configureBotCheck(OFF);
    const fetchMock = stubFetch();
    for (const endpoint of ENDPOINTS) {
      await call(loose(endpoint), { body: {} });
      expect(headerOf(fetchMock), endpoint.id).toBe(endpoint.botCheck ? '' : null);
    }
  });

  it('carries a reCAPTCHA token for the call’s own action once the script is ready, and nothing on other calls', async () => {
    const page = recaptchaPage();
    await scriptsAppended(page);
    expect(page.scripts.map((s) => [s.src, s.async])).toEqual([['https://www.google.com/recaptcha/api.js', true]]);
    page.load();
    const fetchMock = stubFetch();
    for (const endpoint of ENDPOINTS) {
      await call(loose(endpoint), { body: {} });
      expect(headerOf(fetchMock), endpoint.id).toBe(endpoint.botCheck ? `token-for-${endpoint.botCheck.action}` : null);
    }
    expect(page.execute).toHaveBeenCalledWith('site-key-1', { action: 'login' });
  });

  it('loads no script without both a site key and a script address', async () => {
    const page = fakePage();
    configureBotCheck(
      { ...OFF, reCaptcha: { ...OFF.reCaptcha, siteKey: 'site-key-1' } },
      { document: page.doc, window: page.win },
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(page.scripts).toHaveLength(0);
    const fetchMock = stubFetch();
    await call(login, { body: { username: 'a@b.sk', password: 'Secret123' } });
    expect(headerOf(fetchMock)).toBe('');
  });
});

describe('when the reCAPTCHA script fails', () => {
  it('does not send the call: it fails with bot_check_unavailable, and Retry loads the script again', async () => {
    const page = recaptchaPage();
    await scriptsAppended(page);
    page.fail();
    const fetchMock = stubFetch();
    const failure = await call(login, { body: { username: 'a@b.sk', password: 'Secret123' } }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect(failure).toMatchObject({ kind: 'bot_check_unavailable', endpointId: 'login' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(globalReaction(failure)).toEqual({ type: 'botCheckSnackbar' });

    // The message's Retry: a fresh script replaces the failed one.
    const { result } = renderHook(() => useGlobalFailureHandler({ reload: vi.fn() }), { wrapper: TestProviders });
    act(() => result.current(failure));
    expect(
      screen.getByText(
        'The security check could not be loaded, so the form cannot be sent. Check your connection and try again.',
      ),
    ).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await scriptsAppended(page, 2);
    expect(page.scripts[0]?.removed).toBe(true);
    page.load();
    await call(login, { body: { username: 'a@b.sk', password: 'Secret123' } });
    expect(headerOf(fetchMock)).toBe('token-for-login');
  });

  it('gives up on a script that never becomes ready after 10 seconds', async () => {
    vi.useFakeTimers();
    recaptchaPage();
    await vi.advanceTimersByTimeAsync(0);
    stubFetch();
    const pending = call(login, { body: { username: 'a@b.sk', password: 'Secret123' } }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(9_999);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ kind: 'bot_check_unavailable' });
  });

  it('still sends the optional passkey offer, with an empty token', async () => {
    const page = recaptchaPage();
    await scriptsAppended(page);
    page.fail();
    const fetchMock = stubFetch();
    await call(webauthnOfferSave, { body: { offerWebauthnRegistration: false } });
    expect(headerOf(fetchMock)).toBe('');
  });
});

describe('with ALTCHA', () => {
  const ALTCHA = { ...OFF, botCheck: { kind: 'altcha' as const, challengeUrl: '/api/botcheck/altcha' } };
  const HMAC = 'a-test-hmac-key-of-thirty-two-characters';

  it('solves the server’s challenge in the browser and sends the proof in the header, a fresh one per call', async () => {
    const challenges: unknown[] = [];
    const fetchMock = stubFetch(async (url) => {
      if (url === '/api/botcheck/altcha') {
        const challenge = await createChallenge({
          algorithm: 'SHA-256',
          cost: 1,
          counter: 300,
          deriveKey: sha.deriveKey,
          hmacSignatureSecret: HMAC,
        });
        challenges.push(challenge);
        return jsonResponse(challenge);
      }
      return jsonResponse({ status: 'ok' });
    });
    configureBotCheck(ALTCHA);
    const payloads: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      await call(login, { body: { username: 'a@b.sk', password: 'Secret123' } });
      payloads.push(
        headerOf(
          fetchMock,
          fetchMock.mock.calls.findLastIndex(([url]) => url === '/api/user/login'),
        ) ?? '',
      );
    }
    expect(new Set(payloads).size).toBe(2);
    for (const payload of payloads) {
      const { challenge, solution } = JSON.parse(atob(payload)) as Parameters<typeof verifySolution>[0];
      expect(
        (await verifySolution({ challenge, solution, deriveKey: sha.deriveKey, hmacSignatureSecret: HMAC })).verified,
      ).toBe(true);
    }
  });

  it('fails with bot_check_unavailable when no challenge can be fetched', async () => {
    stubFetch(async (url) =>
      url === '/api/botcheck/altcha' ? jsonResponse({ status: 'failed' }, 404) : jsonResponse({ status: 'ok' }),
    );
    configureBotCheck(ALTCHA);
    expect(
      await call(login, { body: { username: 'a@b.sk', password: 'Secret123' } }).catch((e: unknown) => e),
    ).toMatchObject({
      kind: 'bot_check_unavailable',
    });
  });
});
