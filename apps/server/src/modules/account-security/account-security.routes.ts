import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  passkeyRemove,
  passkeyRename,
  reauthenticate,
  reauthPasskey,
  reauthPasskeyOptions,
  securityOverview,
  sessionEnd,
  sessionsEndOthers,
  trustedDeviceRevoke,
  trustedDevicesRevokeOthers,
  type Reason,
} from '@gatehouse/contract';
import { apiRoute } from '../../plugins/api-route.ts';
import { hashAdmissionOf } from '../../plugins/hash-admission.plugin.ts';
import { HttpProblem, retryAfterHeader } from '../../plugins/http-problem.ts';
import type { Sessions } from '../session/session.module.ts';
import type { DeviceService } from '../device/device.service.ts';
import type { DeviceCookie } from '../device/device.cookie.ts';
import { isBinding, newBinding } from '../webauthn/signed-challenge.ts';
import type { ChallengeCookie } from '../webauthn/webauthn.routes.ts';
import type { AccountSecurityService, Caller, SecurityUserLookup } from './account-security.service.ts';

export interface AccountSecurityRoutesOptions {
  security: AccountSecurityService;
  sessions: Sessions;
  devices: DeviceService;
  deviceCookie: DeviceCookie;
  users: SecurityUserLookup;
  challengeCookie: ChallengeCookie;
}

const failed = (reason: Reason) => ({ status: 'failed', reasons: [reason] });
const NOT_SIGNED_IN = failed('credentials_required');

/** The calls of the "Sign-in and security" page (docs/decisions/0114-security-page.md). */
export async function accountSecurityRoutes(
  app: FastifyInstance,
  { security, sessions, devices, deviceCookie, users, challengeCookie }: AccountSecurityRoutesOptions,
): Promise<void> {
  /** The signed-in, still enabled account of this request and its device, or null (a guest). */
  async function callerOf(request: FastifyRequest): Promise<Caller | null> {
    const session = await sessions.current(request);
    if (session?.level !== 'signed_in' || !session.userId) return null;
    const user = await users.findById(session.userId);
    if (!user || user.disabled_at !== null) return null;
    return { userId: user.id, session, deviceId: await devices.identify(deviceCookie.read(request)) };
  }

  /** Runs a call for a signed-in caller; a guest gets credentials_required, an internal fault app_error (nothing half done is reported as done). */
  async function forCaller<T extends object>(
    request: FastifyRequest,
    what: string,
    work: (caller: Caller) => Promise<T>,
  ): Promise<T | ReturnType<typeof failed>> {
    try {
      const caller = await callerOf(request);
      if (!caller) return NOT_SIGNED_IN;
      return await work(caller);
    } catch (error) {
      if (error instanceof HttpProblem) throw error;
      request.log.error({ err: error }, `${what} failed with an internal error`);
      return failed('app_error');
    }
  }

  const done = (ok: boolean | number) => (ok === false ? failed('invalid_parameter') : { status: 'ok' });

  apiRoute(app, securityOverview, async ({ request }) =>
    forCaller(request, 'security overview', (caller) => security.overview(caller)),
  );

  apiRoute(app, passkeyRename, async ({ body, request }) =>
    forCaller(request, 'passkey rename', async (caller) =>
      done(await security.renamePasskey(caller, body.id, body.name)),
    ),
  );

  apiRoute(app, passkeyRemove, async ({ query, request }) =>
    forCaller(request, 'passkey removal', async (caller) => {
      const outcome = await security.removePasskey(caller, query.id);
      if (outcome === 'reauth_required') return failed('reauth_required');
      if (outcome === 'not_found') return failed('invalid_parameter');
      request.log.info('passkey removed by its owner');
      return { status: 'ok' };
    }),
  );

  apiRoute(app, reauthenticate, async ({ body, request, reply }) =>
    forCaller(request, 're-authentication', async (caller) => {
      if (body.password.length === 0) return failed('password_required');
      const outcome = await security.reauthenticate(caller, body.password, hashAdmissionOf(request));
      if (outcome.kind === 'throttled') {
        reply.code(429).headers(retryAfterHeader(outcome.retryAfterMs));
        return failed('too_many_requests');
      }
      return outcome.kind === 'ok' ? { status: 'ok' } : failed('invalid_credentials');
    }),
  );

  apiRoute(app, reauthPasskeyOptions, async ({ request, reply }) =>
    forCaller(request, 'passkey re-authentication options', async (caller) => {
      // The browser's challenge cookie, as at sign-in (kept when it has one).
      const existing = request.cookies[challengeCookie.name];
      const binding = isBinding(existing) ? existing : newBinding();
      const getStructure = await security.passkeyReauthOptions(caller, binding);
      if (getStructure === null) return failed('invalid_parameter');
      reply.setCookie(challengeCookie.name, binding, challengeCookie.options);
      return { status: 'ok', getStructure };
    }),
  );

  apiRoute(app, reauthPasskey, async ({ body, request, reply }) =>
    forCaller(request, 'passkey re-authentication', async (caller) => {
      const binding = request.cookies[challengeCookie.name];
      const outcome = await security.reauthenticateWithPasskey(caller, {
        binding: isBinding(binding) ? binding : null,
        body,
        clientAddress: request.ip,
      });
      if (outcome.kind === 'throttled') {
        reply.code(429).headers(retryAfterHeader(outcome.retryAfterMs));
        return failed('too_many_requests');
      }
      if (outcome.kind === 'wrong') {
        request.log.info({ cause: outcome.cause }, 'passkey re-authentication refused');
        return failed('invalid_credentials');
      }
      return { status: 'ok' };
    }),
  );

  apiRoute(app, trustedDeviceRevoke, async ({ query, request }) =>
    forCaller(request, 'device revocation', async (caller) => done(await security.revokeDevice(caller, query.id))),
  );

  apiRoute(app, trustedDevicesRevokeOthers, async ({ request }) =>
    forCaller(request, 'revocation of the other devices', async (caller) =>
      done(await security.revokeOtherDevices(caller)),
    ),
  );

  apiRoute(app, sessionEnd, async ({ query, request }) =>
    forCaller(request, 'ending a session', async (caller) => done(await security.endSession(caller, query.id))),
  );

  apiRoute(app, sessionsEndOthers, async ({ request }) =>
    forCaller(request, 'ending the other sessions', async (caller) => done(await security.endOtherSessions(caller))),
  );
}
