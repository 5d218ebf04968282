import type { Kysely } from 'kysely';

// Passkeys (docs/decisions/0120-passkeys.md). Portable DDL only: the same migration runs on SQLite and PostgreSQL.
// Binary values (public keys) are stored as base64url text so that no dialect-specific blob type is needed.

export async function up(db: Kysely<unknown>): Promise<void> {
  // One opaque WebAuthn user handle per account (never the e-mail), created on first use.
  await db.schema
    .createTable('webauthn_user_handles')
    .addColumn('user_id', 'varchar(64)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('user_handle', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('webauthn_credentials')
    // base64url of the raw credential id (at most 1023 bytes → 1364 characters).
    .addColumn('id', 'varchar(1400)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull())
    /** Comma-separated AuthenticatorTransport values ('' when the browser sent none). */
    .addColumn('transports', 'varchar(512)', (c) => c.notNull())
    .addColumn('device_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('backed_up', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('webauthn_credentials_user_id_idx')
    .on('webauthn_credentials')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('webauthn_challenges')
    // SHA-256 (hex) of the challenge as the browser echoes it (base64url).
    .addColumn('challenge_hash', 'varchar(64)', (c) => c.primaryKey())
    // Bound to the session that asked for it; gone with the session (rotation, sign-out, expiry).
    .addColumn('session_id_hash', 'varchar(64)', (c) => c.notNull().references('sessions.id_hash').onDelete('cascade'))
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    // create: the signed-in user; get: the user named by ?userId=, or null for a discoverable request.
    .addColumn('user_id', 'varchar(64)', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    // Set once, by a conditional update: a challenge is used at most once.
    .addColumn('consumed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('webauthn_challenges_session_idx')
    .on('webauthn_challenges')
    .column('session_id_hash')
    .execute();
  await db.schema
    .createIndex('webauthn_challenges_expires_at_idx')
    .on('webauthn_challenges')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('webauthn_offers')
    .addColumn('user_id', 'varchar(64)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    /** 1 after "don't ask again" (0 or 1: SQLite has no boolean type). */
    .addColumn('declined', 'integer', (c) => c.notNull())
    .addColumn('times_offered', 'integer', (c) => c.notNull())
    /** Null: may be offered now. */
    .addColumn('next_offer_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webauthn_offers').execute();
  await db.schema.dropTable('webauthn_challenges').execute();
  await db.schema.dropTable('webauthn_credentials').execute();
  await db.schema.dropTable('webauthn_user_handles').execute();
}
