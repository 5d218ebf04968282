import { ConfigError, loadConfig } from '../config/config.ts';
import { createDatabase } from '../db/database.ts';
import { describeSchema, migrateToLatest, schemaStatus, SchemaError } from '../db/migrate.ts';

/**
 * `npm run migrate`: brings the database of DATABASE_URL up to date, once, before a fleet starts
 * with MIGRATE_AT_START=false (docs/deploy.md). Safe to run from several hosts at once: one
 * migrates, the others wait for it and find nothing left to do. Exit code 1 with the reason when
 * the configuration is wrong, the schema is newer than this release, or a migration failed.
 */
async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 1;
  }
  const db = createDatabase(config.database, { poolSize: 2 });
  try {
    const ran = await migrateToLatest(db);
    console.log(ran.length > 0 ? `Applied ${ran.length} migration(s): ${ran.join(', ')}.` : 'Nothing to apply.');
    console.log(describeSchema(await schemaStatus(db)));
    return 0;
  } catch (error) {
    if (!(error instanceof SchemaError)) throw error;
    console.error(error.message);
    if (error.cause instanceof Error) console.error(`Cause: ${error.cause.message}`);
    return 1;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main();
