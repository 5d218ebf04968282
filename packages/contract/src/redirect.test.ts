import { describe, expect, it } from 'vitest';
import { HOSTILE_TABLE_ALLOWLIST, hostileRedirects } from './hostile-redirects.ts';
import { DEFAULT_PAGE, safeRedirect, signedInRedirect } from './redirect.ts';

const APP = 'http://localhost:8080';
const policy = { appOrigin: APP, allowlist: ['https://portal.example.org'] };

/** The value the app reads: the address parsed as the browser does, then decoded once by URLSearchParams. */
function redirectParam(query: string, appOrigin = APP): string | null {
  return new URL(`/signin/?redirect=${query}`, appOrigin).searchParams.get('redirect');
}

/**
 * Where a browser on a page of the app ends when it navigates to `target`: resolved against a
 * deep page (a relative or protocol-relative target would show its colours there).
 */
function landing(target: string, appOrigin = APP): URL {
  return new URL(target, `${appOrigin}/signin/reset-password/deep?x=1`);
}

describe('safeRedirect', () => {
  it.each([
    ['/', '/'],
    ['/records?tab=lab#latest', '/records?tab=lab#latest'],
    ['/a/../b', '/b'],
    ['http://localhost:8080/records', '/records'],
    ['https://portal.example.org/visits?id=7', 'https://portal.example.org/visits?id=7'],
  ])('allows %s', (raw, expected) => expect(safeRedirect(raw, policy)).toBe(expected));

  it.each([
    ['missing', null],
    ['empty', ''],
    ['protocol-relative', '//evil.example/x'],
    ['backslash', '/\\evil.example'],
    ['backslash-only', '\\\\evil.example'],
    ['another origin', 'https://evil.example/'],
    ['allowlisted host on another scheme', 'http://portal.example.org/'],
    ['javascript URL', 'javascript:alert(1)'],
    ['data URL', 'data:text/html,<script>alert(1)</script>'],
    ['control character', '/records\n'],
    ['tab in scheme', 'ht\ttps://evil.example'],
    ['leading space', ' /records'],
    ['credentials', 'https://user:pass@portal.example.org/'],
    ['relative path', 'records'],
    ['too long', `/${'a'.repeat(2048)}`],
    ['still encoded (decoded once only)', '%2F%2Fevil.example'],
    ['dot-dot normalising to protocol-relative', '/..//evil.example'],
    ['absolute app URL whose path is protocol-relative', 'http://localhost:8080//evil.example'],
    ['an app origin that is not an origin', '/records', { appOrigin: 'not a url' }],
  ])('refuses %s', (_why, raw, other?: { appOrigin: string }) =>
    expect(safeRedirect(raw, other ?? policy)).toBe(DEFAULT_PAGE),
  );

  it('does not decode a second time: an encoded double slash stays a same-origin path', () => {
    expect(safeRedirect('/%2F%2Fevil.example', policy)).toBe('/%2F%2Fevil.example');
  });

  it('refuses everything absolute when nothing is allowlisted', () => {
    expect(safeRedirect('https://portal.example.org/', { appOrigin: 'http://localhost:8080' })).toBe(DEFAULT_PAGE);
  });
});

describe('safeRedirect against the table of hostile values (after the browser parses the address and the app decodes once)', () => {
  const table = hostileRedirects(APP);
  const allowedOrigins = new Set([APP, ...HOSTILE_TABLE_ALLOWLIST]);

  it('has at least 80 hostile values besides the ones that must keep working', () => {
    expect(table.filter((row) => row.expected === DEFAULT_PAGE).length).toBeGreaterThanOrEqual(80);
    expect(new Set(table.map((row) => row.query)).size).toBe(table.length);
  });

  it.each(table.map((row) => [row.why, row.query, row.expected] as const))(
    '%s: %s gives %s',
    (_why, query, expected) => {
      const target = safeRedirect(redirectParam(query), policy);
      expect(target).toBe(expected);
      // Whatever the table says, the value a browser would finally use stays on an allowed origin.
      expect(target.startsWith('//') || target.startsWith('/\\')).toBe(false);
      expect(allowedOrigins.has(landing(target).origin)).toBe(true);
    },
  );

  it('gives the same verdicts for an app on another port (the e2e server)', () => {
    const other = 'http://localhost:8400';
    for (const row of hostileRedirects(other)) {
      const target = safeRedirect(redirectParam(row.query, other), {
        appOrigin: other,
        allowlist: [...HOSTILE_TABLE_ALLOWLIST],
      });
      expect(target, row.why).toBe(row.expected);
      expect([other, ...HOSTILE_TABLE_ALLOWLIST], row.why).toContain(landing(target, other).origin);
    }
  });

  it('returns a value that parses to the same target again (nothing left for a second reading to change)', () => {
    for (const row of table) {
      const target = safeRedirect(redirectParam(row.query), policy);
      expect(safeRedirect(target, policy), row.why).toBe(target);
    }
  });
});

describe('signedInRedirect', () => {
  it.each([
    ['the invitation page', '/signin/accept-invitation?token=abc'],
    ['the reset page', '/signin/reset-password?token=abc'],
    ['the secure-account page', '/signin/secure-account?token=abc'],
    ['a trailing slash', '/signin/accept-invitation/?token=abc'],
    ['a dot segment', '/signin/./accept-invitation?token=abc'],
    ['an encoded letter the server decodes', '/signin/accept%2Dinvitation?token=abc'],
    ['an absolute URL of this origin', 'http://localhost:8080/signin/reset-password?token=abc'],
    ['a path that cannot be decoded', '/signin/%E0%A4%A?token=abc'],
  ])('never goes on to a page a link opens: %s', (_why, raw) =>
    expect(signedInRedirect(raw, policy)).toBe(DEFAULT_PAGE),
  );

  it.each([
    ['/signin/security', '/signin/security'],
    ['/records?tab=lab', '/records?tab=lab'],
    [
      'https://portal.example.org/signin/accept-invitation?token=abc',
      'https://portal.example.org/signin/accept-invitation?token=abc',
    ],
  ])('goes on to %s as the redirect rule allows', (raw, expected) =>
    expect(signedInRedirect(raw, policy)).toBe(expected),
  );

  it('judges every hostile value as the redirect rule does', () => {
    for (const { query, why } of hostileRedirects(APP))
      expect(signedInRedirect(redirectParam(query), policy), why).toBe(safeRedirect(redirectParam(query), policy));
  });
});
