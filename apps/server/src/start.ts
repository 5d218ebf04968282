import type { FastifyInstance } from 'fastify';
import type { Config } from './config/config.ts';
import { createDatabase } from './db/database.ts';
import { describeSchema, migrateToLatest, schemaStatus, SchemaError } from './db/migrate.ts';
import { buildApp } from './app.ts';

/** The port is taken or the host cannot be bound: the message says which, for the operator. */
export class ListenError extends Error {}

/**
 * Opens the configured database, brings it up to date (unless MIGRATE_AT_START=false) and serves
 * the app on the configured host and port; `close()` on the result finishes the requests under way,
 * then closes the database. Refuses (SchemaError) a schema older or newer than this release knows
 * (docs/decisions/0171-migrations-for-a-fleet.md). server.ts runs it for `npm start`; the
 * end-to-end run starts its instances with it in one process.
 */
export async function startServer(config: Config): Promise<FastifyInstance> {
  const db = createDatabase(config.database, { poolSize: config.databasePoolSize });
  let app: FastifyInstance;
  try {
    let status = await schemaStatus(db);
    if (status.state === 'behind' && config.migrateAtStart) {
      await migrateToLatest(db);
      status = await schemaStatus(db);
    }
    if (status.state !== 'current')
      throw new SchemaError(`Gatehouse will not serve this database. ${describeSchema(status)}`);
    app = await buildApp(config, { db });
  } catch (error) {
    await db.destroy();
    throw error;
  }
  app.addHook('onClose', async () => db.destroy());
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    throw new ListenError(`Gatehouse could not listen on ${config.host}:${config.port}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return app;
}

/**
 * A draining shutdown (docs/decisions/0170-health-and-draining.md): the listening socket closes (new
 * connections are refused), idle keep-alive connections close, a new request on a busy connection
 * gets Fastify's 503 with `Connection: close`, the requests under way finish, the outbox's job
 * finishes, then the database pool closes. Requests still running after `timeoutMs` are cut.
 * Resolves true when everything closed in time.
 */
export async function drain(app: FastifyInstance, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const closed = await Promise.race([app.close().then(() => true), late]).finally(() => clearTimeout(timer));
  if (!closed) app.server.closeAllConnections();
  return closed;
}
