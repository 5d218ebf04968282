import { sql, type Kysely } from 'kysely';

// The devices on which an account has completed a sign-in, for the "Wasn't you?" mail
// (docs/decisions/0115-wasnt-you-mail.md). Unlike the remembered accounts (`device_accounts`),
// which a person may forget on a device and which lapse after REMEMBERED_ACCOUNT_DAYS, a row here
// stays while the device and the account exist, so a sign-in can be told to be a new device's, and
// an account's very first sign-in can be told apart from a later one.
// Portable DDL only (schema builder); additive: no existing table is changed.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sign_in_devices')
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device_id', 'varchar(64)', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('first_signed_in_at', 'bigint', (c) => c.notNull())
    .addColumn('last_signed_in_at', 'bigint', (c) => c.notNull())
    /** Set when the account was secured from a "Wasn't you?" link: the device counts as new again. */
    .addColumn('forgotten_at', 'bigint')
    .addPrimaryKeyConstraint('sign_in_devices_pk', ['user_id', 'device_id'])
    .execute();
  await db.schema.createIndex('sign_in_devices_device_id_idx').on('sign_in_devices').column('device_id').execute();
  // What is known already: every device that remembers or trusts an account has completed a sign-in
  // of it, so a person's own devices are not reported as new after this migration.
  await sql`
    insert into sign_in_devices (user_id, device_id, first_signed_in_at, last_signed_in_at, forgotten_at)
    select user_id, device_id, signed_in_at, signed_in_at, null from device_accounts`.execute(db);
  await sql`
    insert into sign_in_devices (user_id, device_id, first_signed_in_at, last_signed_in_at, forgotten_at)
    select t.user_id, t.device_id, t.trusted_at, t.trusted_at, null from trusted_devices t
    where not exists (select 1 from sign_in_devices s where s.user_id = t.user_id and s.device_id = t.device_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sign_in_devices').execute();
}
