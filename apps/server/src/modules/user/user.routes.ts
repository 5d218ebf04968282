import type { FastifyInstance } from 'fastify';
import { LANGUAGE_COOKIE, login, logout, userInfo } from '@gatehouse/contract';
import { apiRoute } from '../../plugins/api-route.ts';
import { HttpProblem, retryAfterHeader } from '../../plugins/http-problem.ts';
import type { SessionAccess } from '../../plugins/session.plugin.ts';
import { chooseLanguage } from './language.ts';
import type { LoginService } from './login.service.ts';
import type { SignInService } from './sign-in.service.ts';
import type { UserRepository } from './user.repository.ts';

export interface UserRoutesOptions {
  sessions: SessionAccess;
  loginService: LoginService;
  users: UserRepository;
  signIn: SignInService;
}

export async function userRoutes(app: FastifyInstance, { sessions, loginService, users }: UserRoutesOptions): Promise<void> {
  apiRoute(app, userInfo, async ({ request }) => {
    const session = await sessions.current(request);
    const user = session?.level === 'signed_in' && session.userId ? await users.findById(session.userId) : undefined;
    // A signed-in account disabled since sign-in is a guest from now on.
    const signedIn = user !== undefined && user.disabled_at === null;
    const language = chooseLanguage({
      cookie: request.cookies[LANGUAGE_COOKIE],
      userLanguage: signedIn ? user.language : null,
      acceptLanguage: request.headers['accept-language'],
    });
    return {
      status: 'ok',
      guest: !signedIn,
      language,
      user: signedIn ? { id: user.id, email: user.email, firstName: user.first_name, surname: user.surname } : null,
    };
  });

  apiRoute(app, login, async ({ body, request, reply }) => {
    try {
      const outcome = await loginService.login({ username: body.username, password: body.password, clientAddress: request.ip });
      if (outcome.kind === 'throttled') {
        reply.code(429).headers(retryAfterHeader(outcome.retryAfterMs));
        return { status: 'failed', reasons: ['too_many_requests'] };
      }
      if (outcome.kind === 'failed') {
        return { status: 'failed', reasons: outcome.reasons, ...(outcome.email ? { email: outcome.email } : {}) };
      }
      // Until the PIN step lands, a correct password signs in fully: guest → signed_in, with a new id.
      await sessions.rotate(request, reply, outcome.user.id, 'signed_in');
      return { status: 'ok' };
    } catch (error) {
      if (error instanceof HttpProblem) throw error;
      // Fail closed: a database fault never signs anyone in.
      request.log.error({ err: error }, 'login failed with an internal error');
      return { status: 'failed', reasons: ['app_error'] };
    }
  });

  apiRoute(app, logout, async ({ request, reply }) => {
    try {
      await sessions.end(request, reply);
      return { status: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'logout failed with an internal error');
      return { status: 'failed', reasons: ['app_error'] };
    }
  });
}
