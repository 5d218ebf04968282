import type { Kysely } from 'kysely';

// Indexes for the clean-up of expired rows (docs/decisions/0174-expired-rows-clean-up.md): the
// sessions idle past their limit (`last_seen_at`), the shared computers' sessions idle past theirs
// (`shared`, `last_seen_at`: without `shared` in the index every session idle for a few minutes
// would be read to find the shared ones) and the PINs past their end (`expires_at`) are found
// through an index instead of a scan. `sessions.expires_at` has had one since the first migration.
// Portable DDL only (schema builder); additive.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('sessions_last_seen_at_idx').on('sessions').column('last_seen_at').execute();
  await db.schema
    .createIndex('sessions_shared_last_seen_at_idx')
    .on('sessions')
    .columns(['shared', 'last_seen_at'])
    .execute();
  await db.schema.createIndex('pin_codes_expires_at_idx').on('pin_codes').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('pin_codes_expires_at_idx').execute();
  await db.schema.dropIndex('sessions_shared_last_seen_at_idx').execute();
  await db.schema.dropIndex('sessions_last_seen_at_idx').execute();
}
