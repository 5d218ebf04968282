import type { Db } from '../../db/database.ts';
import type { TokenPurpose, TokensTable } from '../../db/schema.ts';

export type TokenRow = TokensTable;

export class TokenRepository {
  constructor(private readonly db: Db) {}

  /** The same repository on another executor (a transaction). */
  within(db: Db): TokenRepository {
    return new TokenRepository(db);
  }

  /**
   * Stores the account's token of this purpose, replacing the previous one in the same
   * statement (one row per account and purpose): a newer token voids the older.
   */
  async replace(row: TokenRow): Promise<void> {
    await this.db
      .insertInto('tokens')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['user_id', 'purpose']).doUpdateSet({
          token_hash: row.token_hash,
          created_at: row.created_at,
          expires_at: row.expires_at,
          used_at: null,
        }),
      )
      .execute();
  }

  /** Runs `work` in one database transaction, with this repository on it. */
  transaction<T>(work: (db: Db, repository: TokenRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(trx, new TokenRepository(trx)));
  }

  findByHash(tokenHash: string): Promise<TokenRow | undefined> {
    return this.db.selectFrom('tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  /**
   * Marks a live token used in a single statement: of concurrent callers (in any number of
   * processes) exactly one gets the user id; the others, and any used or expired token, get null.
   */
  async consume(tokenHash: string, purpose: TokenPurpose, now: number): Promise<string | null> {
    const row = await this.db
      .updateTable('tokens')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst();
    return row?.user_id ?? null;
  }

  /** Voids every token of this purpose the account holds. */
  async deleteForUser(userId: string, purpose: TokenPurpose): Promise<void> {
    await this.db.deleteFrom('tokens').where('user_id', '=', userId).where('purpose', '=', purpose).execute();
  }

  /** Clean-up: tokens past their end (used ones included) are of no further use. */
  async deleteExpired(now: number): Promise<void> {
    await this.db.deleteFrom('tokens').where('expires_at', '<=', now).execute();
  }
}
