import type { Kysely } from 'kysely';

// The "Sign-in and security" page (docs/decisions/0114-security-page.md): what it lists of an
// account's sessions, its recent sign-ins, and a name for each passkey.
// Portable DDL only (schema builder); additive: every new column is nullable, so a release before
// this one keeps working on the migrated schema (docs/decisions/0171-migrations-for-a-fleet.md).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    /** A random id that names the session in calls (base64url of 16 bytes); never the cookie's hash. */
    .addColumn('public_id', 'varchar(32)')
    .execute();
  /** The browser's User-Agent when the session was started (at most 512 characters). */
  await db.schema.alterTable('sessions').addColumn('user_agent', 'varchar(512)').execute();
  /** When the user last proved a password or passkey in this session (the re-authentication window). */
  await db.schema.alterTable('sessions').addColumn('authenticated_at', 'bigint').execute();
  await db.schema.createIndex('sessions_public_id_idx').on('sessions').column('public_id').unique().execute();

  // The latest completed sign-ins of each account (at most 20 are kept).
  await db.schema
    .createTable('sign_in_events')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    /** password_pin | password_trusted_device | passkey | registration. */
    .addColumn('method', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(512)')
    /** The device (its cookie) the sign-in completed on; no reference, so forgetting a device keeps the history. */
    .addColumn('device_id', 'varchar(64)')
    .execute();
  await db.schema.createIndex('sign_in_events_user_at_idx').on('sign_in_events').columns(['user_id', 'at']).execute();

  /** A name the owner gives a passkey; null until then (the page derives one). */
  await db.schema.alterTable('webauthn_credentials').addColumn('name', 'varchar(60)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webauthn_credentials').dropColumn('name').execute();
  await db.schema.dropTable('sign_in_events').execute();
  await db.schema.dropIndex('sessions_public_id_idx').execute();
  await db.schema.alterTable('sessions').dropColumn('authenticated_at').execute();
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
  await db.schema.alterTable('sessions').dropColumn('public_id').execute();
}
