import type { Kysely } from 'kysely';

// The outbox: work done after an answer has gone out (the forgot-password mail), kept in the
// database so that it survives a crash and is shared by every server process
// (docs/decisions/0162-outbox.md). Portable DDL only (schema builder); additive.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outbox')
    /** A random UUID. */
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    /** Which handler runs it, e.g. 'forgot_password'. */
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    /** JSON; never a token or a password (a job stores the request, the handler makes the secrets). */
    .addColumn('payload', 'text', (c) => c.notNull())
    /** Attempts started so far (a claim adds one). */
    .addColumn('attempts', 'integer', (c) => c.notNull())
    /** Not to be attempted before this. */
    .addColumn('run_after', 'bigint', (c) => c.notNull())
    /** While a worker holds it: until when (a crashed worker's job is taken again after this). */
    .addColumn('claimed_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    /** The kind of the last failure (no content, no address). */
    .addColumn('last_error', 'varchar(200)')
    .execute();
  await db.schema.createIndex('outbox_run_after_idx').on('outbox').column('run_after').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('outbox').execute();
}
