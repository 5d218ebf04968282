import type { Kysely } from 'kysely';

// Reset-password and invitation tokens (docs/decisions/0130-recovery-tokens.md).
// Portable DDL only (schema builder); additive: no existing table is changed.

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per account and purpose: issuing a token replaces the row, so a newer token voids the
  // older one in a single statement. Only the SHA-256 of the token is stored.
  await db.schema
    .createTable('tokens')
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** 'reset' or 'invitation'. */
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    /** SHA-256 (hex) of the 32 random bytes in the link. */
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addPrimaryKeyConstraint('tokens_pk', ['user_id', 'purpose'])
    .execute();
  await db.schema.createIndex('tokens_expires_at_idx').on('tokens').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tokens').execute();
}
