// Property-based fuzzing of every call of the contract (fast-check): random and hostile bodies,
// headers, query strings and cookies, sent to the real app on a real database.
// Invariants (docs/security.md):
//   1. never a 5xx, and every answer is the contract's JSON with known reason codes;
//   2. a request the contract calls malformed gets a 4xx with exactly `missing_parameter` or
//      `invalid_parameter`;
//   3. a 4xx changes nothing: the whole database is the same before and after.
// Seeded and bounded: FUZZ_SEED and FUZZ_RUNS reproduce or lengthen a run; a failure prints the
// seed and the shrunk request.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, REASONS, type Endpoint } from '@gatehouse/contract';
import { BODY_LIMIT_BYTES } from '../app.ts';
import { signedInSessionFor } from '../modules/recovery/recovery-test-kit.ts';
import { createTestApp, DEMO, dumpDatabase, ORIGIN, postJson, sessionCookie, type TestApp } from './test-app.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);

let t: TestApp;
/** Cookie values a hostile client might hold: real sessions of several levels, and junk. */
const live: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  await t.accounts.create(DEMO);
  const first = await postJson(t.app, '/api/user/login', { username: DEMO.email, password: DEMO.password });
  live.passwordSession = sessionCookie(first)?.value ?? '';
  const other = await t.accounts.create({ email: 'zora@example.test', password: 'Zora-Pass-123', language: 'sk' });
  live.signedInSession = await signedInSessionFor(t, other.id);
}, 60_000);
afterAll(() => t?.close());

// ---- arbitraries ----------------------------------------------------------------------------

const hostileText = fc.oneof(
  fc.string({ maxLength: 24 }),
  fc.string({ unit: 'grapheme', maxLength: 24 }),
  fc.constantFrom(
    '',
    ' ',
    '__proto__',
    'constructor',
    'null',
    'true',
    '-1',
    '1e309',
    'NaN',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '%00',
    '\u0000',
    '\u202e',
    '𝒜𝒷𝒸',
    'ana.novakova@example.test',
    'Correct-Horse-7',
    '//evil.example',
    'A'.repeat(3000),
  ),
);

/** Any JSON value, nested a little, with hostile strings in it. */
const anyJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileText,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(hostileText, fc.constantFrom('__proto__', 'constructor', 'prototype')), tie('value'), {
      maxKeys: 4,
    }),
  ),
})).value;

/** Objects with the call's own keys, some missing, some extra, values of any type. */
function shapedBody(keys: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  if (keys.length === 0) return fc.dictionary(hostileText, anyJson, { maxKeys: 3 });
  return fc
    .tuple(
      fc.subarray([...keys]),
      fc.array(fc.tuple(fc.constantFrom(...keys), fc.oneof(anyJson, hostileText)), { maxLength: keys.length }),
      fc.option(
        fc.dictionary(fc.oneof(hostileText, fc.constantFrom('__proto__', 'admin', 'userId')), anyJson, {
          minKeys: 1,
          maxKeys: 2,
        }),
        { nil: undefined, freq: 3 },
      ),
    )
    .map(([kept, values, extra]) => {
      const body: Record<string, unknown> = {};
      for (const key of kept) body[key] = 'x';
      for (const [key, value] of values) if (kept.includes(key)) body[key] = value;
      return { ...body, ...extra };
    });
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'Application/JSON',
  'application/json; charset=iso-8859-1',
  'application/json; charset=bogus',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
] as const;

const cookieHeader = fc
  .array(
    fc.tuple(
      fc.constantFrom('gh_session', 'gh_device', 'gh_passkey', 'gh_lang', '__Host-gh_session', 'other'),
      fc.oneof(
        fc.constantFrom('passwordSession', 'signedInSession').map((which) => live[which] ?? ''),
        fc.stringMatching(/^[A-Za-z0-9_-]{0,60}$/),
        fc.constantFrom('sk', 'en', 'xx', '%00', 'a'.repeat(500)),
      ),
    ),
    { maxLength: 3 },
  )
  .map((pairs) => pairs.map(([name, value]) => `${name}=${value}`).join('; '));

const querySuffix = (keys: readonly string[]) =>
  fc
    .array(
      fc.tuple(
        fc.oneof(
          fc.constantFrom(...(keys.length > 0 ? keys : ['q']), 'userId', 'token', '__proto__', 'redirect'),
          fc.stringMatching(/^[a-z]{1,6}$/),
        ),
        fc.oneof(
          fc.string({ unit: 'grapheme', maxLength: 30 }),
          fc.constantFrom('', 'no-such-user', '//evil.example', 'A'.repeat(43)),
        ),
      ),
      { maxLength: 3 },
    )
    .map((pairs) =>
      pairs.length === 0
        ? ''
        : `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`,
    );

interface FuzzRequest {
  query: string;
  contentType: string | undefined;
  contentEncoding: string | undefined;
  origin: string | undefined;
  secFetchSite: string | undefined;
  cookie: string;
  forwardedFor: string | undefined;
  botToken: string | undefined;
  /** The body as sent: JSON text, something else, or nothing. */
  payload: string | undefined;
}

const keysOf = (schema: Endpoint['body']): string[] =>
  schema
    ? Object.keys((schema as unknown as { _zod: { def: { shape?: Record<string, unknown> } } })._zod.def.shape ?? {})
    : [];

function requestFor(endpoint: Endpoint): fc.Arbitrary<FuzzRequest> {
  const hasBody = endpoint.method !== 'GET';
  const payload: fc.Arbitrary<string | undefined> = hasBody
    ? fc.oneof(
        { weight: 4, arbitrary: shapedBody(keysOf(endpoint.body)).map((body) => JSON.stringify(body)) },
        { weight: 2, arbitrary: anyJson.map((value) => JSON.stringify(value) ?? 'null') },
        { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            '{"username":',
            '{"__proto__":{"admin":true}}',
            '{"constructor":{"prototype":{"x":1}}}',
            `{"a":"${'x'.repeat(BODY_LIMIT_BYTES)}"}`,
            '',
          ),
        },
        { weight: 1, arbitrary: fc.constant(undefined) },
      )
    : fc.constant(undefined);
  return fc.record({
    query: querySuffix(keysOf(endpoint.query)),
    contentType: hasBody
      ? fc.option(fc.constantFrom(...CONTENT_TYPES), { nil: undefined, freq: 6 })
      : fc.constant(undefined),
    contentEncoding: fc.option(fc.constantFrom('gzip', 'identity', 'br', 'x-bogus'), { nil: undefined, freq: 5 }),
    origin: fc.option(fc.constantFrom(ORIGIN, 'https://evil.example', 'null'), { nil: undefined, freq: 4 }),
    secFetchSite: fc.option(fc.constantFrom('same-origin', 'cross-site', 'none'), { nil: undefined, freq: 3 }),
    cookie: cookieHeader,
    forwardedFor: fc.option(fc.constantFrom('203.0.113.9', '1.2.3.4, 5.6.7.8', 'not an address'), {
      nil: undefined,
      freq: 3,
    }),
    botToken: fc.option(hostileText, { nil: undefined, freq: 3 }),
    payload,
  });
}

// ---- what the contract says about a request, independently of the server -------------------

const isJsonType = (contentType: string | undefined) =>
  contentType !== undefined && contentType.split(';')[0]?.trim().toLowerCase() === 'application/json';
const UTF8 = /;\s*charset=(utf-8|"utf-8")\s*$/i;

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** A query string as the server reads it (repeated keys become arrays). */
function queryObject(query: string): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(query.slice(1))) {
    const previous = result[key];
    result[key] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return result;
}

/** True when the contract itself calls this request malformed (bad encoding, body or query). */
function malformed(endpoint: Endpoint, request: FuzzRequest): boolean {
  if (request.contentEncoding !== undefined && request.contentEncoding !== 'identity') return true;
  if (request.contentType?.includes('charset') && !UTF8.test(request.contentType)) return true;
  if (endpoint.query && !endpoint.query.safeParse(queryObject(request.query)).success) return true;
  const sent = request.payload !== undefined && request.payload !== '';
  if (sent) {
    if (Buffer.byteLength(request.payload ?? '') > BODY_LIMIT_BYTES) return true;
    if (!isJsonType(request.contentType)) return true;
    const parsed = parseJson(request.payload ?? '');
    if (!parsed.ok) return true;
    if (/"(__proto__|constructor)"/.test(request.payload ?? '')) return true;
    if (endpoint.body && !endpoint.body.safeParse(parsed.value).success) return true;
    return false;
  }
  // Nothing sent: malformed only where the call needs a body, or a JSON type announces an empty one.
  return endpoint.body !== undefined || (request.payload === '' && isJsonType(request.contentType));
}

async function send(endpoint: Endpoint, request: FuzzRequest) {
  const headers: Record<string, string> = {};
  if (request.contentType !== undefined) headers['content-type'] = request.contentType;
  if (request.contentEncoding !== undefined) headers['content-encoding'] = request.contentEncoding;
  if (request.origin !== undefined) headers.origin = request.origin;
  if (request.secFetchSite !== undefined) headers['sec-fetch-site'] = request.secFetchSite;
  if (request.cookie !== '') headers.cookie = request.cookie;
  if (request.forwardedFor !== undefined) headers['x-forwarded-for'] = request.forwardedFor;
  if (request.botToken !== undefined) headers['x-recaptcha-token'] = encodeURIComponent(request.botToken);
  return t.app.inject({
    method: endpoint.method,
    url: `${endpoint.path}${request.query}`,
    headers,
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  });
}

const KNOWN_REASONS = new Set<string>(REASONS);

describe(`fuzzing every call of the contract (fast-check, seed ${SEED}, ${RUNS} runs a call)`, () => {
  it.each(ENDPOINTS.map((endpoint) => [endpoint.id, endpoint] as const))(
    '%s: no 5xx, malformed → 4xx missing/invalid_parameter, a 4xx changes nothing',
    async (_id, endpoint) => {
      let malformedSeen = 0;
      await fc.assert(
        fc.asyncProperty(requestFor(endpoint), async (request) => {
          const before = await dumpDatabase(t.db);
          const response = await send(endpoint, request);
          const context = `${endpoint.method} ${endpoint.path} → ${response.statusCode} ${response.body.slice(0, 200)}`;
          expect(response.statusCode, context).toBeLessThan(500);
          const answer = response.json() as { status?: unknown; reasons?: unknown };
          expect(
            typeof answer.status === 'string' ||
              endpoint.id === 'serverVersion' ||
              endpoint.id === 'webauthnOffer' ||
              endpoint.id === 'altchaChallenge',
            context,
          ).toBe(true);
          for (const reason of Array.isArray(answer.reasons) ? answer.reasons : [])
            expect(KNOWN_REASONS.has(reason as string), `${context}: unknown reason ${String(reason)}`).toBe(true);
          if (malformed(endpoint, request)) {
            malformedSeen += 1;
            expect(response.statusCode, context).toBeGreaterThanOrEqual(400);
            expect([['missing_parameter'], ['invalid_parameter']], context).toContainEqual(answer.reasons);
          }
          if (response.statusCode >= 400) expect(await dumpDatabase(t.db), context).toEqual(before);
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      // The generators reach the malformed cases (the property is not passed vacuously).
      if (endpoint.method !== 'GET' || endpoint.query) expect(malformedSeen).toBeGreaterThan(RUNS / 4);
    },
    120_000,
  );
});
