import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE, safeRedirect } from './redirect.ts';

const policy = { appOrigin: 'http://localhost:8080', allowlist: ['https://portal.example.org'] };

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
  ])('refuses %s', (_why, raw) => expect(safeRedirect(raw, policy)).toBe(DEFAULT_PAGE));

  it('does not decode a second time: an encoded double slash stays a same-origin path', () => {
    expect(safeRedirect('/%2F%2Fevil.example', policy)).toBe('/%2F%2Fevil.example');
  });

  it('refuses everything absolute when nothing is allowlisted', () => {
    expect(safeRedirect('https://portal.example.org/', { appOrigin: 'http://localhost:8080' })).toBe(DEFAULT_PAGE);
  });
});
