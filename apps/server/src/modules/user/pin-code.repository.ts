import type { Db } from '../../db/database.ts';
import type { PinCodesTable } from '../../db/schema.ts';

export type PinCodeRow = PinCodesTable;

export class PinCodeRepository {
  constructor(private readonly db: Db) {}

  /** Runs `work` in one database transaction (SQLite: the one connection; PostgreSQL: one client). */
  transaction<T>(work: (db: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** The same repository on another executor (a transaction). */
  within(db: Db): PinCodeRepository {
    return new PinCodeRepository(db);
  }

  /** One PIN per session: a second one for the same session replaces the first. */
  async insert(row: PinCodeRow): Promise<void> {
    await this.db
      .insertInto('pin_codes')
      .values(row)
      .onConflict((oc) =>
        oc.column('session_id_hash').doUpdateSet({
          code_hash: row.code_hash,
          salt: row.salt,
          purpose: row.purpose,
          device_id: row.device_id,
          created_at: row.created_at,
          expires_at: row.expires_at,
          used_at: null,
        }),
      )
      .execute();
  }

  findForSession(sessionIdHash: string): Promise<PinCodeRow | undefined> {
    return this.db.selectFrom('pin_codes').selectAll().where('session_id_hash', '=', sessionIdHash).executeTakeFirst();
  }

  /** Single use: true for the one caller that marks it used. */
  async markUsed(sessionIdHash: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('pin_codes')
      .set({ used_at: now })
      .where('session_id_hash', '=', sessionIdHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async deleteExpired(now: number): Promise<void> {
    await this.db.deleteFrom('pin_codes').where('expires_at', '<=', now).execute();
  }

  async failures(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('pin_attempts')
      .select('failures')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.failures ?? 0);
  }

  /**
   * Takes one attempt in a single statement: the count rises only while it is below
   * `max`, so concurrent guesses (in any number of processes) can never exceed it.
   * Returns the new count, or null when no attempt was left.
   */
  async takeAttempt(userId: string, max: number, now: number): Promise<number | null> {
    if (max < 1) return null;
    const row = await this.db
      .insertInto('pin_attempts')
      .values({ user_id: userId, failures: 1, updated_at: now })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet((eb) => ({ failures: eb('pin_attempts.failures', '+', 1), updated_at: now }))
          .where('pin_attempts.failures', '<', max),
      )
      .returning('failures')
      .executeTakeFirst();
    return row ? Number(row.failures) : null;
  }

  async resetAttempts(userId: string): Promise<void> {
    await this.db.deleteFrom('pin_attempts').where('user_id', '=', userId).execute();
  }
}
