import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hostileRedirects } from '../../../../packages/contract/src/hostile-redirects.ts';
import { createTestApp, DEMO, ORIGIN, postJson, sessionCookie, snapshot, type TestApp } from '../test/test-app.ts';
import { cookies, signInWithPin } from '../test/sign-in-steps.ts';
import { forgotPassword } from '../modules/recovery/recovery-test-kit.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  await t.accounts.create(DEMO);
});
afterEach(() => t.close());

const raw = (payload: string, contentType = 'application/json') =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    headers: { 'content-type': contentType, origin: ORIGIN },
    payload,
  });

describe('malformed requests are refused with a reason and change nothing', () => {
  const cases: Array<[string, () => ReturnType<typeof raw>, number, string]> = [
    ['malformed JSON', () => raw('{"username": "a@b.test", '), 400, 'invalid_parameter'],
    [
      'a wrong content type',
      () => raw('username=a&password=b', 'application/x-www-form-urlencoded'),
      415,
      'invalid_parameter',
    ],
    ['text/plain', () => raw('{"username":"a","password":"b"}', 'text/plain'), 415, 'invalid_parameter'],
    ['a missing field', () => raw(JSON.stringify({ username: DEMO.email })), 400, 'missing_parameter'],
    [
      'an extra field',
      () => raw(JSON.stringify({ username: DEMO.email, password: DEMO.password, admin: true })),
      400,
      'invalid_parameter',
    ],
    ['a wrong type', () => raw(JSON.stringify({ username: DEMO.email, password: 12345678 })), 400, 'invalid_parameter'],
    ['an array body', () => raw('[1,2]'), 400, 'invalid_parameter'],
    [
      'a __proto__ key',
      () => raw(`{"username":"${DEMO.email}","password":"${DEMO.password}","__proto__":{"x":1}}`),
      400,
      'invalid_parameter',
    ],
    [
      'a constructor.prototype key',
      () => raw(`{"username":"a","password":"b","constructor":{"prototype":{"x":1}}}`),
      400,
      'invalid_parameter',
    ],
    [
      'a body over 16 KiB',
      () => raw(JSON.stringify({ username: DEMO.email, password: 'x'.repeat(17 * 1024) })),
      413,
      'invalid_parameter',
    ],
  ];

  for (const [what, send, status, reason] of cases) {
    it(`answers ${status} ${reason} for ${what}`, async () => {
      const before = await snapshot(t.db);
      const response = await send();
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ status: 'failed', reasons: [reason] });
      expect(response.body).not.toMatch(/at .*\.ts|SELECT|node_modules|Error/);
      expect(sessionCookie(response)).toBeUndefined();
      expect(await snapshot(t.db)).toEqual(before);
    });
  }

  it('accepts a bodiless sign-out without a content type', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: { origin: ORIGIN } });
    expect(response.statusCode).toBe(200);
  });
});

describe('routes', () => {
  it('answers server info, version and the device user list', async () => {
    expect((await t.app.inject('/api/server/info')).json()).toEqual({
      status: 'ok',
      reCaptcha: { siteKey: null, scriptUri: null, privacyPolicyUrl: null, termsUrl: null },
      contactUrl: null,
      redirectAllowlist: [],
      botCheck: { kind: 'none' },
      resetLinkMinutes: 60,
    });
    expect((await t.app.inject('/api/server/version')).json()).toEqual({
      copyright: '© 2026 Gatehouse',
      version: '0.1.0',
    });
    expect((await t.app.inject('/api/device/userlist')).json()).toEqual({ status: 'ok', users: [] });
  });

  it('passes the configured contact address, redirect allowlist, reset-link validity and copyright on', async () => {
    const custom = await createTestApp({
      env: {
        CONTACT_URL: 'https://clinic.example/contact',
        COPYRIGHT: '© Clinic',
        REDIRECT_ALLOWLIST: 'https://portal.clinic.example',
        RESET_TOKEN_TTL_MINUTES: '30',
      },
    });
    try {
      expect((await custom.app.inject('/api/server/info')).json().redirectAllowlist).toEqual([
        'https://portal.clinic.example',
      ]);
      expect((await custom.app.inject('/api/server/info')).json().contactUrl).toBe('https://clinic.example/contact');
      expect((await custom.app.inject('/api/server/info')).json().resetLinkMinutes).toBe(30);
      // The reset mail says the same minutes as the app.
      await custom.accounts.create(DEMO);
      await forgotPassword(custom, DEMO.email);
      const validity = custom.app.devMailbox
        ?.latestTo(DEMO.email)
        ?.text.split('\n')
        .find((line) => /minut/.test(line));
      expect(validity).toMatch(/\b30 minut/);
      expect((await custom.app.inject('/api/server/version')).json().copyright).toBe('© Clinic');
    } finally {
      await custom.close();
    }
  });

  it('never throttles the start-up calls', async () => {
    const calls = ['/api/user/info', '/api/server/info', '/api/server/version', '/api/device/userlist'];
    for (let i = 0; i < 60; i++) {
      for (const url of calls) expect((await t.app.inject({ url, remoteAddress: '192.0.2.1' })).statusCode).toBe(200);
    }
  });

  it('answers an unknown API path with 404 JSON and a wrong method with 405', async () => {
    const unknown = await t.app.inject('/api/nothing/here');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 'failed', reasons: ['invalid_parameter'] });
    const wrongMethod = await t.app.inject({ method: 'GET', url: '/api/user/login' });
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.headers.allow).toBe('POST');
    expect(wrongMethod.json()).toEqual({ status: 'failed', reasons: ['invalid_parameter'] });
  });

  it("redirects unknown pages to the sign-in app, and the app's pages to themselves, with their query", async () => {
    for (const [url, location] of [
      ['/anything', '/signin/'],
      ['/anything?redirect=%2Fportal', '/signin/?redirect=%2Fportal'],
      ['/reset-password?token=ab-C_1', '/signin/reset-password?token=ab-C_1'],
      ['/accept-invitation/?token=t1&redirect=%2F', '/signin/accept-invitation?token=t1&redirect=%2F'],
      ['/tm-controls', '/signin/tm-controls'],
    ]) {
      const response = await t.app.inject(url ?? '');
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location, url).toBe(location);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const bare = await t.app.inject('/signin?redirect=%2F');
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/signin/?redirect=%2F');
    // A permanent redirect would be kept by the browser for good; where it leads depends on the configuration.
    expect(bare.headers['cache-control']).toBe('no-store');
  });

  it('sends every Location through the redirect rule: whatever the request, the target stays on the public origin', async () => {
    const paths = hostileRedirects(ORIGIN).flatMap(({ query }) => [
      `/signin?redirect=${query}`,
      `/signin?${query}`,
      `/${query}`,
      `/x/..${query.startsWith('/') ? '' : '/'}${query}`,
    ]);
    paths.push(
      '//evil.example',
      '///evil.example/',
      '/\\evil.example',
      '/signin?/..//evil.example',
      '/..//evil.example',
      '/%2e%2e//evil.example',
    );
    let redirects = 0;
    for (const url of paths) {
      const response = await t.app.inject({ method: 'GET', url });
      // 503 is the page of an app that is not built (tests serve none); never a 500.
      expect(response.statusCode, url).not.toBe(500);
      const location = response.headers.location;
      if (location === undefined) continue;
      redirects += 1;
      expect(
        typeof location === 'string' && !location.startsWith('//') && !location.startsWith('/\\'),
        `${url} → ${String(location)}`,
      ).toBe(true);
      expect(new URL(String(location), `${ORIGIN}/deep/page`).origin, `${url} → ${String(location)}`).toBe(ORIGIN);
    }
    expect(redirects).toBeGreaterThan(300);
  });

  it('keeps a query it cannot pass on safely out of the /signin redirect', async () => {
    const response = await t.app.inject('/signin?a=%0A\\');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/signin/');
  });
});

describe('the redirect of an unknown page', () => {
  // What the browser finally does with the Location: resolved against this site, it must stay here, under /signin/.
  it.each([
    '//evil.example/',
    '//evil.example/reset-password?token=x',
    '/%2F%2Fevil.example',
    '/%5C%5Cevil.example?x=1',
    '/reset-password?token=x%0d%0aSet-Cookie:%20a=b',
    '/reset-password?token=x&next=//evil.example',
    '/anything?a=%E2%82%AC&b=\\evil.example',
    '/./reset-password/../accept-invitation?token=x',
  ])('keeps %s on this site under the app', async (url) => {
    const response = await t.app.inject(url);
    expect(response.statusCode).toBe(302);
    const location = String(response.headers.location);
    expect(location).toMatch(/^\/signin\/[\w-]*(\?[\x21-\x7e]*)?$/);
    const target = new URL(location, 'http://localhost:8080');
    expect(target.origin).toBe('http://localhost:8080');
    expect(target.pathname.startsWith('/signin/')).toBe(true);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('keeps the token of a reset link as the app reads it', async () => {
    const token = 'a+b/c=d';
    const response = await t.app.inject(`/reset-password?token=${encodeURIComponent(token)}`);
    expect(new URL(String(response.headers.location), 'http://localhost:8080').searchParams.get('token')).toBe(token);
  });
});

describe('security headers', () => {
  /** Every security header either set carries (the page set is helmet's with our options). */
  const SECURITY_HEADERS = [
    'cache-control',
    'content-security-policy',
    'cross-origin-opener-policy',
    'cross-origin-resource-policy',
    'origin-agent-cluster',
    'referrer-policy',
    'strict-transport-security',
    'x-content-type-options',
    'x-dns-prefetch-control',
    'x-download-options',
    'x-frame-options',
    'x-permitted-cross-domain-policies',
    'x-xss-protection',
  ];
  const securityHeadersOf = (headers: Record<string, unknown>) =>
    Object.fromEntries(
      SECURITY_HEADERS.filter((name) => headers[name] !== undefined).map((name) => [name, headers[name]]),
    );

  const PAGE_HEADERS = {
    'content-security-policy':
      "default-src 'self';script-src 'self';style-src 'self' 'unsafe-hashes' 'sha256-qEKUM5Nf3NMojcHSmLZ+c8ntxh6x/5XWh7iOAHlGAkI=';img-src 'self' data:;font-src 'self';connect-src 'self';frame-ancestors 'none';base-uri 'self';form-action 'self';object-src 'none';require-trusted-types-for 'script';trusted-types 'none'",
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    // The same as the CSP's frame-ancestors 'none' (and as an API answer's).
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
  const API_HEADERS = {
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };

  it('sends a page a strict CSP (no inline script, no eval), nosniff, no-referrer and no HSTS on plain-http localhost', async () => {
    // This app has no web build: the page answers 503, with the page set like every answer outside /api/.
    for (const url of ['/signin/', '/signin/reset-password?token=abc', '/favicon.ico']) {
      const page = await t.app.inject(url);
      // A page's caching is the web module's (no-cache, immutable files, no-store for the 503).
      const { 'cache-control': _caching, ...security } = securityHeadersOf(page.headers);
      expect(security, url).toEqual(PAGE_HEADERS);
      expect(page.headers['content-security-policy']).not.toMatch(/unsafe-inline|unsafe-eval/);
    }
  });

  it('sends every API answer the set for data: no-store, a CSP under which nothing loads or frames it, nosniff, no-referrer', async () => {
    const signedIn = await signInWithPin(t, DEMO);
    const answers = [
      ['a call', await t.app.inject('/api/user/info')],
      ['a constant answer', await t.app.inject('/api/server/info')],
      ['a not-found', await t.app.inject('/api/nothing-here')],
      ['a refusal', await raw('{bad')],
      ['a wrong content type', await raw('{}', 'text/plain')],
      ['a body in another charset', await raw('{}', 'application/json; charset=latin1')],
      [
        'a cross-site call',
        await t.app.inject({
          method: 'POST',
          url: '/api/user/logout',
          headers: { origin: 'https://elsewhere.example' },
        }),
      ],
      ['a signed-in call', await t.app.inject({ url: '/api/user/info', headers: cookies(signedIn) })],
    ] as const;
    expect(answers.map(([, response]) => response.statusCode)).toEqual([200, 200, 404, 400, 415, 415, 403, 200]);
    for (const [what, response] of answers) expect(securityHeadersOf(response.headers), what).toEqual(API_HEADERS);
    expect(answers[7][1].json()).toMatchObject({ guest: false, user: { email: DEMO.email } });
  });

  it('sends a page address it cannot route (a broken escape) to sign-in, and refuses other such requests with 400', async () => {
    // A link damaged on its way: the person lands on the sign-in page, never on the API's JSON, and
    // nothing of the unreadable address goes along (it may hold a link's token).
    const pages = [
      '/%',
      '/signin/%E0%A4%A',
      '/signin/reset-password%?token=SecretToken123',
      '//evil.example/%',
      '/%5C%5Cevil.example/%E0',
      '/signin/%?redirect=https%3A%2F%2Fevil.example%2F',
    ];
    for (const url of pages) {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await t.app.inject({ method, url });
        expect(response.statusCode, `${method} ${url}`).toBe(302);
        expect(response.headers.location, `${method} ${url}`).toBe('/signin/');
        // Where the browser really goes: this origin's sign-in route.
        expect(new URL(String(response.headers.location), 'http://localhost:8080/').href).toBe(
          'http://localhost:8080/signin/',
        );
        expect(response.headers['cache-control'], url).toBe('no-store');
        expect(securityHeadersOf(response.headers), url).toEqual(API_HEADERS);
        expect(response.body, url).not.toContain('SecretToken123');
      }
    }
    for (const [method, url] of [
      ['GET', '/api/user/info%'],
      ['GET', '/api/%E0%A4%A?token=SecretToken123'],
      ['POST', '/signin/%E0%A4%A'],
      ['DELETE', '/%'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(securityHeadersOf(response.headers), url).toEqual(API_HEADERS);
      expect(response.json(), url).toEqual({ status: 'failed', reasons: ['invalid_parameter'] });
      expect(response.body, url).not.toContain('SecretToken123');
    }
  });

  it('sends HSTS with pages and API answers when the public origin is https', async () => {
    const secure = await createTestApp({ env: { PUBLIC_ORIGIN: 'https://signin.example.org' } });
    try {
      const hsts = 'max-age=31536000; includeSubDomains';
      expect((await secure.app.inject('/api/server/info')).headers['strict-transport-security']).toBe(hsts);
      expect((await secure.app.inject('/signin/')).headers['strict-transport-security']).toBe(hsts);
    } finally {
      await secure.close();
    }
  });
});

describe('logs', () => {
  it('never contain a password, the session id or the cookie header, even at trace level', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({
      env: { LOG_LEVEL: 'trace' },
      deps: { logStream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      await logged.accounts.create(DEMO);
      const signIn = await postJson(logged.app, '/api/user/login', { username: DEMO.email, password: DEMO.password });
      const id = sessionCookie(signIn)?.value ?? '';
      expect(id.length).toBeGreaterThan(20);
      await logged.app.inject({ url: '/api/user/info', headers: { cookie: `gh_session=${id}` } });
      await logged.app.inject({ url: '/api/token/info?token=SecretToken123' });
      // Links a mail program mangled: the token ends up in a parameter's name.
      await logged.app.inject({ url: '/signin/reset-password?token%3DMangledToken456' });
      await logged.app.inject({ url: '/signin/reset-password?BareToken789AbcDefGhiJklMnoPqrStuVwxYz0123456' });
      await logged.app.inject({ url: `/api/token/info?${'n'.repeat(9_000)}=1&${'x=1&'.repeat(40)}token=x` });
      await logged.app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: { 'content-type': 'application/json', cookie: `gh_session=${id}` },
        payload: `{"username":"x","password":"${DEMO.password}"`,
      });
      await logged.app.inject({ method: 'POST', url: '/api/user/logout', headers: { cookie: `gh_session=${id}` } });
      const output = lines.join('');
      expect(output).toContain('/api/user/info');
      expect(output).toContain('token=[redacted]');
      expect(output).toContain('/signin/reset-password?[redacted]');
      for (const secret of [
        DEMO.password,
        id,
        'SecretToken123',
        'MangledToken456',
        'BareToken789',
        'nnnnnnnnnn',
        'gh_session=',
      ])
        expect(output).not.toContain(secret);
      // No line grows with what a caller sends in a query.
      for (const line of lines) expect(line.length).toBeLessThan(1_000);
    } finally {
      await logged.close();
    }
  });

  it('have one line per request at info, when it is answered: method, URL without query values, address, status, time', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      deps: { logStream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      await logged.app.inject({ url: '/api/server/info' });
      await logged.app.inject({ url: '/api/token/info?token=SecretToken123' });
      // The request lines (start-up lines have no request id).
      const parsed = lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.reqId !== undefined);
      expect(parsed.map((line) => line.msg)).toEqual(['request completed', 'request completed']);
      expect(parsed[0]).toMatchObject({
        level: 30,
        req: { method: 'GET', url: '/api/server/info', remoteAddress: '127.0.0.1' },
        res: { statusCode: 200 },
      });
      expect(parsed[1]).toMatchObject({ req: { url: '/api/token/info?token=[redacted]' }, res: { statusCode: 200 } });
      for (const line of parsed) expect(typeof line.responseTime).toBe('number');
    } finally {
      await logged.close();
    }
    // At debug, the arrival of each request has its line too (a request that never ends shows).
    lines.length = 0;
    const debug = await createTestApp({
      env: { LOG_LEVEL: 'debug' },
      deps: { logStream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      await debug.app.inject({ url: '/api/server/info' });
      const messages = lines
        .map((line) => JSON.parse(line) as { msg: string; reqId?: string })
        .filter((line) => line.reqId !== undefined)
        .map((line) => line.msg);
      expect(messages).toEqual(['incoming request', 'request completed']);
    } finally {
      await debug.close();
    }
  });
});
