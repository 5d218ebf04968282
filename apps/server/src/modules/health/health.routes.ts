import type { FastifyInstance } from 'fastify';
import type { Readiness } from './health.service.ts';

/**
 * Probes for a load balancer or a supervisor (docs/decisions/0170-health-and-draining.md):
 * - `GET /healthz`: the process lives and its event loop answers (never touches the database, so a
 *   database outage does not get every process restarted);
 * - `GET /readyz`: send traffic here: the database answers within a bound and has every migration
 *   this release needs. 503 otherwise, with the reason.
 * Plain JSON outside /api, never cached, not logged per request (probes come every few seconds).
 */
export async function healthRoutes(app: FastifyInstance, { readiness }: { readiness: Readiness }): Promise<void> {
  const routeOptions = { logLevel: 'warn' as const };

  app.get('/healthz', routeOptions, async (_request, reply) => {
    return reply.header('cache-control', 'no-store').send({ status: 'live' });
  });

  app.get('/readyz', routeOptions, async (_request, reply) => {
    const state = await readiness.check();
    return reply
      .code(state === 'ready' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(state === 'ready' ? { status: 'ready' } : { status: 'not_ready', reason: state });
  });
}
