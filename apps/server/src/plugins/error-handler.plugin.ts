import type { FastifyError, FastifyInstance } from 'fastify';
import type { Reason, RedirectPolicy } from '@gatehouse/contract';
import { API_ROUTES } from './api-route.ts';
import { HttpProblem } from './http-problem.ts';
import { sendSafeRedirect } from './safe-redirect.ts';

const APP_BASE = '/signin/';

function failed(reason: Reason) {
  return { status: 'failed' as const, reasons: [reason] };
}

/**
 * One place decides what a refusal looks like: JSON with a reason code, a 4xx
 * for anything the client got wrong, and never a stack, SQL or path.
 */
export async function errorHandlerPlugin(app: FastifyInstance, { redirects }: { redirects: RedirectPolicy }): Promise<void> {
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
        return reply.code(405).header('allow', [...methods].join(', ')).send(failed('invalid_parameter'));
      }
      return reply.code(404).send(failed('invalid_parameter'));
    }
    if (request.method === 'GET' || request.method === 'HEAD') return sendSafeRedirect(reply, redirects, APP_BASE, 302);
    return reply.code(404).send(failed('invalid_parameter'));
  });
}
