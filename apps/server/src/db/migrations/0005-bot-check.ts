import type { Kysely } from 'kysely';

// Used ALTCHA challenges (docs/decisions/0140-bot-check.md).
// Portable DDL only (schema builder); additive: no existing table is changed.

export async function up(db: Kysely<unknown>): Promise<void> {
  // A solved challenge is accepted once: its row is inserted when it is spent, and a second
  // insert of the same hash finds the primary key taken (works across server processes).
  await db.schema
    .createTable('bot_check_used')
    /** SHA-256 (hex) of the challenge's signature. */
    .addColumn('challenge_hash', 'varchar(64)', (c) => c.primaryKey())
    /** When the challenge itself expires; the row is useless (and deleted) after that. */
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bot_check_used_expires_at_idx').on('bot_check_used').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bot_check_used').execute();
}
