import { fileURLToPath } from 'node:url';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/** The repository root, whatever the working directory (config defaults are relative to it). */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const positiveInt = (fallback: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .refine((n) => n > 0, 'must be greater than 0')
    .optional()
    .transform((n) => n ?? fallback);

/** A whole number from `min` to `max` (PIN policy, device lifetimes). */
const boundedInt = (fallback: number, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .refine((n) => n >= min && n <= max, `must be between ${min} and ${max}`)
    .optional()
    .transform((n) => n ?? fallback);

/** "true" or "false" (any case); unset: the fallback. */
const flag = (fallback: boolean) =>
  z
    .string()
    .regex(/^(true|false)$/i, 'must be true or false')
    .transform((v) => v.toLowerCase() === 'true')
    .optional()
    .transform((v) => v ?? fallback);

/** "address@example.org" or "Name <address@example.org>". */
const MAIL_FROM_PATTERN = /^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/;

const origin = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value.replace(/\/$/, '');
  } catch {
    return false;
  }
}, 'must be an origin like https://example.org (scheme, host and optional port, no path)');

/** Names proxy-addr (Fastify's trustProxy) knows for address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IP address, an IP/prefix range, or one of the range names: what Fastify's trustProxy list accepts. */
export function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: off (unset, empty or "false"), or a comma-separated list of the proxies' addresses
 * and ranges. "true" (trust any sender) is refused: anyone could then choose their address.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((v) =>
    v === undefined || v.trim().toLowerCase() === 'false'
      ? []
      : v
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s.length > 0),
  )
  .pipe(
    z.array(
      z.string().refine(isProxyAddress, {
        message:
          'must be off ("false" or unset) or a comma-separated list of proxy addresses or ranges, like 10.0.0.5, 10.1.0.0/16, ::1, loopback',
      }),
    ),
  );

/** An absolute http(s) URL (bot-check addresses; plain http is for local stand-ins). */
const httpUrl = z.url({ protocol: /^https?$/, message: 'must be an absolute http(s) URL' });

/** Never echoed in a configuration error: the message reaches the console and logs. */
const SECRET_VARIABLES = new Set(['RECAPTCHA_SECRET', 'ALTCHA_HMAC_KEY']);

export const BOT_CHECK_KINDS = ['none', 'recaptcha', 'altcha'] as const;

const EnvSchema = z.object({
  PORT: z
    .string()
    .regex(/^\d+$/, 'must be a port number')
    .transform(Number)
    .refine((n) => n >= 0 && n <= 65535, 'must be between 0 and 65535')
    .optional()
    .transform((n) => n ?? 8080),
  HOST: z
    .string()
    .min(1)
    .optional()
    .transform((h) => h ?? '127.0.0.1'),
  // Connection hygiene (docs/decisions/0160-request-hygiene.md): every bound in seconds.
  HTTP_HEADERS_TIMEOUT_SECONDS: boundedInt(10, 1, 120),
  HTTP_REQUEST_TIMEOUT_SECONDS: boundedInt(20, 1, 300),
  // Also bounds the time to answer: at least the longest wait on SMTP for a PIN mail (5 + 5 + 10 s).
  HTTP_IDLE_TIMEOUT_SECONDS: boundedInt(30, 25, 600),
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: boundedInt(5, 1, 600),
  HTTP_MAX_REQUESTS_PER_CONNECTION: boundedInt(100, 1, 100_000),
  TRUST_PROXY: trustProxy,
  PUBLIC_ORIGIN: origin.optional(),
  DATABASE_URL: z
    .string()
    .min(1)
    .refine((v) => !/^[a-z][a-z0-9+.-]*:\/\//i.test(v) || /^postgres(ql)?:\/\//i.test(v) || /^file:\/\//i.test(v), {
      message: 'must be a SQLite file path or a postgres:// URL',
    })
    .optional(),
  // Running several processes (docs/decisions/0170-health-and-draining.md, 0171-migrations-for-a-fleet.md).
  DATABASE_POOL_SIZE: boundedInt(10, 2, 200),
  MIGRATE_AT_START: flag(true),
  SHUTDOWN_TIMEOUT_SECONDS: boundedInt(30, 1, 600),
  REDIRECT_ALLOWLIST: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s.length > 0),
    )
    .pipe(z.array(origin)),
  SESSION_IDLE_MINUTES: positiveInt(30),
  SESSION_ABSOLUTE_HOURS: positiveInt(12),
  // A sign-in on a shared or public computer (docs/decisions/0116-shared-computer.md).
  SHARED_SESSION_IDLE_MINUTES: positiveInt(10),
  SHARED_SESSION_ABSOLUTE_MINUTES: positiveInt(60),
  COPYRIGHT: z
    .string()
    .min(1)
    .optional()
    .transform((v) => v ?? '© 2026 Gatehouse'),
  CONTACT_URL: z.url({ protocol: /^https?$/ }).optional(),
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .optional()
    .transform((v) => v ?? 'development'),
  LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
  WEB_DIST: z.string().min(1).optional(),
  // The mail server (docs/decisions/0110-mail.md). Read here so that a bad value is reported at start.
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  // Passkeys (docs/decisions/0120-passkeys.md). RP ID and expected origin come from PUBLIC_ORIGIN.
  RP_NAME: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .transform((v) => v ?? 'Gatehouse'),
  WEBAUTHN_TIMEOUT_MS: positiveInt(60_000),
  WEBAUTHN_CONDITIONAL_TIMEOUT_S: positiveInt(300),
  WEBAUTHN_CHALLENGE_TTL_MS: positiveInt(5 * 60_000),
  // Mail, PIN policy and trusted devices (docs/decisions/0110-mail.md, 0111-pin-codes.md, 0112-devices.md).
  MAIL_FROM: z
    .string()
    .regex(MAIL_FROM_PATTERN, 'must be an address like no-reply@example.org or "Gatehouse <no-reply@example.org>"')
    .optional(),
  PIN_SILENT_ATTEMPTS: boundedInt(2, 0, 20),
  PIN_MAX_ATTEMPTS: boundedInt(5, 1, 20),
  RECHECK_AFTER_DAYS: boundedInt(30, 1, 400),
  // Browsers cap a cookie's Max-Age at 400 days.
  DEVICE_COOKIE_DAYS: boundedInt(400, 1, 400),
  // A device stops offering an account that has not signed in on it for this long (docs/decisions/0112-devices.md).
  REMEMBERED_ACCOUNT_DAYS: boundedInt(90, 1, 400),
  // Token lifetimes (docs/decisions/0130-recovery-tokens.md); the defaults, 60 minutes and 72 hours, are those of docs/security.md.
  RESET_TOKEN_TTL_MINUTES: boundedInt(60, 1, 24 * 60),
  INVITATION_TTL_HOURS: boundedInt(72, 1, 30 * 24),
  // The link of the "Wasn't you?" mail (docs/decisions/0115-wasnt-you-mail.md).
  SECURE_ACCOUNT_TTL_DAYS: boundedInt(7, 1, 30),
  // The time zone of times in mails (an IANA name); the provider's patients live in Central Europe.
  MAIL_TIME_ZONE: z
    .string()
    .refine((value) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: value });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as Europe/Bratislava')
    .optional()
    .transform((v) => v ?? 'Europe/Bratislava'),
  // Bot check (docs/decisions/0140-bot-check.md). Cross-field rules are in botCheckConfig().
  BOT_CHECK: z
    .enum(BOT_CHECK_KINDS, { message: `must be one of ${BOT_CHECK_KINDS.join(', ')}` })
    .optional()
    .transform((v) => v ?? 'none'),
  RECAPTCHA_SITE_KEY: z
    .string()
    .regex(/^[\w-]{1,128}$/, 'must be the site key (letters, digits, "-" and "_")')
    .optional(),
  RECAPTCHA_SECRET: z.string().min(1).max(256).optional(),
  RECAPTCHA_SCRIPT_URI: httpUrl.optional().transform((v) => v ?? 'https://www.google.com/recaptcha/api.js'),
  RECAPTCHA_VERIFY_URL: httpUrl.optional().transform((v) => v ?? 'https://www.google.com/recaptcha/api/siteverify'),
  RECAPTCHA_MIN_SCORE: z
    .string()
    .regex(/^(0(\.\d+)?|1(\.0+)?)$/, 'must be a number from 0 to 1, like 0.5')
    .transform(Number)
    .optional()
    .transform((n) => n ?? 0.5),
  RECAPTCHA_TIMEOUT_MS: boundedInt(3_000, 100, 30_000),
  RECAPTCHA_PRIVACY_URL: httpUrl.optional().transform((v) => v ?? 'https://policies.google.com/privacy'),
  RECAPTCHA_TERMS_URL: httpUrl.optional().transform((v) => v ?? 'https://policies.google.com/terms'),
  ALTCHA_HMAC_KEY: z.string().min(32, 'must be at least 32 characters (a random secret)').optional(),
  ALTCHA_MAX_NUMBER: boundedInt(100_000, 1_000, 10_000_000),
  // At least a minute: the app may solve one ahead and use it up to 30 s later.
  ALTCHA_CHALLENGE_TTL_SECONDS: boundedInt(300, 60, 3_600),
});

export type DatabaseTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

/** Time-outs and limits of client connections (docs/decisions/0160-request-hygiene.md). */
export interface HttpLimits {
  /** All request headers must have arrived within this (HTTP_HEADERS_TIMEOUT_SECONDS). */
  headersTimeoutMs: number;
  /** Headers and body must have arrived within this (HTTP_REQUEST_TIMEOUT_SECONDS). */
  requestTimeoutMs: number;
  /** A connection with nothing sent or received for this long is closed (HTTP_IDLE_TIMEOUT_SECONDS). */
  idleTimeoutMs: number;
  /** An idle kept-alive connection is closed after this (HTTP_KEEP_ALIVE_TIMEOUT_SECONDS). */
  keepAliveTimeoutMs: number;
  /** Requests one kept-alive connection may carry (HTTP_MAX_REQUESTS_PER_CONNECTION). */
  maxRequestsPerConnection: number;
}

export interface Config {
  port: number;
  host: string;
  http: HttpLimits;
  /** The proxies whose X-Forwarded-For is believed (TRUST_PROXY); empty: the socket's address counts. */
  trustedProxies: readonly string[];
  /** Exact origin of the app; also the WebAuthn origin and the base of links in mails. */
  publicOrigin: string;
  /** True when cookies may not be Secure (plain http on a loopback host, development only). */
  insecureLoopback: boolean;
  database: DatabaseTarget;
  /** PostgreSQL connections one process keeps at most (DATABASE_POOL_SIZE; one is held while migrating). */
  databasePoolSize: number;
  /** Apply pending migrations at start (MIGRATE_AT_START); otherwise a schema behind refuses the start. */
  migrateAtStart: boolean;
  /** A draining shutdown (SIGTERM) ends within this; requests still running then are cut (SHUTDOWN_TIMEOUT_SECONDS). */
  shutdownTimeoutMs: number;
  redirectAllowlist: readonly string[];
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  /** A shared-computer sign-in's lifetimes: at most the ordinary ones. */
  sharedSessionIdleMs: number;
  sharedSessionAbsoluteMs: number;
  copyright: string;
  contactUrl: string | null;
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: (typeof LOG_LEVELS)[number];
  webDist: string;
  smtpUrl: string | null;
  webauthn: WebauthnConfig;
  /** Sender of every mail (MAIL_FROM; default "Gatehouse <no-reply@host of PUBLIC_ORIGIN>"). */
  mailFrom: string;
  /** Wrong PINs answered without showing the remaining count. */
  pinSilentAttempts: number;
  /** Wrong PINs in a row (silent included) after which the account is blocked. */
  pinMaxAttempts: number;
  /** A trusted device skips the PIN for this long after the last PIN passed on it. */
  recheckAfterMs: number;
  /** Max-Age of the device cookie. */
  deviceCookieMaxAgeMs: number;
  /** A device lists an account this long after its last completed sign-in there. */
  rememberedAccountMs: number;
  /** A reset-password link works this long (RESET_TOKEN_TTL_MINUTES, default 60). */
  resetTokenTtlMs: number;
  /** An invitation link works this long (INVITATION_TTL_HOURS, default 72). */
  invitationTtlMs: number;
  /** A "Wasn't you?" link works this long (SECURE_ACCOUNT_TTL_DAYS, default 7). */
  secureAccountTtlMs: number;
  /** The time zone of times in mails (MAIL_TIME_ZONE, default Europe/Bratislava). */
  mailTimeZone: string;
  /** BOT_CHECK and its keys; secrets stay on the server (never logged, never in server info). */
  botCheck: BotCheckConfig;
  version: string;
}

export type BotCheckConfig =
  | { kind: 'none' }
  | {
      kind: 'recaptcha';
      siteKey: string;
      secret: string;
      scriptUri: string;
      verifyUrl: string;
      minScore: number;
      timeoutMs: number;
      privacyPolicyUrl: string;
      termsUrl: string;
    }
  | { kind: 'altcha'; hmacKey: string; maxNumber: number; challengeTtlMs: number };

type ParsedEnv = z.output<typeof EnvSchema>;

/** The bot check's settings, or the problems that stop the server (a check that is on needs its keys). */
function botCheckConfig(e: ParsedEnv): BotCheckConfig | string[] {
  switch (e.BOT_CHECK) {
    case 'none':
      return { kind: 'none' };
    case 'recaptcha': {
      const missing = [
        ...(e.RECAPTCHA_SITE_KEY ? [] : ['RECAPTCHA_SITE_KEY: required when BOT_CHECK is recaptcha']),
        ...(e.RECAPTCHA_SECRET ? [] : ['RECAPTCHA_SECRET: required when BOT_CHECK is recaptcha']),
      ];
      if (missing.length > 0 || !e.RECAPTCHA_SITE_KEY || !e.RECAPTCHA_SECRET) return missing;
      return {
        kind: 'recaptcha',
        siteKey: e.RECAPTCHA_SITE_KEY,
        secret: e.RECAPTCHA_SECRET,
        scriptUri: e.RECAPTCHA_SCRIPT_URI,
        verifyUrl: e.RECAPTCHA_VERIFY_URL,
        minScore: e.RECAPTCHA_MIN_SCORE,
        timeoutMs: e.RECAPTCHA_TIMEOUT_MS,
        privacyPolicyUrl: e.RECAPTCHA_PRIVACY_URL,
        termsUrl: e.RECAPTCHA_TERMS_URL,
      };
    }
    case 'altcha':
      if (!e.ALTCHA_HMAC_KEY)
        return ['ALTCHA_HMAC_KEY: required when BOT_CHECK is altcha (a random secret of at least 32 characters)'];
      return {
        kind: 'altcha',
        hmacKey: e.ALTCHA_HMAC_KEY,
        maxNumber: e.ALTCHA_MAX_NUMBER,
        challengeTtlMs: e.ALTCHA_CHALLENGE_TTL_SECONDS * 1000,
      };
    default:
      return e.BOT_CHECK satisfies never;
  }
}

export interface WebauthnConfig {
  /** The relying party's name shown by authenticators (RP_NAME). */
  rpName: string;
  /** The hostname of PUBLIC_ORIGIN. */
  rpId: string;
  /** PUBLIC_ORIGIN exactly: the only origin an assertion may come from. */
  expectedOrigin: string;
  /** How long the browser's create/get ceremony may take (WEBAUTHN_TIMEOUT_MS). */
  timeoutMs: number;
  /** Bounds conditional (autofill) mediation in the app (WEBAUTHN_CONDITIONAL_TIMEOUT_S). */
  conditionalTimeoutS: number;
  /** A challenge is refused after this long (WEBAUTHN_CHALLENGE_TTL_MS, 5 minutes by default: docs/security.md, Passkeys). */
  challengeTtlMs: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The database without a DATABASE_URL: a SQLite file in the checkout's `data/` folder. */
export const DEFAULT_SQLITE_FILE = path.join(REPO_ROOT, 'data', 'gatehouse.sqlite');

export function databaseTarget(url: string | undefined): DatabaseTarget {
  if (url === undefined) return { kind: 'sqlite', file: DEFAULT_SQLITE_FILE };
  if (/^postgres(ql)?:\/\//i.test(url)) return { kind: 'postgres', url };
  if (url === ':memory:') return { kind: 'sqlite', file: url };
  const file = url.startsWith('file://') ? fileURLToPath(url) : url;
  return { kind: 'sqlite', file: path.resolve(REPO_ROOT, file) };
}

/** A reset link's validity in whole minutes: what the app (server info) and the reset mail both say. */
export function resetLinkMinutes(config: Pick<Config, 'resetTokenTtlMs'>): number {
  return Math.round(config.resetTokenTtlMs / 60_000);
}

/** Parses the environment once; throws ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, version = '0.1.0'): Config {
  // Empty strings mean "not set" (a blank line in an env file should not be a bad value).
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const shown = name in present && !SECRET_VARIABLES.has(name);
      return `${name}: ${issue.message}${shown ? ` (got "${String(present[name])}")` : ''}`;
    });
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  const publicOrigin = (e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const url = new URL(publicOrigin);
  const insecureLoopback = url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol === 'http:' && !insecureLoopback) {
    throw new ConfigError([`PUBLIC_ORIGIN: plain http is allowed only on localhost (got "${publicOrigin}")`]);
  }
  const pinAndMailProblems = [
    ...(e.PIN_SILENT_ATTEMPTS >= e.PIN_MAX_ATTEMPTS
      ? [
          `PIN_SILENT_ATTEMPTS: must be less than PIN_MAX_ATTEMPTS (${e.PIN_MAX_ATTEMPTS}) (got "${e.PIN_SILENT_ATTEMPTS}")`,
        ]
      : []),
    // Without SMTP nobody receives a PIN: production must name a real mail server (the mailbox is for development).
    ...(e.NODE_ENV === 'production' && !e.SMTP_URL
      ? ['SMTP_URL: required when NODE_ENV is production (smtp:// or smtps://)']
      : []),
    // Without it every mailed link would lead to localhost and no passkey would work: production (the
    // server, and the admin CLI that mails links from another machine) must name the origin users open.
    ...(e.NODE_ENV === 'production' && !e.PUBLIC_ORIGIN
      ? ['PUBLIC_ORIGIN: required when NODE_ENV is production (the origin users open, e.g. https://signin.example.org)']
      : []),
  ];
  const http: HttpLimits = {
    headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
    requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
    idleTimeoutMs: e.HTTP_IDLE_TIMEOUT_SECONDS * 1000,
    keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    maxRequestsPerConnection: e.HTTP_MAX_REQUESTS_PER_CONNECTION,
  };
  const httpProblems = [
    // Node refuses a headers time-out longer than the request time-out.
    ...(http.headersTimeoutMs > http.requestTimeoutMs
      ? [
          `HTTP_HEADERS_TIMEOUT_SECONDS: must not be more than HTTP_REQUEST_TIMEOUT_SECONDS (${e.HTTP_REQUEST_TIMEOUT_SECONDS}) (got "${e.HTTP_HEADERS_TIMEOUT_SECONDS}")`,
        ]
      : []),
  ];
  if (pinAndMailProblems.length > 0 || httpProblems.length > 0)
    throw new ConfigError([...pinAndMailProblems, ...httpProblems]);
  const botCheck = botCheckConfig(e);
  if (Array.isArray(botCheck)) throw new ConfigError(botCheck);
  return {
    port: e.PORT,
    host: e.HOST,
    http,
    trustedProxies: e.TRUST_PROXY,
    publicOrigin,
    insecureLoopback,
    database: databaseTarget(e.DATABASE_URL),
    databasePoolSize: e.DATABASE_POOL_SIZE,
    migrateAtStart: e.MIGRATE_AT_START,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    redirectAllowlist: e.REDIRECT_ALLOWLIST,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000,
    // Never longer than an ordinary session.
    sharedSessionIdleMs: Math.min(e.SHARED_SESSION_IDLE_MINUTES, e.SESSION_IDLE_MINUTES) * 60_000,
    sharedSessionAbsoluteMs: Math.min(e.SHARED_SESSION_ABSOLUTE_MINUTES * 60_000, e.SESSION_ABSOLUTE_HOURS * 3_600_000),
    copyright: e.COPYRIGHT,
    contactUrl: e.CONTACT_URL ?? null,
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    webDist: path.resolve(REPO_ROOT, e.WEB_DIST ?? 'apps/web/dist'),
    smtpUrl: e.SMTP_URL ?? null,
    webauthn: {
      rpName: e.RP_NAME,
      rpId: url.hostname,
      expectedOrigin: publicOrigin,
      timeoutMs: e.WEBAUTHN_TIMEOUT_MS,
      conditionalTimeoutS: e.WEBAUTHN_CONDITIONAL_TIMEOUT_S,
      challengeTtlMs: e.WEBAUTHN_CHALLENGE_TTL_MS,
    },
    mailFrom: e.MAIL_FROM ?? `Gatehouse <no-reply@${url.hostname}>`,
    pinSilentAttempts: e.PIN_SILENT_ATTEMPTS,
    pinMaxAttempts: e.PIN_MAX_ATTEMPTS,
    recheckAfterMs: e.RECHECK_AFTER_DAYS * 86_400_000,
    deviceCookieMaxAgeMs: e.DEVICE_COOKIE_DAYS * 86_400_000,
    rememberedAccountMs: e.REMEMBERED_ACCOUNT_DAYS * 86_400_000,
    resetTokenTtlMs: e.RESET_TOKEN_TTL_MINUTES * 60_000,
    invitationTtlMs: e.INVITATION_TTL_HOURS * 3_600_000,
    secureAccountTtlMs: e.SECURE_ACCOUNT_TTL_DAYS * 86_400_000,
    mailTimeZone: e.MAIL_TIME_ZONE,
    botCheck,
    version,
  };
}
