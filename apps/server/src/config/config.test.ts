import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
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
    const config = loadConfig({
      PORT: '9000',
      DATABASE_URL: 'postgres://u:p@db:5432/gh',
      REDIRECT_ALLOWLIST: 'https://a.example, https://b.example:8443',
    });
    expect(config.publicOrigin).toBe('http://localhost:9000');
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u:p@db:5432/gh' });
    expect(config.redirectAllowlist).toEqual(['https://a.example', 'https://b.example:8443']);
  });

  it('treats an https public origin as secure', () => {
    const config = loadConfig({ PUBLIC_ORIGIN: 'https://signin.example.org' });
    expect(config.insecureLoopback).toBe(false);
  });

  it('names every bad variable in one message', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      SESSION_IDLE_MINUTES: '0',
      REDIRECT_ALLOWLIST: 'not-an-origin',
      LOG_LEVEL: 'loud',
    });
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
    expect(config).toMatchObject({
      smtpUrl: null,
      mailFrom: 'Gatehouse <no-reply@localhost>',
      pinSilentAttempts: 2,
      pinMaxAttempts: 5,
    });
    expect(config.recheckAfterMs).toBe(30 * 86_400_000);
    expect(config.deviceCookieMaxAgeMs).toBe(400 * 86_400_000);
    const set = loadConfig({
      SMTP_URL: 'smtps://u:p@mail.example.org:465',
      MAIL_FROM: 'Clinic <no-reply@clinic.example>',
      PIN_SILENT_ATTEMPTS: '0',
      PIN_MAX_ATTEMPTS: '3',
      RECHECK_AFTER_DAYS: '7',
      DEVICE_COOKIE_DAYS: '90',
    });
    expect(set).toMatchObject({
      smtpUrl: 'smtps://u:p@mail.example.org:465',
      mailFrom: 'Clinic <no-reply@clinic.example>',
      pinSilentAttempts: 0,
      pinMaxAttempts: 3,
      recheckAfterMs: 7 * 86_400_000,
      deviceCookieMaxAgeMs: 90 * 86_400_000,
    });
  });

  it('refuses bad mail, PIN and device settings by name', () => {
    const problems = problemsOf({
      SMTP_URL: 'http://mail.example.org',
      MAIL_FROM: 'nobody',
      PIN_MAX_ATTEMPTS: '0',
      RECHECK_AFTER_DAYS: 'soon',
      DEVICE_COOKIE_DAYS: '401',
    });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'DEVICE_COOKIE_DAYS',
      'MAIL_FROM',
      'PIN_MAX_ATTEMPTS',
      'RECHECK_AFTER_DAYS',
      'SMTP_URL',
    ]);
    expect(problemsOf({ PIN_SILENT_ATTEMPTS: '5', PIN_MAX_ATTEMPTS: '5' })).toEqual([
      'PIN_SILENT_ATTEMPTS: must be less than PIN_MAX_ATTEMPTS (5) (got "5")',
    ]);
  });

  it('refuses production without SMTP_URL: nobody would receive a PIN', () => {
    expect(problemsOf({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://signin.example.org' })).toEqual([
      'SMTP_URL: required when NODE_ENV is production (smtp:// or smtps://)',
    ]);
  });

  it('refuses production without PUBLIC_ORIGIN: mailed links would lead to localhost, passkeys would fail', () => {
    expect(problemsOf({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.org:587' })).toEqual([
      'PUBLIC_ORIGIN: required when NODE_ENV is production (the origin users open, e.g. https://signin.example.org)',
    ]);
    expect(loadConfig({ NODE_ENV: 'development' }).publicOrigin).toBe('http://localhost:8080');
  });

  it('bounds client connections in seconds, with documented defaults', () => {
    expect(loadConfig({}).http).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 20_000,
      idleTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      maxRequestsPerConnection: 100,
    });
    const set = loadConfig({
      HTTP_HEADERS_TIMEOUT_SECONDS: '2',
      HTTP_REQUEST_TIMEOUT_SECONDS: '3',
      HTTP_IDLE_TIMEOUT_SECONDS: '40',
      HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '65',
      HTTP_MAX_REQUESTS_PER_CONNECTION: '1000',
    });
    expect(set.http).toEqual({
      headersTimeoutMs: 2_000,
      requestTimeoutMs: 3_000,
      idleTimeoutMs: 40_000,
      keepAliveTimeoutMs: 65_000,
      maxRequestsPerConnection: 1000,
    });
  });

  it('refuses connection bounds that are not whole seconds in range, or a headers time-out past the request time-out', () => {
    const problems = problemsOf({
      HTTP_HEADERS_TIMEOUT_SECONDS: '0',
      HTTP_REQUEST_TIMEOUT_SECONDS: '1.5',
      HTTP_IDLE_TIMEOUT_SECONDS: '5',
      HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: 'soon',
      HTTP_MAX_REQUESTS_PER_CONNECTION: '0',
    });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'HTTP_HEADERS_TIMEOUT_SECONDS',
      'HTTP_IDLE_TIMEOUT_SECONDS',
      'HTTP_KEEP_ALIVE_TIMEOUT_SECONDS',
      'HTTP_MAX_REQUESTS_PER_CONNECTION',
      'HTTP_REQUEST_TIMEOUT_SECONDS',
    ]);
    expect(problemsOf({ HTTP_HEADERS_TIMEOUT_SECONDS: '30', HTTP_REQUEST_TIMEOUT_SECONDS: '20' })).toEqual([
      'HTTP_HEADERS_TIMEOUT_SECONDS: must not be more than HTTP_REQUEST_TIMEOUT_SECONDS (20) (got "30")',
    ]);
  });

  it('trusts no proxy by default and reads TRUST_PROXY as a list of addresses and ranges', () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustedProxies).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.5, 10.1.0.0/16,::1 , fd00::/8, loopback' }).trustedProxies).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each(['true', '*', '10.0.0.0/33', '10.0.0', 'proxy.example.org', '10.0.0.1/8/1', '::1/129', '10.0.0.1, nonsense'])(
    'refuses TRUST_PROXY=%s',
    (value) => {
      const problems = problemsOf({ TRUST_PROXY: value });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^TRUST_PROXY: must be off/);
    },
  );
});

describe('a server process with a bad setting', () => {
  it('exits 78 (a refusal the service manager does not restart) with every problem on stderr, before it listens', async () => {
    const failure = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: ':memory:', PORT: 'abc', TRUST_PROXY: 'everyone' },
    }).then(
      () => null,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failure?.code).toBe(78);
    expect(failure?.stdout).toBe('');
    expect(failure?.stderr).toMatch(
      /^Invalid configuration:\n {2}- PORT: must be a port number \(got "abc"\)\n {2}- TRUST_PROXY: must be off/,
    );
  }, 30_000);
});
