import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { APP_BASE, APP_PAGES, type Reason, type RedirectPolicy } from '@gatehouse/contract';
import { API_ROUTES } from './api-route.ts';
import { HttpProblem } from './http-problem.ts';
import { sendSafeRedirect } from './safe-redirect.ts';

/** The app's own pages by name (`reset-password`), also reachable without the app's base: an old or hand-typed link. */
const PAGE_NAMES = new Set(
  Object.values(APP_PAGES)
    .map((page) => page.replace(/^\//, ''))
    .filter((name) => name !== ''),
);

/**
 * Where a page outside the app goes (302): the same page inside the app when it is one of the
 * app's pages (`/reset-password?token=…` → `/signin/reset-password?token=…`), else the sign-in
 * route; the query goes along. The path is one of ours, never taken from the request, and the
 * query is parsed and written again (URLSearchParams): only a query can follow, so the target
 * stays on this site under the app's base whatever the request held. The app decides what a
 * `redirect` in it may do (docs/decisions/0004).
 */
function appLocation(url: string): string {
  const queryAt = url.indexOf('?');
  const pathOnly = queryAt >= 0 ? url.slice(0, queryAt) : url;
  const page = pathOnly.replace(/^\/+|\/+$/g, '');
  const query = queryAt >= 0 ? new URLSearchParams(url.slice(queryAt + 1)).toString() : '';
  return `${APP_BASE}${PAGE_NAMES.has(page) ? page : ''}${query ? `?${query}` : ''}`;
}

function failed(reason: Reason) {
  return { status: 'failed' as const, reasons: [reason] };
}

/**
 * A request Fastify cannot route at all (a malformed URL: `/%`, a broken escape), answered before
 * any hook (Fastify's `frameworkErrors`; the caller adds the API answer's security headers). A
 * page's address that was damaged on its way (a mail program that cut a link, a hand-typed one)
 * goes to the app's sign-in route, as an address that names no page does, instead of showing a
 * person the API's JSON; nothing of the address goes along, since it cannot be read. An API call,
 * or any other method, is refused as malformed (400), saying nothing of the URL (a link's token
 * may be in it).
 */
export function answerUnroutable(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
  redirects: RedirectPolicy,
): void {
  const page =
    error.code === 'FST_ERR_BAD_URL' &&
    (request.method === 'GET' || request.method === 'HEAD') &&
    !request.url.startsWith('/api/');
  if (page) void sendSafeRedirect(reply, redirects, APP_BASE, 302);
  else void reply.code(400).send(failed('invalid_parameter'));
}

/**
 * One place decides what a refusal looks like: JSON with a reason code, a 4xx
 * for anything the client got wrong, and never a stack, SQL or path.
 */
export interface ErrorHandlerOptions {
  redirects: RedirectPolicy;
}

async function errorHandler(app: FastifyInstance, { redirects }: ErrorHandlerOptions): Promise<void> {
  app.setErrorHandler((error: FastifyError | HttpProblem, request, reply) => {
    if (error instanceof HttpProblem) {
      request.log.info({ statusCode: error.statusCode, reason: error.reason }, 'request refused');
      return reply.code(error.statusCode).headers(error.headers).send(failed(error.reason));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx: malformed JSON, prototype keys, wrong media type (415), body too large (413).
      // Only the code is logged: a parser's message can quote the body, and the body can hold a password.
      request.log.info({ statusCode: status, code: error.code }, 'malformed request refused');
      return reply.code(status).send(failed('invalid_parameter'));
    }
    request.log.error({ err: { type: error.name, code: error.code, message: error.message } }, 'internal error');
    return reply.code(500).send(failed('app_error'));
  });

  app.setNotFoundHandler((request, reply) => {
    const pathOnly = request.url.split('?')[0] ?? '';
    if (pathOnly.startsWith('/api/')) {
      const methods = API_ROUTES.get(pathOnly);
      if (methods) {
        return reply
          .code(405)
          .header('allow', [...methods].join(', '))
          .send(failed('invalid_parameter'));
      }
      return reply.code(404).send(failed('invalid_parameter'));
    }
    if (request.method === 'GET' || request.method === 'HEAD')
      return sendSafeRedirect(reply, redirects, appLocation(request.url), 302, APP_BASE);
    return reply.code(404).send(failed('invalid_parameter'));
  });
}

/** Registered first (fastify-plugin: the handlers are the root instance's, seen by every module). */
export const errorHandlerPlugin = fp(errorHandler, { name: 'error-handler', fastify: '5.x' });
