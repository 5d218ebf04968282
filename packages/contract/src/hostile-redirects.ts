/**
 * Test data, not product code: `redirect` query values an attacker would try, with the target
 * `safeRedirect` must give for each. Shared by the unit test (packages/contract/src/redirect.test.ts)
 * and the browser test (e2e/tests/redirect-safety.spec.ts), so that the same values go through the
 * function and through the app.
 *
 * `query` is the value exactly as it stands in the address bar after `?redirect=` (already
 * percent-encoded where needed, sometimes twice): the browser parses the address, the app decodes
 * it once with URLSearchParams. `expected` is what the function returns for the app origin and
 * allowlist below: DEFAULT_PAGE ("/"), a same-origin path, or an allowlisted URL.
 */
import { DEFAULT_PAGE } from './redirect.ts';

/** The allowlisted origin the table is written for (the e2e server is started with it). */
export const HOSTILE_TABLE_ALLOWLIST = ['https://portal.example.org'] as const;

export interface HostileRedirect {
  /** What kind of trick this is. */
  why: string;
  /** The raw query value after `?redirect=`. */
  query: string;
  /** The target safeRedirect must return. */
  expected: string;
}

/** The table for an app on `appOrigin` (e.g. http://localhost:8400). */
export function hostileRedirects(appOrigin: string): HostileRedirect[] {
  const app = new URL(appOrigin);
  const host = app.host; // localhost:8400
  const enc = encodeURIComponent;
  const D = DEFAULT_PAGE;
  const rows: Array<[why: string, query: string, expected: string]> = [
    // Protocol-relative: another host with this page's scheme.
    ['protocol-relative', '//evil.example', D],
    ['protocol-relative with path', '//evil.example/login', D],
    ['protocol-relative, encoded once', '%2F%2Fevil.example', D],
    ['protocol-relative, lower-case encoding', '%2f%2fevil.example', D],
    ['protocol-relative, second slash encoded', '/%2Fevil.example', D],
    ['protocol-relative, first slash encoded', '%2F/evil.example', D],
    ['three slashes', '///evil.example', D],
    ['four slashes', '////evil.example', D],
    ['protocol-relative, encoded twice (one decode leaves a relative path)', '%252F%252Fevil.example', D],
    ['encoded twice after one slash: a harmless same-origin path', '/%252F%252Fevil.example', '/%2F%2Fevil.example'],
    ['protocol-relative to an IP literal', '//127.0.0.1', D],
    ['protocol-relative with a port', `//evil.example:${app.port || '80'}`, D],
    // Backslashes: browsers read "\" as "/" in http(s) URLs.
    ['slash backslash', '/\\evil.example', D],
    ['slash backslash, encoded', '%2F%5Cevil.example', D],
    ['two backslashes, encoded', '%5C%5Cevil.example', D],
    ['backslash slash', '\\/evil.example', D],
    ['slash and encoded backslash', '/%5Cevil.example', D],
    ['encoded backslash and slash', '%5C/evil.example', D],
    ['slash backslash slash', '/\\/evil.example', D],
    ['backslash after a dot segment', '/..%5C%5Cevil.example', D],
    ['backslash, encoded twice: stays an encoded same-origin path', '/%255C%255Cevil.example', '/%5C%5Cevil.example'],
    // Userinfo: the host is what comes after "@".
    ['app origin as userinfo', enc(`${appOrigin}@evil.example`), D],
    ['protocol-relative with the app host as userinfo', `//${host}@evil.example`, D],
    ['allowlisted host as userinfo', enc('https://portal.example.org@evil.example/'), D],
    ['credentials on the allowlisted origin', enc('https://evil.example@portal.example.org/'), D],
    ['user and password on the allowlisted origin', enc('https://user:pass@portal.example.org/'), D],
    ['encoded "@" between allowlisted host and evil host', 'https://portal.example.org%40evil.example', D],
    ['"@" in a same-origin path is only a path', '/@evil.example', '/@evil.example'],
    // Dot segments that normalise to "//host".
    ['dot-dot then protocol-relative', '/..//evil.example', D],
    ['encoded dot-dot then protocol-relative', '/%2e%2e//evil.example', D],
    ['upper-case encoded dot-dot', '/%2E%2E//evil.example', D],
    ['dot-dot encoded twice (the URL parser still treats %2e as a dot)', '/%252e%252e//evil.example', D],
    ['half-encoded dot-dot', '/.%2e//evil.example', D],
    ['other half-encoded dot-dot', '/%2e.//evil.example', D],
    ['single dot then protocol-relative', '/.//evil.example', D],
    ['encoded single dot', '/%2e//evil.example', D],
    ['up from a folder to "//host"', '/a/../..//evil.example', D],
    ['folder and dot-dot to "//host"', '/a/..//evil.example', D],
    ['several dot-dots', '/a/b/../../..//evil.example', D],
    ['dot then dot-dot', '/./..//evil.example', D],
    ['encoded dot-dots twice', '/%2E%2E/%2E%2E//evil.example', D],
    ['dot-dot with encoded slashes', '/..%2F%2Fevil.example', D],
    ['dot-dot above the root: a same-origin path', '/../evil.example', '/evil.example'],
    ['three dots are a name, not a segment', '/.../evil.example', '/.../evil.example'],
    ['absolute app URL with a "//" path', enc(`${appOrigin}//evil.example`), D],
    ['absolute app URL with dot-dot to "//"', enc(`${appOrigin}/..//evil.example`), D],
    // Control characters: browsers remove tabs and newlines anywhere in a URL.
    ['tab inside "javascript"', 'java%09script:alert(1)', D],
    ['newline inside "javascript"', 'java%0Ascript:alert(1)', D],
    ['carriage return inside "javascript"', 'java%0Dscript:alert(1)', D],
    ['tab inside "https"', 'ht%09tps://evil.example', D],
    ['newline inside "https"', 'h%0Attps://evil.example', D],
    ['tab between the slashes', '/%09/evil.example', D],
    ['newline between the slashes', '/%0A/evil.example', D],
    ['NUL before protocol-relative', '%00//evil.example', D],
    ['leading space', '%20//evil.example', D],
    ['trailing tab', '/records%09', D],
    ['C1 control character', '/%C2%85/evil.example', D],
    // Script and other schemes.
    ['javascript URL', 'javascript:alert(1)', D],
    ['javascript URL, mixed case', 'JaVaScRiPt:alert(document.domain)', D],
    ['javascript URL, encoded colon', 'javascript%3Aalert(1)', D],
    ['javascript URL, encoded first letter', '%6Aavascript:alert(1)', D],
    ['javascript URL with a comment and newline', 'javascript://%0Aalert(1)', D],
    ['data URL', enc('data:text/html,<script>alert(1)</script>'), D],
    ['data URL, base64', enc('data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='), D],
    ['vbscript URL', 'vbscript:msgbox(1)', D],
    ['file URL', enc('file:///etc/passwd'), D],
    ['blob URL of another origin', enc('blob:https://evil.example/0f1e2d3c'), D],
    ['ftp URL', enc('ftp://evil.example/'), D],
    ['HTML entity in the scheme (no decoding of entities)', enc('jav&#x09;ascript:alert(1)'), D],
    ['scheme-relative http without slashes', 'http:evil.example', D],
    ['https with one slash', 'https:/evil.example', D],
    ['https with encoded slashes', 'https:%2F%2Fevil.example', D],
    ['"javascript:" as a same-origin path', '/javascript:alert(1)', '/javascript:alert(1)'],
    // Hosts written as numbers.
    ['IPv4 loopback (another origin than localhost)', enc('http://127.0.0.1/'), D],
    ['decimal IPv4', enc('http://2130706433/'), D],
    ['hexadecimal IPv4', enc('http://0x7f000001/'), D],
    ['octal IPv4', enc('http://017700000001/'), D],
    ['short dotted IPv4', enc('http://127.1/'), D],
    ['IPv6 loopback', enc('http://[::1]/'), D],
    ['IPv4-mapped IPv6', enc('http://[::ffff:7f00:1]/'), D],
    ['decimal private address over https', enc('https://3232235777/'), D],
    ['dot-dot to a decimal host', '/..//2130706433', D],
    ['protocol-relative hexadecimal host, encoded', '/%2F0x7f.1/', D],
    // Look-alikes of the allowlisted origin.
    ['allowlisted host as a subdomain of evil', enc('https://portal.example.org.evil.example/'), D],
    ['allowlisted host with a prefix', enc('https://evilportal.example.org/'), D],
    ['allowlisted host with a trailing dot', enc('https://portal.example.org./'), D],
    ['hyphen instead of dot', enc('https://portal-example.org/'), D],
    ['allowlisted host over http', enc('http://portal.example.org/'), D],
    ['allowlisted host on another port', enc('https://portal.example.org:8443/'), D],
    ['Cyrillic "а" in the allowlisted host', enc('https://portаl.example.org/'), D],
    ['punycode look-alike', enc('https://xn--portl-gra.example.org/'), D],
    ['allowlisted host with an encoded backslash', 'https://portal.example.org%5C@evil.example', D],
    ['app host as a subdomain of evil', enc(`http://${app.hostname}.evil.example/`), D],
    ['app host with a different port', enc(`http://${app.hostname}:1/`), D],
    // What must still work (the table would pass if everything gave "/").
    ['plain same-origin path', '/records', '/records'],
    ['same-origin path with query, encoded', enc('/?from=mail'), '/?from=mail'],
    ['same-origin path with a harmless dot-dot', '/a/../records', '/records'],
    ['absolute URL of the app itself', enc(`${appOrigin}/records`), '/records'],
    ['allowlisted origin', enc('https://portal.example.org/visits?id=7'), 'https://portal.example.org/visits?id=7'],
    [
      'allowlisted origin in capitals with its default port',
      enc('https://PORTAL.EXAMPLE.ORG:443/home'),
      'https://portal.example.org/home',
    ],
    ['allowlisted origin without slashes', 'https:portal.example.org', 'https://portal.example.org/'],
    [
      '"@" in the path of the allowlisted origin',
      'https://portal.example.org%2F@evil.example',
      'https://portal.example.org/@evil.example',
    ],
  ];
  return rows.map(([why, query, expected]) => ({ why, query, expected }));
}
