import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { ConfigError, loadConfig, REPO_ROOT } from './config.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return [...error.problems];
    throw error;
  }
  return [];
}

describe('configuration', () => {
  it('uses the documented defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.host).toBe('127.0.0.1');
    expect(config.publicOrigin).toBe('http://localhost:8080');
    expect(config.insecureLoopback).toBe(true);
    expect(config.database).toEqual({ kind: 'sqlite', file: path.join(REPO_ROOT, 'data', 'gatehouse.sqlite') });
    expect(config.sessionIdleMs).toBe(30 * 60_000);
    expect(config.sessionAbsoluteMs).toBe(12 * 3_600_000);
    expect(config.copyright).toBe('© 2026 Gatehouse');
    expect(config.contactUrl).toBeNull();
    expect(config.webDist).toBe(path.join(REPO_ROOT, 'apps', 'web', 'dist'));
  });

  it('derives the public origin from the port and selects PostgreSQL for a postgres URL', () => {
    const config = loadConfig({ PORT: '9000', DATABASE_URL: 'postgres://u:p@db:5432/gh', REDIRECT_ALLOWLIST: 'https://a.example, https://b.example:8443' });
    expect(config.publicOrigin).toBe('http://localhost:9000');
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u:p@db:5432/gh' });
    expect(config.redirectAllowlist).toEqual(['https://a.example', 'https://b.example:8443']);
  });

  it('treats an https public origin as secure', () => {
    const config = loadConfig({ PUBLIC_ORIGIN: 'https://signin.example.org' });
    expect(config.insecureLoopback).toBe(false);
  });

  it('names every bad variable in one message', () => {
    const problems = problemsOf({ PORT: 'eighty', SESSION_IDLE_MINUTES: '0', REDIRECT_ALLOWLIST: 'not-an-origin', LOG_LEVEL: 'loud' });
    expect(problems.map((p) => p.split(':')[0])).toEqual(
      expect.arrayContaining(['PORT', 'SESSION_IDLE_MINUTES', 'REDIRECT_ALLOWLIST', 'LOG_LEVEL']),
    );
    expect(problems).toHaveLength(4);
  });

  it('refuses a public origin with a path, and plain http away from localhost', () => {
    expect(problemsOf({ PUBLIC_ORIGIN: 'https://example.org/signin' })[0]).toMatch(/^PUBLIC_ORIGIN/);
    expect(problemsOf({ PUBLIC_ORIGIN: 'http://example.org' })[0]).toMatch(/^PUBLIC_ORIGIN: plain http/);
  });

  it('refuses a database URL of an unsupported kind', () => {
    expect(problemsOf({ DATABASE_URL: 'mysql://db/gh' })[0]).toMatch(/^DATABASE_URL/);
  });

  it('reads the mail, PIN and device settings with documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ smtpUrl: null, mailFrom: 'Gatehouse <no-reply@localhost>', pinSilentAttempts: 2, pinMaxAttempts: 5 });
    expect(config.recheckAfterMs).toBe(30 * 86_400_000);
    expect(config.deviceCookieMaxAgeMs).toBe(400 * 86_400_000);
    const set = loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.org:465', MAIL_FROM: 'Clinic <no-reply@clinic.example>', PIN_SILENT_ATTEMPTS: '0', PIN_MAX_ATTEMPTS: '3', RECHECK_AFTER_DAYS: '7', DEVICE_COOKIE_DAYS: '90' });
    expect(set).toMatchObject({ smtpUrl: 'smtps://u:p@mail.example.org:465', mailFrom: 'Clinic <no-reply@clinic.example>', pinSilentAttempts: 0, pinMaxAttempts: 3, recheckAfterMs: 7 * 86_400_000, deviceCookieMaxAgeMs: 90 * 86_400_000 });
  });

  it('refuses bad mail, PIN and device settings by name', () => {
    const problems = problemsOf({ SMTP_URL: 'http://mail.example.org', MAIL_FROM: 'nobody', PIN_MAX_ATTEMPTS: '0', RECHECK_AFTER_DAYS: 'soon', DEVICE_COOKIE_DAYS: '401' });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(['DEVICE_COOKIE_DAYS', 'MAIL_FROM', 'PIN_MAX_ATTEMPTS', 'RECHECK_AFTER_DAYS', 'SMTP_URL']);
    expect(problemsOf({ PIN_SILENT_ATTEMPTS: '5', PIN_MAX_ATTEMPTS: '5' })).toEqual(['PIN_SILENT_ATTEMPTS: must be less than PIN_MAX_ATTEMPTS (5) (got "5")']);
  });

  it('refuses production without SMTP_URL: nobody would receive a PIN', () => {
    expect(problemsOf({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://signin.example.org' })).toEqual(['SMTP_URL: required when NODE_ENV is production (smtp:// or smtps://)']);
  });
});
