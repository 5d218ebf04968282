import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpProblem } from './http-problem.ts';

/** Labels of UTF-8 a client may name in `charset` (the two in common use; any letter case, quoted or not). */
const UTF8_LABELS = new Set(['utf-8', 'utf8']);

/**
 * The `charset` parameter of a Content-Type header: undefined when none is given, null when the
 * header names it more than once or cannot be read (a refusal either way).
 */
export function charsetOf(contentType: string): string | undefined | null {
  let charset: string | undefined;
  for (const part of contentType.split(';').slice(1)) {
    const eq = part.indexOf('=');
    if (eq < 0) {
      if (part.trim() === '') continue;
      return null;
    }
    if (part.slice(0, eq).trim().toLowerCase() !== 'charset') continue;
    if (charset !== undefined) return null;
    charset = part
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim()
      .toLowerCase();
  }
  return charset;
}

/** Why a request's body encoding is refused, or null when the body may be read. */
export function bodyEncodingProblem(request: Pick<FastifyRequest, 'headers'>): string | null {
  const encoding = request.headers['content-encoding'];
  if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') return 'content-encoding';
  const contentType = request.headers['content-type'];
  if (contentType === undefined) return null;
  const charset = charsetOf(contentType);
  if (charset === null) return 'charset';
  if (charset !== undefined && !UTF8_LABELS.has(charset)) return 'charset';
  return null;
}

/**
 * JSON bodies are UTF-8 and sent as they are (docs/decisions/0160-request-hygiene.md). A request
 * naming another charset, or any Content-Encoding but identity, is refused with 415 before its
 * body is read: nothing is parsed, counted or changed (no PIN attempt, no login throttle).
 */
async function bodyEncoding(app: FastifyInstance): Promise<void> {
  // Synchronous (a callback, no promise): it runs on every request.
  app.addHook('onRequest', (request, _reply, done) => {
    const problem = bodyEncodingProblem(request);
    if (problem === null) return done();
    request.log.info({ refused: problem }, 'request body encoding refused');
    done(new HttpProblem(415, 'invalid_parameter'));
  });
}

/** fastify-plugin: the hook is the root instance's, so every module's route has it. */
export const bodyEncodingPlugin = fp(bodyEncoding, { name: 'body-encoding', fastify: '5.x' });
