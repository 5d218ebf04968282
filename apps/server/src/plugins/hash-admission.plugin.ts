import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, RouteHandlerMethod } from 'fastify';
import type { Endpoint } from '@gatehouse/contract';
import fp from 'fastify-plugin';
import type { HashAdmission, PasswordHasher } from './password-hasher.ts';

const admissions = new WeakMap<FastifyRequest, HashAdmission>();

/**
 * The place a hashing call was let in with, for the handler to pass to the hasher
 * (`hasher.verify(stored, password, hashAdmissionOf(request))`): its first hash takes it.
 * Undefined for a call that is not gated.
 */
export function hashAdmissionOf(request: FastifyRequest): HashAdmission | undefined {
  return admissions.get(request);
}

/**
 * The calls that hash a password are let in only while the hasher has a place for them, from an
 * `onRequest` hook: before the body is read, before any database work (docs/decisions/0164-hot-paths-and-overload.md).
 * A call refused here answers 503 `service_busy` with Retry-After (seconds) at once and changes
 * nothing: no throttle count, no session, no mail. A call let in holds its place until its first
 * hash takes it (the handler passes it on: `hashAdmissionOf`), or gives it back when it ends without hashing (a throttled login, a malformed body,
 * a closed connection). Registered before the routes: it wraps the routes of `endpoints` as they are added.
 */
export interface HashAdmissionOptions {
  hasher: PasswordHasher;
  endpoints: readonly Endpoint[];
}

async function hashAdmission(app: FastifyInstance, { hasher, endpoints }: HashAdmissionOptions): Promise<void> {
  const gated = new Set(endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`));

  const admit: onRequestHookHandler = (request, reply, done) => {
    const admission = hasher.admit();
    if (!admission) return done(hasher.busy());
    admissions.set(request, admission);
    // 'close' comes at the end of every response, sent or cut off: no place is ever kept by a finished request.
    reply.raw.once('close', () => admission.release());
    done();
  };

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((method) => gated.has(`${method} ${route.url}`))) return;
    const onRequest =
      route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [...onRequest, admit];
    const handler = route.handler as (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => unknown;
    route.handler = async function admitted(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const admission = admissions.get(request);
      if (!admission) return handler.call(this, request, reply);
      try {
        return await handler.call(this, request, reply);
      } finally {
        admission.release();
      }
    } as RouteHandlerMethod;
  });
}

/** fastify-plugin: the onRoute hook is the root instance's, so it sees every module's routes. */
export const hashAdmissionPlugin = fp(hashAdmission, { name: 'hash-admission', fastify: '5.x' });
