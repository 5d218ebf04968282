import type { Kysely } from 'kysely';

// Passkey sign-in without a row per request (docs/decisions/0163-passkey-sign-in-challenges.md):
// the challenge is signed by the server instead of stored, and only its use is recorded.
// Portable DDL only (schema builder); additive.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Random keys the server makes for itself, shared by every process on the database.
  await db.schema
    .createTable('server_keys')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    /** base64url of 32 random bytes. */
    .addColumn('value', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // A signed sign-in challenge is accepted once: its hash is inserted when an assertion is posted.
  await db.schema
    .createTable('webauthn_used_challenges')
    /** SHA-256 (hex) of the challenge. */
    .addColumn('challenge_hash', 'varchar(64)', (c) => c.primaryKey())
    /** The challenge's own end; the row is useless (and deleted) after it. */
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webauthn_used_challenges_expires_at_idx')
    .on('webauthn_used_challenges')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webauthn_used_challenges').execute();
  await db.schema.dropTable('server_keys').execute();
}
