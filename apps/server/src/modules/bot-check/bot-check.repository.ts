import type { Db } from '../../db/database.ts';

/** Spent ALTCHA challenges (migration 0005), shared by every server process through the database. */
export class BotCheckRepository {
  constructor(private readonly db: Db) {}

  /**
   * Records a challenge as spent. False when it was spent before (the primary
   * key is taken): the insert itself is the single-use check, atomic on both databases.
   */
  async spend(challengeHash: string, expiresAt: number, now: number): Promise<boolean> {
    await this.db.deleteFrom('bot_check_used').where('expires_at', '<', now).execute();
    const result = await this.db
      .insertInto('bot_check_used')
      .values({ challenge_hash: challengeHash, expires_at: expiresAt })
      .onConflict((oc) => oc.column('challenge_hash').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }
}
