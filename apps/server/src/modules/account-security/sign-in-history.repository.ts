import type { Db } from '../../db/database.ts';
import type { SignInEventsTable } from '../../db/schema.ts';

export type SignInEventRow = SignInEventsTable;

/** The latest completed sign-ins of each account (migration 0008). */
export class SignInHistoryRepository {
  constructor(private readonly db: Db) {}

  /** Inserts the event and deletes the account's events beyond the newest `keep`, in one transaction. */
  async insertKeepingLatest(row: SignInEventRow, keep: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('sign_in_events').values(row).execute();
      const kept = trx
        .selectFrom('sign_in_events')
        .select('id')
        .where('user_id', '=', row.user_id)
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(keep);
      await trx.deleteFrom('sign_in_events').where('user_id', '=', row.user_id).where('id', 'not in', kept).execute();
    });
  }

  /** The account's events, newest first. */
  latestOf(userId: string): Promise<SignInEventRow[]> {
    return this.db
      .selectFrom('sign_in_events')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }
}
