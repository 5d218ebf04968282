import type { Db } from '../../db/database.ts';
import type { WebauthnCredentialsTable } from '../../db/schema.ts';

export type CredentialRow = WebauthnCredentialsTable;

/** Passkeys and the per-account WebAuthn user handle. */
export class CredentialRepository {
  constructor(private readonly db: Db) {}

  /** The same repository over a transaction. */
  within(db: Db): CredentialRepository {
    return new CredentialRepository(db);
  }

  findById(id: string): Promise<CredentialRow | undefined> {
    return this.db.selectFrom('webauthn_credentials').selectAll().where('id', '=', id).executeTakeFirst();
  }

  listForUser(userId: string): Promise<CredentialRow[]> {
    return this.db
      .selectFrom('webauthn_credentials')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
  }

  /** Deletes one passkey of the account; false when the account has none with this id. */
  async deleteForUser(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('webauthn_credentials')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Deletes every passkey of the account; answers how many. */
  async deleteAllForUser(userId: string): Promise<number> {
    const result = await this.db.deleteFrom('webauthn_credentials').where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Names one passkey of the account; false when the account has none with this id. */
  async rename(userId: string, id: string, name: string): Promise<boolean> {
    const result = await this.db
      .updateTable('webauthn_credentials')
      .set({ name })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async hasAny(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('webauthn_credentials')
      .select('id')
      .where('user_id', '=', userId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Returns false when the credential id is already registered (to anyone). */
  async insert(row: CredentialRow): Promise<boolean> {
    const result = await this.db
      .insertInto('webauthn_credentials')
      .values(row)
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /**
   * Saves the authenticator's new signature counter, in one conditional statement so that two
   * concurrent uses of one assertion cannot both pass: the counter must grow, except that an
   * authenticator that does not count keeps 0 (WebAuthn §6.1.1). False means a regression.
   */
  async recordUse(id: string, newCounter: number, backedUp: boolean, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('webauthn_credentials')
      .set({ counter: newCounter, backed_up: backedUp ? 1 : 0, last_used_at: now })
      .where('id', '=', id)
      .where((eb) => (newCounter === 0 ? eb('counter', '=', 0) : eb('counter', '<', newCounter)))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async findUserHandle(userId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('webauthn_user_handles')
      .select('user_handle')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.user_handle;
  }

  async findUserIdByHandle(userHandle: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('webauthn_user_handles')
      .select('user_id')
      .where('user_handle', '=', userHandle)
      .executeTakeFirst();
    return row?.user_id;
  }

  /** Stores a handle unless the user has one already (a concurrent call may have won); returns the stored one. */
  async ensureUserHandle(userId: string, candidate: string, now: number): Promise<string> {
    await this.db
      .insertInto('webauthn_user_handles')
      .values({ user_id: userId, user_handle: candidate, created_at: now })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    const stored = await this.findUserHandle(userId);
    if (stored === undefined) throw new Error('user handle was not stored');
    return stored;
  }
}
