import type { FastifyInstance, FastifyRequest } from 'fastify';
import { secureAccount, secureAccountInfo } from '@gatehouse/contract';
import { apiRoute } from '../../plugins/api-route.ts';
import { HttpProblem, retryAfterHeader } from '../../plugins/http-problem.ts';
import type { UsedLinkCookie } from '../recovery/used-link.cookie.ts';
import type { SecureAccountService } from './secure-account.service.ts';

export interface SecureAccountRoutesOptions {
  secureAccounts: SecureAccountService;
  /** Set once the account is secured: the link's page, loaded again in this browser, says so. */
  usedLinkCookie: UsedLinkCookie;
}

/** Fail closed: an internal fault is `app_error`, never a half-done change reported as ok. */
async function guarded<T>(
  request: FastifyRequest,
  what: string,
  work: () => Promise<T>,
): Promise<T | { status: 'failed'; reasons: ['app_error'] }> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpProblem) throw error;
    request.log.error({ err: error }, `${what} failed with an internal error`);
    return { status: 'failed', reasons: ['app_error'] };
  }
}

/** GET and POST /api/user/secureaccount (additions; docs/decisions/0115-wasnt-you-mail.md). */
export async function secureAccountRoutes(
  app: FastifyInstance,
  { secureAccounts, usedLinkCookie }: SecureAccountRoutesOptions,
): Promise<void> {
  apiRoute(app, secureAccountInfo, async ({ query, request, reply }) =>
    guarded(request, 'secure-account link check', async () => {
      const check = await secureAccounts.check(query.token, request.ip);
      if (check.kind === 'throttled') {
        reply.code(429).headers(retryAfterHeader(check.retryAfterMs));
        return { status: 'failed', reasons: ['too_many_requests'] };
      }
      return check.kind === 'ok' ? { status: 'ok' } : { status: 'failed', reasons: [check.reason] };
    }),
  );

  apiRoute(app, secureAccount, async ({ body, request, reply }) =>
    guarded(request, 'securing an account', async () => {
      const outcome = await secureAccounts.secure(body.token, request.ip);
      if (outcome.kind === 'throttled') {
        reply.code(429).headers(retryAfterHeader(outcome.retryAfterMs));
        return { status: 'failed', reasons: ['too_many_requests'] };
      }
      if (outcome.kind === 'failed') return { status: 'failed', reasons: [outcome.reason] };
      request.log.info(
        {
          event: 'account_secured',
          sessionsEnded: outcome.sessionsEnded,
          trustsRevoked: outcome.trustsRevoked,
          passkeysRemoved: outcome.passkeysRemoved,
        },
        "account secured from a wasn't-you link",
      );
      usedLinkCookie.write(request, reply, body.token);
      return { status: 'ok', resetToken: outcome.resetToken };
    }),
  );
}
