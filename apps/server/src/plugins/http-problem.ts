import type { Reason } from '@gatehouse/contract';

/**
 * A refusal with an HTTP status other than 200: malformed input (400/413/415),
 * cross-site calls (403), throttling (429), saturation (503).
 * Business failures are not problems: they are HTTP 200 answers with reasons.
 */
export class HttpProblem extends Error {
  constructor(
    readonly statusCode: number,
    readonly reason: Reason,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(reason);
    this.name = 'HttpProblem';
  }
}

export function retryAfterHeader(retryAfterMs: number): Record<string, string> {
  return { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) };
}

export function tooManyRequests(retryAfterMs: number): HttpProblem {
  return new HttpProblem(429, 'too_many_requests', retryAfterHeader(retryAfterMs));
}
