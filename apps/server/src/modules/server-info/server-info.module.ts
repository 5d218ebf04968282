import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context.ts';
import { serverInfoRoutes } from './server-info.routes.ts';

/** Server info and version: answers that depend on the configuration only. A plain plugin: it decorates nothing. */
export async function serverInfoModule(app: FastifyInstance, { config }: ModuleContext): Promise<void> {
  await app.register(serverInfoRoutes, { config });
}
