import type { Kysely } from 'kysely';

// PINs, PIN attempts per account, device cookies, remembered accounts and trusted devices
// (docs/decisions/0111-pin-codes.md, 0112-devices.md).
// Portable DDL only (schema builder); additive: no existing table is changed.

export async function up(db: Kysely<unknown>): Promise<void> {
  // One PIN per password-level session; it goes with the session (rotation or logout deletes it).
  await db.schema
    .createTable('pin_codes')
    .addColumn('session_id_hash', 'varchar(64)', (c) =>
      c.primaryKey().references('sessions.id_hash').onDelete('cascade'),
    )
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** HMAC-SHA-256 (hex) of the upper-case PIN, keyed with the per-PIN salt. */
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('salt', 'varchar(64)', (c) => c.notNull())
    /** 'sign_in' (requested_pin_code), 'recheck' (may be skipped once) or 'recheck_mandatory'. */
    .addColumn('purpose', 'varchar(24)', (c) => c.notNull())
    .addColumn('device_id', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('pin_codes_user_id_idx').on('pin_codes').column('user_id').execute();

  // Wrong PINs in a row per account (not per PIN: a new PIN does not reset them).
  await db.schema
    .createTable('pin_attempts')
    .addColumn('user_id', 'varchar(64)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  // A browser, known by the SHA-256 of its random device cookie.
  await db.schema
    .createTable('devices')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .execute();

  // Remembered accounts: every account that completed a sign-in on the device.
  await db.schema
    .createTable('device_accounts')
    .addColumn('device_id', 'varchar(64)', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('signed_in_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('device_accounts_pk', ['device_id', 'user_id'])
    .execute();
  await db.schema.createIndex('device_accounts_user_id_idx').on('device_accounts').column('user_id').execute();

  // Trusted devices: the PIN is skipped until the recheck period after pin_checked_at.
  await db.schema
    .createTable('trusted_devices')
    .addColumn('device_id', 'varchar(64)', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('trusted_at', 'bigint', (c) => c.notNull())
    .addColumn('pin_checked_at', 'bigint', (c) => c.notNull())
    .addColumn('recheck_skipped_at', 'bigint')
    .addPrimaryKeyConstraint('trusted_devices_pk', ['device_id', 'user_id'])
    .execute();
  await db.schema.createIndex('trusted_devices_user_id_idx').on('trusted_devices').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('trusted_devices').execute();
  await db.schema.dropTable('device_accounts').execute();
  await db.schema.dropTable('devices').execute();
  await db.schema.dropTable('pin_attempts').execute();
  await db.schema.dropTable('pin_codes').execute();
}
