import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { BOT_CHECK_HEADER, ENDPOINTS, type BotCheckAction } from '@gatehouse/contract';
import { ConfigError, loadConfig } from '../../config/config.ts';
import { createTestApp, DEMO, postJson, snapshot, type TestApp } from '../../test/test-app.ts';

const SECRET = 'server-side-secret-7f3a9c';
const SITE_KEY = 'site-key-public-123';
const HMAC_KEY = 'altcha-hmac-key-that-is-long-enough-0123456789';

// ---------------------------------------------------------------------------
// A local stand-in for Google's siteverify: each test says how it answers.
// ---------------------------------------------------------------------------

type Verdict = { status?: number; body?: unknown } | 'hang';
interface VerifyRequest {
  secret: string | null;
  response: string | null;
  remoteip: string | null;
}

let verdict: (form: VerifyRequest) => Verdict = () => ({ status: 500 });
const received: VerifyRequest[] = [];
let verifier: http.Server;
let verifyUrl = '';

/** What Google answers for a good token of `action` (tokens in these tests are "good:<action>"). */
function google(form: VerifyRequest, overrides: Record<string, unknown> = {}): Verdict {
  const action = form.response?.startsWith('good:') ? form.response.slice(5) : undefined;
  if (form.secret !== SECRET || action === undefined)
    return { body: { success: false, 'error-codes': ['invalid-input-response'] } };
  return {
    body: {
      success: true,
      score: 0.9,
      action,
      hostname: 'localhost',
      challenge_ts: '2026-01-15T09:00:00Z',
      ...overrides,
    },
  };
}

beforeAll(async () => {
  verifier = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const params = new URLSearchParams(raw);
      const form = { secret: params.get('secret'), response: params.get('response'), remoteip: params.get('remoteip') };
      received.push(form);
      const answer = verdict(form);
      if (answer === 'hang') return; // never answers: the server must time out
      response.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
  verifyUrl = `http://127.0.0.1:${(verifier.address() as AddressInfo).port}/recaptcha/api/siteverify`;
});

afterAll(async () => {
  verifier.closeAllConnections();
  await new Promise((resolve) => verifier.close(resolve));
});

const recaptchaEnv = () => ({
  BOT_CHECK: 'recaptcha',
  RECAPTCHA_SITE_KEY: SITE_KEY,
  RECAPTCHA_SECRET: SECRET,
  RECAPTCHA_VERIFY_URL: verifyUrl,
  RECAPTCHA_TIMEOUT_MS: '300',
});

// ---------------------------------------------------------------------------
// The marked calls, each with a well-formed payload.
// ---------------------------------------------------------------------------

const credential = {
  id: 'AAAA',
  type: 'public-key',
  rawId: 'AAAA',
  response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' },
};
const newPassword = { token: 'x'.repeat(43), password: 'Brand-New-Pass-4', password2: 'Brand-New-Pass-4' };

const MARKED: {
  action: BotCheckAction;
  send: (t: TestApp, headers: Record<string, string>) => ReturnType<typeof postJson>;
}[] = [
  {
    action: 'login',
    send: (t, h) => postJson(t.app, '/api/user/login', { username: DEMO.email, password: DEMO.password }, h),
  },
  { action: 'forgot_password', send: (t, h) => postJson(t.app, '/api/user/forgotpassword', { email: DEMO.email }, h) },
  { action: 'reset_password', send: (t, h) => postJson(t.app, '/api/user/resetpassword', newPassword, h) },
  { action: 'register', send: (t, h) => postJson(t.app, '/api/user/register', newPassword, h) },
  {
    action: 'token_info',
    send: (t, h) => t.app.inject({ method: 'GET', url: `/api/token/info?token=${'y'.repeat(43)}`, headers: h }),
  },
  { action: 'webauthn_get_post', send: (t, h) => postJson(t.app, '/api/webauthn/get', credential, h) },
  {
    action: 'secure_account_info',
    send: (t, h) => t.app.inject({ method: 'GET', url: `/api/user/secureaccount?token=${'y'.repeat(43)}`, headers: h }),
  },
  {
    action: 'secure_account',
    send: (t, h) => postJson(t.app, '/api/user/secureaccount', { token: 'z'.repeat(43) }, h),
  },
];

const reasonsOf = (response: { json: () => unknown }) => (response.json() as { reasons?: string[] }).reasons ?? [];
const refused = (response: { statusCode: number; json: () => unknown }) =>
  response.statusCode === 200 && reasonsOf(response).includes('bot_check_failed');
const token = (value: string) => ({ [BOT_CHECK_HEADER]: value });

describe('the marked calls', () => {
  it('are exactly the calls of the contract with a bot check, each covered here', () => {
    const covered = [...MARKED.map((m) => m.action), 'webauthn_offer'];
    expect(ENDPOINTS.flatMap((e) => (e.botCheck ? [e.botCheck.action] : [])).sort()).toEqual(covered.sort());
  });
});

describe('with the bot check off (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.accounts.create(DEMO);
  });
  afterAll(() => t.close());

  it('accepts every marked call with an empty token and with none', async () => {
    for (const call of MARKED) {
      expect(refused(await call.send(t, token(''))), call.action).toBe(false);
      expect(refused(await call.send(t, {})), call.action).toBe(false);
    }
  });

  it('tells the app that the check is off: no site key, no script, kind none', async () => {
    const info = (await t.app.inject('/api/server/info')).json() as Record<string, unknown>;
    expect(info.reCaptcha).toEqual({ siteKey: null, scriptUri: null, privacyPolicyUrl: null, termsUrl: null });
    expect(info.botCheck).toEqual({ kind: 'none' });
  });

  it('allows no third-party origin in the CSP', async () => {
    const csp = String((await t.app.inject('/signin/')).headers['content-security-policy']);
    expect(csp).not.toContain('google.com');
    expect(csp).not.toContain('gstatic.com');
    expect(csp).not.toContain('frame-src');
  });

  it('has no ALTCHA challenge to give', async () => {
    expect((await t.app.inject('/api/botcheck/altcha')).statusCode).toBe(404);
  });
});

describe('with reCAPTCHA v3', () => {
  let t: TestApp;
  const logs: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      env: { ...recaptchaEnv(), LOG_LEVEL: 'info' },
      deps: { logStream: { write: (line) => void logs.push(line) } },
    });
    await t.accounts.create(DEMO);
  });
  afterAll(() => t.close());
  afterEach(() => {
    verdict = google;
    received.length = 0;
  });

  it.each(MARKED)(
    'refuses $action without a token, with an empty one and with a refused one, changing nothing',
    async ({ send }) => {
      verdict = google;
      const before = await snapshot(t.db);
      for (const headers of [{}, token(''), token('forged')]) {
        const response = await send(t, headers);
        expect(response.json()).toEqual({ status: 'failed', reasons: ['bot_check_failed'] });
      }
      expect(await snapshot(t.db)).toEqual(before);
    },
  );

  it.each(MARKED)('accepts $action with a token the verifier passes for that action', async ({ action, send }) => {
    verdict = google;
    const response = await send(t, token(`good:${action}`));
    expect(refused(response)).toBe(false);
    expect(received.at(-1)).toEqual({ secret: SECRET, response: `good:${action}`, remoteip: '127.0.0.1' });
  });

  it('refuses a token solved for another action', async () => {
    verdict = google;
    expect(refused(await MARKED[0]!.send(t, token('good:register')))).toBe(true);
  });

  it('refuses a score below RECAPTCHA_MIN_SCORE (0.5) and accepts one at it', async () => {
    verdict = (form) => google(form, { score: 0.3 });
    expect(refused(await MARKED[0]!.send(t, token('good:login')))).toBe(true);
    verdict = (form) => google(form, { score: 0.5 });
    expect(refused(await MARKED[0]!.send(t, token('good:login')))).toBe(false);
  });

  it('refuses an answer with success false even when it names the action and a high score', async () => {
    verdict = (form) => google(form, { success: false });
    expect(refused(await MARKED[0]!.send(t, token('good:login')))).toBe(true);
  });

  it('refuses a token solved on another site', async () => {
    verdict = (form) => google(form, { hostname: 'evil.example' });
    expect(refused(await MARKED[0]!.send(t, token('good:login')))).toBe(true);
  });

  it.each([
    ['an HTTP error', (): Verdict => ({ status: 503, body: { error: 'unavailable' } })],
    ['an answer that is not siteverify JSON', (): Verdict => ({ body: ['nonsense'] })],
    ['no answer within the time-out', (): Verdict => 'hang'],
  ])('fails closed on %s from the verifier', async (_name, answer) => {
    verdict = answer;
    const before = await snapshot(t.db);
    const response = await MARKED[0]!.send(t, token('good:login'));
    expect(response.json()).toEqual({ status: 'failed', reasons: ['bot_check_failed'] });
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('checks the optional passkey offer only when a token is sent', async () => {
    verdict = google;
    const offer = (headers: Record<string, string>) =>
      postJson(t.app, '/api/webauthn/offer', { offerWebauthnRegistration: false }, headers);
    expect(refused(await offer({}))).toBe(false);
    expect(refused(await offer(token('')))).toBe(false);
    expect(received).toHaveLength(0);
    expect(refused(await offer(token('forged')))).toBe(true);
    expect(refused(await offer(token('good:webauthn_offer')))).toBe(false);
  });

  it('ignores the header on calls that are not marked', async () => {
    verdict = google;
    expect((await t.app.inject({ url: '/api/user/info', headers: token('forged') })).json()).toMatchObject({
      status: 'ok',
    });
    expect(refused(await postJson(t.app, '/api/user/pincode', { pin_code: 'ABCDEF' }, token('forged')))).toBe(false);
    expect(received).toHaveLength(0);
  });

  it('gives the app the site key, script and notice links, and never the secret', async () => {
    const response = await t.app.inject('/api/server/info');
    expect(response.json()).toMatchObject({
      reCaptcha: {
        siteKey: SITE_KEY,
        scriptUri: 'https://www.google.com/recaptcha/api.js',
        privacyPolicyUrl: 'https://policies.google.com/privacy',
        termsUrl: 'https://policies.google.com/terms',
      },
      botCheck: { kind: 'recaptcha' },
    });
    expect(response.body).not.toContain(SECRET);
  });

  it("allows Google's reCAPTCHA origins in the CSP for script, frame and connect", async () => {
    const csp = String((await t.app.inject('/signin/')).headers['content-security-policy']);
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).toBe(
      "script-src 'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/",
    );
    expect(directive('frame-src')).toBe(
      'frame-src https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/',
    );
    expect(directive('connect-src')).toContain('https://www.google.com/recaptcha/');
    expect(csp).not.toContain("'unsafe-inline'");
  });

  it('writes neither the secret nor any token to the log', async () => {
    verdict = google;
    await MARKED[0]!.send(t, token('good:login'));
    await MARKED[0]!.send(t, token('forged-token-value'));
    verdict = () => ({ status: 500 });
    await MARKED[0]!.send(t, token('good:login'));
    const all = logs.join('\n');
    expect(all).toContain('bot check refused');
    expect(all).toContain('bot check unavailable');
    expect(all).not.toContain(SECRET);
    expect(all).not.toContain('forged-token-value');
    expect(all).not.toContain('good:login');
  });
});

describe('with reCAPTCHA from another script address', () => {
  it('allows that address’s folder in script-src', async () => {
    const t = await createTestApp({
      env: { ...recaptchaEnv(), RECAPTCHA_SCRIPT_URI: 'http://localhost:9999/stand-in/recaptcha.js' },
    });
    try {
      const csp = String((await t.app.inject('/signin/')).headers['content-security-policy']);
      expect(csp).toContain("script-src 'self' http://localhost:9999/stand-in/ https://www.google.com/recaptcha/");
      // Google's script writes to DOM sinks: no Trusted Types with reCAPTCHA (docs/decisions/0183-trusted-types.md).
      expect(csp).not.toContain('trusted-types');
    } finally {
      await t.close();
    }
  });
});

// ---------------------------------------------------------------------------
// ALTCHA: solved here with altcha-lib's own solver, as the browser does.
// ---------------------------------------------------------------------------

describe('with ALTCHA', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        BOT_CHECK: 'altcha',
        ALTCHA_HMAC_KEY: HMAC_KEY,
        ALTCHA_MAX_NUMBER: '2000',
        ALTCHA_CHALLENGE_TTL_SECONDS: '60',
      },
    });
    await t.accounts.create(DEMO);
  });
  afterAll(() => t.close());

  async function freshChallenge(): Promise<Challenge> {
    const response = await t.app.inject('/api/botcheck/altcha');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json() as Challenge;
  }

  async function solved(challenge?: Challenge): Promise<string> {
    const toSolve = challenge ?? (await freshChallenge());
    const solution = await solveChallenge({ challenge: toSolve, deriveKey, timeout: 10_000 });
    if (!solution) throw new Error('not solved');
    return Buffer.from(JSON.stringify({ challenge: toSolve, solution })).toString('base64');
  }

  it('tells the app where to fetch a challenge, and shows no reCAPTCHA', async () => {
    const info = (await t.app.inject('/api/server/info')).json() as Record<string, unknown>;
    expect(info.botCheck).toEqual({ kind: 'altcha', challengeUrl: '/api/botcheck/altcha' });
    expect(info.reCaptcha).toEqual({ siteKey: null, scriptUri: null, privacyPolicyUrl: null, termsUrl: null });
    expect(JSON.stringify(info)).not.toContain(HMAC_KEY);
  });

  it('gives a fresh signed challenge each time', async () => {
    const [a, b] = [await freshChallenge(), await freshChallenge()];
    expect(a.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(a.parameters.nonce).not.toBe(b.parameters.nonce);
  });

  it.each(MARKED)('refuses $action without a solved challenge and accepts it with one', async ({ send }) => {
    expect(refused(await send(t, {}))).toBe(true);
    expect(refused(await send(t, token('not-base64-json')))).toBe(true);
    expect(refused(await send(t, token(await solved())))).toBe(false);
  });

  it('accepts a solved challenge once: a replay is refused and changes nothing', async () => {
    const payload = await solved();
    expect(refused(await MARKED[1]!.send(t, token(payload)))).toBe(false);
    const before = await snapshot(t.db);
    expect(refused(await MARKED[0]!.send(t, token(payload)))).toBe(true);
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('refuses a challenge solved after it expired', async () => {
    const payload = await solved();
    t.clock.advance(61_000);
    expect(refused(await MARKED[1]!.send(t, token(payload)))).toBe(true);
  });

  it('refuses a challenge whose parameters were changed (a later expiry, an easier prefix)', async () => {
    const challenge = await freshChallenge();
    const later = structuredClone(challenge);
    later.parameters.data = { expiresAtMs: Number.MAX_SAFE_INTEGER };
    expect(refused(await MARKED[1]!.send(t, token(await solved(later))))).toBe(true);
    const easier = structuredClone(challenge);
    easier.parameters.keyPrefix = '0';
    expect(refused(await MARKED[1]!.send(t, token(await solved(easier))))).toBe(true);
  });

  it('refuses a challenge signed with another key', async () => {
    const other = await createTestApp({
      env: { BOT_CHECK: 'altcha', ALTCHA_HMAC_KEY: `${HMAC_KEY}-other`, ALTCHA_MAX_NUMBER: '2000' },
    });
    try {
      const foreign = (await other.app.inject('/api/botcheck/altcha')).json() as Challenge;
      expect(refused(await MARKED[1]!.send(t, token(await solved(foreign))))).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('refuses a wrong solution to a genuine challenge', async () => {
    const challenge = await freshChallenge();
    const payload = { challenge, solution: { counter: 1, derivedKey: '00'.repeat(32) } };
    expect(refused(await MARKED[1]!.send(t, token(Buffer.from(JSON.stringify(payload)).toString('base64'))))).toBe(
      true,
    );
  });

  it('needs nothing beyond its own origin in the CSP', async () => {
    const csp = String((await t.app.inject('/signin/')).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('blob:');
    expect(csp).not.toContain('google');
  });
});

describe('bot-check configuration', () => {
  const base = { NODE_ENV: 'test', DATABASE_URL: ':memory:' };
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig({ ...base, ...env });
    } catch (error) {
      if (error instanceof ConfigError) return error.problems.join('\n');
      throw error;
    }
    return '';
  };

  it('is off by default', () => {
    expect(loadConfig(base).botCheck).toEqual({ kind: 'none' });
  });

  it('names an unknown kind', () => {
    expect(problems({ BOT_CHECK: 'hcaptcha' })).toContain('BOT_CHECK: must be one of none, recaptcha, altcha');
  });

  it('needs the site key and the secret for reCAPTCHA, and a score from 0 to 1', () => {
    const missing = problems({ BOT_CHECK: 'recaptcha' });
    expect(missing).toContain('RECAPTCHA_SITE_KEY: required when BOT_CHECK is recaptcha');
    expect(missing).toContain('RECAPTCHA_SECRET: required when BOT_CHECK is recaptcha');
    expect(problems({ ...recaptchaEnv(), RECAPTCHA_MIN_SCORE: '1.5' })).toContain(
      'RECAPTCHA_MIN_SCORE: must be a number from 0 to 1',
    );
    expect(problems({ ...recaptchaEnv(), RECAPTCHA_VERIFY_URL: 'ftp://x' })).toContain(
      'RECAPTCHA_VERIFY_URL: must be an absolute http(s) URL',
    );
  });

  it("uses Google's addresses and a minimum score of 0.5 unless told otherwise", () => {
    expect(
      loadConfig({ ...base, BOT_CHECK: 'recaptcha', RECAPTCHA_SITE_KEY: SITE_KEY, RECAPTCHA_SECRET: SECRET }).botCheck,
    ).toMatchObject({
      scriptUri: 'https://www.google.com/recaptcha/api.js',
      verifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
      minScore: 0.5,
    });
  });

  it('needs an ALTCHA HMAC key of at least 32 characters and never echoes it', () => {
    expect(problems({ BOT_CHECK: 'altcha' })).toContain('ALTCHA_HMAC_KEY: required when BOT_CHECK is altcha');
    const short = problems({ BOT_CHECK: 'altcha', ALTCHA_HMAC_KEY: 'short-secret-value' });
    expect(short).toContain('ALTCHA_HMAC_KEY: must be at least 32 characters');
    expect(short).not.toContain('short-secret-value');
  });
});
