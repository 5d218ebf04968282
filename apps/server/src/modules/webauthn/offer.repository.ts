import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { WebauthnOffersTable } from '../../db/schema.ts';

export type OfferRow = WebauthnOffersTable;

/** Days to wait after the 1st, 2nd, and 3rd or later offer shown (docs/flows/passkeys.md). */
export const OFFER_INTERVALS_DAYS = [1, 7, 30] as const;
const DAY_MS = 24 * 3_600_000;

export class OfferRepository {
  constructor(private readonly db: Db) {}

  find(userId: string): Promise<OfferRow | undefined> {
    return this.db.selectFrom('webauthn_offers').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  /** A row for the user (due now, not declined) unless there is one. */
  async ensure(userId: string, now: number): Promise<void> {
    await this.db
      .insertInto('webauthn_offers')
      .values({ user_id: userId, declined: 0, times_offered: 0, next_offer_at: null, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
  }

  /**
   * Takes the offer if it is due and not declined, and schedules the next one, in one conditional
   * statement: two tabs asking at once get one `true` between them. True when the offer was taken.
   */
  async takeIfDue(userId: string, now: number): Promise<boolean> {
    // Whole numbers computed here, written as literals: PostgreSQL cannot type a CASE of bare parameters.
    const [first, second, later] = OFFER_INTERVALS_DAYS.map((days) => Math.trunc(now + days * DAY_MS));
    const result = await this.db
      .updateTable('webauthn_offers')
      .set({
        times_offered: sql<number>`times_offered + 1`,
        next_offer_at: sql<number>`case when times_offered = 0 then ${sql.lit(first)} when times_offered = 1 then ${sql.lit(second)} else ${sql.lit(later)} end`,
        updated_at: now,
      })
      .where('user_id', '=', userId)
      .where('declined', '=', 0)
      .where((eb) => eb.or([eb('next_offer_at', 'is', null), eb('next_offer_at', '<=', now)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async setDeclined(userId: string, declined: boolean, now: number): Promise<void> {
    await this.ensure(userId, now);
    await this.db
      .updateTable('webauthn_offers')
      .set({ declined: declined ? 1 : 0, updated_at: now })
      .where('user_id', '=', userId)
      .execute();
  }
}
