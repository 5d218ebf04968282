import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ModuleContext } from '../module-context.ts';
import { healthRoutes } from './health.routes.ts';
import { Readiness, READINESS_DEFAULTS, type ReadinessOptions } from './health.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What /readyz answers. */
    readiness: Readiness;
  }
}

export interface HealthModuleOptions extends ModuleContext {
  /** How /readyz bounds and reuses its database check (tests shorten them). */
  readiness?: Partial<ReadinessOptions>;
}

/** /healthz and /readyz (docs/decisions/0170-health-and-draining.md). */
export const healthModule = fp(
  async function health(app: FastifyInstance, { db, readiness: timings }: HealthModuleOptions): Promise<void> {
    const readiness = new Readiness(db, app.log, { ...READINESS_DEFAULTS, ...timings });
    app.decorate('readiness', readiness);
    await app.register(healthRoutes, { readiness });
  },
  { name: 'health-module', fastify: '5.x' },
);
