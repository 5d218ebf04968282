import type { FastifyInstance } from 'fastify';
import type { Config } from './config/config.ts';
import { createDatabase, migrateToLatest } from './db/database.ts';
import { buildApp } from './app.ts';

/** The port is taken or the host cannot be bound: the message says which, for the operator. */
export class ListenError extends Error {}

/**
 * Opens the configured database, brings it up to date and serves the app on the configured host
 * and port; `close()` on the result finishes the requests under way, then closes the database.
 * server.ts runs it for `npm start`; the end-to-end run starts its instances with it in one process.
 */
export async function startServer(config: Config): Promise<FastifyInstance> {
  const db = createDatabase(config.database);
  await migrateToLatest(db);
  const app = await buildApp(config, { db });
  app.addHook('onClose', async () => db.destroy());
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    throw new ListenError(`Gatehouse could not listen on ${config.host}:${config.port}: ${(error as Error).message}`, { cause: error });
  }
  return app;
}
