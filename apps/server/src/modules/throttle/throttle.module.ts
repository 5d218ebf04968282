import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ModuleContext } from '../module-context.ts';
import { ThrottleRepository } from './throttle.repository.ts';
import { ThrottleService } from './throttle.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts failures per account and per address (docs/decisions/0101-login-throttling.md). */
    throttle: ThrottleService;
  }
}

/** No routes: the throttle the sign-in, recovery, passkey and security calls count with. */
export const throttleModule = fp(
  async function throttle(app: FastifyInstance, { db, now }: ModuleContext): Promise<void> {
    app.decorate('throttle', new ThrottleService(new ThrottleRepository(db), now));
  },
  { name: 'throttle-module', fastify: '5.x' },
);
