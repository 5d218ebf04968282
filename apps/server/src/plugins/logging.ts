import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
/** Where log lines go (pino's destination: anything with write). */
export interface LogStream {
  write(line: string): void;
}

/**
 * Anything that could carry a secret is removed before a line is written
 * (docs/security.md: no password, PIN, token, cookie or session id in any log).
 */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-recaptcha-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.password2',
  '*.pin_code',
  '*.token',
  '*.cookie',
  '*.sessionId',
];

/** A query parameter's name worth keeping in a line: a short plain word, as every name the app uses. */
const PLAIN_NAME = /^[A-Za-z_][\w.-]{0,31}$/;
/** More names than any call of the app has: the rest of a query is not worth a longer line. */
const MAX_NAMES = 10;

/**
 * Query values can be tokens (token info): keep the names, drop the values. A name can hold a
 * token too, when a mail program mangled a link (`?token%3D…`, `?…` without `token=`), and a name
 * of any length would make a line of any length: such names are dropped as well, and past ten
 * names the rest is left out.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const names = [...new URLSearchParams(url.slice(q + 1)).keys()];
  const shown = names.slice(0, MAX_NAMES).map((name) => (PLAIN_NAME.test(name) ? `${name}=[redacted]` : '[redacted]'));
  if (names.length > MAX_NAMES) shown.push('…');
  return `${url.slice(0, q)}?${shown.join('&')}`;
}

export function loggerOptions(level: string, stream?: LogStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      // No headers at all: they hold cookies, and the bot-check token.
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}

/**
 * One line per request (docs/decisions/0164-hot-paths-and-overload.md): Fastify writes two at `info`,
 * "incoming request" when it arrives and "request completed" when it is answered. Operators read the
 * second: it now carries the request too (method, URL without query values, client address) with
 * the status and the time taken, so "incoming request" is written at `debug` only (it shows a request
 * that never ends: a stalled body, a hang). Half the lines, half the serializing and writing per request.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error)
      request.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
