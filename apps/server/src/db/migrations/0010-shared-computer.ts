import type { Kysely } from 'kysely';

// Shared-computer sign-ins (docs/decisions/0116-shared-computer.md): a session started with
// "this is a shared or public computer" is marked, so that every later step of that sign-in
// (the PIN, the passkey offer, trusting the device) and its shorter lifetimes know it.
// Portable DDL only (schema builder); additive: a NOT NULL column with a default.

export async function up(db: Kysely<unknown>): Promise<void> {
  /** 1 for a shared-computer sign-in, else 0 (SQLite has no boolean type). */
  await db.schema
    .alterTable('sessions')
    .addColumn('shared', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('shared').execute();
}
