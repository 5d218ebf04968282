import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { BotCheckConfig, Config } from '../config/config.ts';
import { HttpProblem } from './http-problem.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Where Google's reCAPTCHA v3 loads its code and frames from (https://developers.google.com/recaptcha/docs/faq#csp). */
export const RECAPTCHA_SOURCES = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'] as const;
export const RECAPTCHA_FRAME_SOURCES = [
  'https://www.google.com/recaptcha/',
  'https://recaptcha.google.com/recaptcha/',
] as const;

/**
 * The third-party sources the bot check needs: reCAPTCHA's, only while it is on,
 * plus the folder of the configured script address (a mirror or a local stand-in).
 * ALTCHA needs nothing: its challenge comes from 'self' and it is solved on the main thread.
 */
export function botCheckSources(botCheck: BotCheckConfig | undefined): {
  script: string[];
  frame: string[];
  connect: string[];
} {
  if (botCheck?.kind !== 'recaptcha') return { script: [], frame: [], connect: [] };
  const script = new URL(botCheck.scriptUri);
  const scriptFolder = `${script.origin}${script.pathname.slice(0, script.pathname.lastIndexOf('/') + 1)}`;
  const unique = (values: string[]) => [...new Set(values)];
  return {
    script: unique([scriptFolder, ...RECAPTCHA_SOURCES]),
    frame: [...RECAPTCHA_FRAME_SOURCES],
    connect: [...RECAPTCHA_SOURCES],
  };
}

/**
 * The one style attribute a server-rendered page carries: the hidden native input Base UI's checkbox
 * renders beside its button (the PIN step's "remember this device"). Allowed by its hash alone
 * ('unsafe-hashes' admits exactly the attributes whose hash is listed; docs/decisions/0117-server-rendered-first-view.md).
 */
export const HIDDEN_CHECKBOX_INPUT_STYLE =
  'clip-path:inset(50%);overflow:hidden;white-space:nowrap;border:0;padding:0;width:1px;height:1px;margin:-1px;position:absolute';
const HIDDEN_CHECKBOX_INPUT_STYLE_HASH = `'sha256-${createHash('sha256').update(HIDDEN_CHECKBOX_INPUT_STYLE).digest('base64')}'`;

/** Strict CSP: no inline script, no eval, no third-party origin (reCAPTCHA's only while it is on). */
export function contentSecurityDirectives(https: boolean, botCheck?: BotCheckConfig): Record<string, string[]> {
  const sources = botCheckSources(botCheck);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...sources.script],
    'style-src': ["'self'", "'unsafe-hashes'", HIDDEN_CHECKBOX_INPUT_STYLE_HASH],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...sources.connect],
    ...(sources.frame.length > 0 ? { 'frame-src': sources.frame } : {}),
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
    // Trusted Types: no string becomes markup or script through a DOM sink (innerHTML, script.src,
    // eval…); the app writes to none, so injected code that reaches one throws instead of running.
    // Not with reCAPTCHA, whose loader and Google's own script write to such sinks
    // (docs/decisions/0183-trusted-types.md).
    ...(botCheck?.kind === 'recaptcha'
      ? {}
      : { 'require-trusted-types-for': ["'script'"], 'trusted-types': ["'none'"] }),
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** What helmet is told: a strict CSP, HSTS only over https, no referrer. */
export function helmetOptions(config: Pick<Config, 'publicOrigin' | 'botCheck'>): HelmetOptions {
  const https = config.publicOrigin.startsWith('https:');
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(https, config.botCheck) },
    // HSTS over plain http is ignored by browsers and would pin localhost for other projects: only for https.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    // What the CSP's frame-ancestors 'none' says, for browsers without it: no one frames a page, the
    // app's own pages neither (helmet's default, SAMEORIGIN, would let them).
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet sets, computed once: with these options they depend on the configuration
 * only, never on the request (no CSP nonce), so every answer gets the same list
 * (docs/decisions/0164-hot-paths-and-overload.md). helmet runs once on a response that only
 * records what is set.
 */
export function securityHeaders(config: Pick<Config, 'publicOrigin' | 'botCheck'>): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown = null;
  helmet(helmetOptions(config))({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) failure = error;
  });
  if (failure) throw failure;
  return Object.freeze(headers);
}

/**
 * The headers of an API answer, which is data and never a document
 * (docs/decisions/0176-api-answer-headers.md): `no-store`, a CSP under which nothing loads, runs or
 * frames it, `X-Frame-Options: DENY` for browsers before CSP's `frame-ancestors`, and the page's own
 * HSTS, `nosniff`, referrer and cross-origin resource policies (taken from `page`, so the two sets
 * cannot drift). Not the headers only a document reads: the page's CSP sources, the opener policy,
 * origin-keyed agent clusters, DNS prefetching, old Internet Explorer's download and XSS switches
 * and Flash's cross-domain policy.
 */
export function apiSecurityHeaders(page: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  const fromPage = (name: string) => (page[name] === undefined ? {} : { [name]: page[name] });
  return Object.freeze({
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
    ...fromPage('strict-transport-security'),
    ...fromPage('x-content-type-options'),
    ...fromPage('referrer-policy'),
    ...fromPage('cross-origin-resource-policy'),
  });
}

export interface SecurityOptions {
  config: Config;
}

async function security(app: FastifyInstance, { config }: SecurityOptions): Promise<void> {
  const page = securityHeaders(config);
  const pageNames = Object.keys(page);
  const api = apiSecurityHeaders(page);
  const apiNames = Object.keys(api);
  // One synchronous hook for every request: no promise, no per-request header computation.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/')) for (const name of apiNames) reply.header(name, api[name]);
    else for (const name of pageNames) reply.header(name, page[name]);
    if (!STATE_CHANGING.has(request.method)) return done();
    // A page's own form sent before the app took over (its Origin is "null" under no-referrer): the web
    // module answers it with a redirect, unread and changing nothing (docs/decisions/0117-server-rendered-first-view.md).
    if (request.method === 'POST' && request.url.startsWith('/signin/')) return done();
    // Cross-site requests are refused: a page elsewhere must not sign users in or out (login CSRF).
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== config.publicOrigin) return done(new HttpProblem(403, 'invalid_parameter'));
    if (request.headers['sec-fetch-site'] === 'cross-site') return done(new HttpProblem(403, 'invalid_parameter'));
    done();
  });
}

/** Security headers and the cross-site refusal on every request (fastify-plugin: the root instance's hook). */
export const securityPlugin = fp(security, { name: 'security', fastify: '5.x' });
