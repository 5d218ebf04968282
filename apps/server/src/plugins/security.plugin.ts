import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import type { Config } from '../config/config.ts';
import { HttpProblem } from './http-problem.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Strict CSP: no inline script, no eval, no third-party origin (reCAPTCHA's are added only when it is on, later). */
export function contentSecurityDirectives(https: boolean): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

export async function securityPlugin(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  const https = config.publicOrigin.startsWith('https:');
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(https) },
    // HSTS over plain http is ignored by browsers and would pin localhost for other projects: only for https.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    if (!STATE_CHANGING.has(request.method)) return;
    // Cross-site requests are refused: a page elsewhere must not sign users in or out (login CSRF).
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== config.publicOrigin) throw new HttpProblem(403, 'invalid_parameter');
    if (request.headers['sec-fetch-site'] === 'cross-site') throw new HttpProblem(403, 'invalid_parameter');
  });
}
