import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DeviceCookie } from '../device/device.cookie.ts';
import type { Sessions } from '../session/session.module.ts';
import type { Visit } from './sign-in.service.ts';

/**
 * The routes' side of a sign-in step: a `Visit` over the request and its reply. The session
 * plugin's cookie and the device cookie are read and set here, never in a service
 * (docs/decisions/0165-server-module-form.md).
 */
export function browserVisits(sessions: Sessions, deviceCookie: DeviceCookie) {
  return (request: FastifyRequest, reply: FastifyReply): Visit => ({
    currentSession: () => sessions.current(request),
    deviceToken: deviceCookie.read(request),
    userAgent: request.headers['user-agent'],
    rotateSession: (userId, level, shared) => sessions.rotate(request, reply, userId, level, shared),
    prepareRotation: async (previous, userId, level, shared, db) => {
      const { session, commit } = await sessions.prepareRotation(request, previous, userId, level, shared, db);
      return { session, commit: () => commit(reply) };
    },
    endSession: () => sessions.end(request, reply),
    keepDeviceToken: (token) => deviceCookie.write(reply, token),
    log: request.log,
  });
}

/** A visit for a request and its reply. */
export type VisitOf = ReturnType<typeof browserVisits>;
