import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forgotPassword, register, resetPassword, tokenInfo, type StatusAnswer } from '@gatehouse/contract';
import { apiRoute } from '../../plugins/api-route.ts';
import { hashAdmissionOf } from '../../plugins/hash-admission.plugin.ts';
import { HttpProblem, retryAfterHeader } from '../../plugins/http-problem.ts';
import type { RecoveryService, SetPasswordOutcome } from './recovery.service.ts';
import type { UsedLinkCookie } from './used-link.cookie.ts';

export type CompleteSignIn = (request: FastifyRequest, reply: FastifyReply, userId: string) => Promise<unknown>;

export interface RecoveryRoutesOptions {
  recovery: RecoveryService;
  /** The user module's SignInService.complete: registration signs the user in. */
  completeSignIn: CompleteSignIn;
  /** Set by a reset: the link's page, loaded again in this browser, says the password was changed. */
  usedLinkCookie: UsedLinkCookie;
}

/** Fail closed: an internal fault is `app_error`, never a half-done change reported as ok. */
async function guarded(
  request: FastifyRequest,
  what: string,
  work: () => Promise<StatusAnswer>,
): Promise<StatusAnswer> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpProblem) throw error;
    request.log.error({ err: error }, `${what} failed with an internal error`);
    return { status: 'failed', reasons: ['app_error'] };
  }
}

function answer(outcome: SetPasswordOutcome): StatusAnswer {
  if (outcome.kind === 'ok') return { status: 'ok' };
  return { status: 'failed', reasons: outcome.reasons, ...(outcome.detail ? { detail: outcome.detail } : {}) };
}

export async function recoveryRoutes(
  app: FastifyInstance,
  { recovery, completeSignIn, usedLinkCookie }: RecoveryRoutesOptions,
): Promise<void> {
  apiRoute(app, forgotPassword, async ({ body, request, reply }) =>
    guarded(request, 'forgot password', async () => {
      const outcome = await recovery.forgotPassword(body.email, request.ip);
      if (outcome.kind === 'throttled') {
        reply.code(429).headers(retryAfterHeader(outcome.retryAfterMs));
        return { status: 'failed', reasons: ['too_many_requests'] };
      }
      return outcome.kind === 'ok' ? { status: 'ok' } : { status: 'failed', reasons: outcome.reasons };
    }),
  );

  apiRoute(app, tokenInfo, async ({ query, request }) =>
    guarded(request, 'token info', async () => {
      const check = await recovery.checkLink(query.token);
      return check.kind === 'ok' ? { status: 'ok', email: check.email } : { status: 'failed', reasons: [check.reason] };
    }),
  );

  apiRoute(app, resetPassword, async ({ body, request, reply }) =>
    guarded(request, 'reset password', async () => {
      const outcome = await recovery.resetPassword({ ...body, admission: hashAdmissionOf(request) });
      if (outcome.kind === 'ok') usedLinkCookie.write(request, reply, body.token);
      return answer(outcome);
    }),
  );

  apiRoute(app, register, async ({ body, request, reply }) =>
    guarded(request, 'registration', async () => {
      const outcome = await recovery.register({ ...body, admission: hashAdmissionOf(request) });
      // The token proved the e-mail: a successful registration signs the user in (docs/flows/recovery.md).
      if (outcome.kind === 'ok') await completeSignIn(request, reply, outcome.userId);
      return answer(outcome);
    }),
  );
}
