import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  hasUnshowableCharacters,
  LANGUAGE_COOKIE,
  login,
  logout,
  newDevice,
  pinAttempts,
  pinSkip,
  pinSubmit,
  userInfo,
  type AnswerOf,
} from '@gatehouse/contract';

type UserInfoAnswer = AnswerOf<typeof userInfo>;
import { apiRoute } from '../../plugins/api-route.ts';
import { HttpProblem, retryAfterHeader } from '../../plugins/http-problem.ts';
import { hashAdmissionOf } from '../../plugins/hash-admission.plugin.ts';
import type { Sessions } from '../session/session.module.ts';
import { chooseLanguage } from './language.ts';
import type { LoginService } from './login.service.ts';
import type { DeviceService } from '../device/device.service.ts';
import type { DeviceCookie } from '../device/device.cookie.ts';
import type { VisitOf } from './browser-visit.ts';
import type { ActiveSession } from '../session/session.service.ts';
import type { SecondFactorService } from './second-factor.service.ts';
import type { UserRepository } from './user.repository.ts';

export interface UserRoutesOptions {
  sessions: Sessions;
  loginService: LoginService;
  secondFactor: SecondFactorService;
  devices: DeviceService;
  deviceCookie: DeviceCookie;
  visitOf: VisitOf;
  /** GET /api/user/info's answer for a request (userInfoAnswer, made once by the module). */
  answerUserInfo: (request: FastifyRequest) => Promise<UserInfoAnswer>;
}

/**
 * What `GET /api/user/info` answers for a request: also what a server-rendered page starts from
 * (docs/decisions/0117-server-rendered-first-view.md).
 */
export function userInfoAnswer({ sessions, users }: { sessions: Sessions; users: UserRepository }) {
  /** The account read with the session (one statement), or read now for a session this request started. */
  const accountOf = async (session: ActiveSession, userId: string) =>
    session.account === undefined ? users.findById(userId) : (session.account ?? undefined);
  return async (request: FastifyRequest): Promise<UserInfoAnswer> => {
    const session = await sessions.current(request);
    const user =
      session?.level === 'signed_in' && session.userId ? await accountOf(session, session.userId) : undefined;
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
  };
}

export async function userRoutes(
  app: FastifyInstance,
  { sessions, loginService, secondFactor, devices, deviceCookie, visitOf, answerUserInfo }: UserRoutesOptions,
): Promise<void> {
  apiRoute(app, userInfo, async ({ request }) => answerUserInfo(request));

  apiRoute(app, login, async ({ body, request, reply }) => {
    try {
      const outcome = await loginService.login({
        username: body.username,
        password: body.password,
        clientAddress: request.ip,
        admission: hashAdmissionOf(request),
      });
      if (outcome.kind === 'throttled') {
        reply.code(429).headers(retryAfterHeader(outcome.retryAfterMs));
        return { status: 'failed', reasons: ['too_many_requests'] };
      }
      if (outcome.kind === 'failed') {
        return { status: 'failed', reasons: outcome.reasons, ...(outcome.email ? { email: outcome.email } : {}) };
      }
      // A trusted device signs in; otherwise a PIN by mail and a password-level session.
      return await secondFactor.afterPassword(visitOf(request, reply), outcome.user, body.sharedComputer === true);
    } catch (error) {
      if (error instanceof HttpProblem) throw error;
      // Fail closed: a database fault never signs anyone in.
      request.log.error({ err: error }, 'login failed with an internal error');
      return { status: 'failed', reasons: ['app_error'] };
    }
  });

  apiRoute(app, pinAttempts, async ({ request }) =>
    failClosed(request, 'PIN attempts', async () => secondFactor.attempts(await sessions.current(request)), {
      pin_code_remaining_attempts: 0,
      pin_code_remaining_silent_attempts: 0,
    }),
  );

  apiRoute(app, pinSubmit, async ({ body, request, reply }) =>
    failClosed(request, 'PIN check', () => secondFactor.submitPin(visitOf(request, reply), body.pin_code)),
  );

  apiRoute(app, pinSkip, async ({ request, reply }) =>
    failClosed(request, 'PIN skip', () => secondFactor.skipRecheck(visitOf(request, reply))),
  );

  apiRoute(app, newDevice, async ({ body, request, reply }) =>
    failClosed(request, 'device registration', async () => {
      const session = await sessions.current(request);
      if (!session || session.level !== 'signed_in' || !session.userId)
        return { status: 'failed', reasons: ['credentials_required'] };
      // A shared-computer sign-in trusts no device (the app does not offer it; docs/decisions/0116-shared-computer.md).
      if (session.shared) return { status: 'failed', reasons: ['invalid_parameter'] };
      const name = body.device_name.trim();
      // The name is shown on the security page: never blank, nothing that hides or turns text around.
      if (name.length === 0 || hasUnshowableCharacters(name))
        return { status: 'failed', reasons: ['invalid_parameter'] };
      const device = await devices.ensure(deviceCookie.read(request));
      deviceCookie.write(reply, device.token);
      await devices.trust(device.deviceId, session.userId, name);
      return { status: 'ok' };
    }),
  );

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

/** Runs a step; an internal fault answers app_error (HTTP 200) and never signs anyone in. */
async function failClosed<T extends object, E extends object>(
  request: FastifyRequest,
  what: string,
  step: () => Promise<T>,
  extra?: E,
): Promise<T | ({ status: 'failed'; reasons: ['app_error'] } & E)> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof HttpProblem) throw error;
    request.log.error({ err: error }, `${what} failed with an internal error`);
    return { status: 'failed', reasons: ['app_error'], ...(extra ?? ({} as E)) };
  }
}
