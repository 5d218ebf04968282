import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ThrottleTable } from '../../db/schema.ts';

export class ThrottleRepository {
  constructor(private readonly db: Db) {}

  /** The same repository on another executor (a transaction). */
  within(db: Db): ThrottleRepository {
    return new ThrottleRepository(db);
  }

  find(keys: readonly string[]): Promise<ThrottleTable[]> {
    if (keys.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('throttle').selectAll().where('key', 'in', keys).execute();
  }

  /**
   * Counts one failure in a single statement (atomic across processes): a new
   * row starts at 1; an existing row whose window has passed starts again at 1.
   */
  async increment(key: string, now: number, windowMs: number): Promise<{ failures: number; windowStartedAt: number }> {
    const windowStart = now - windowMs;
    const row = await this.db
      .insertInto('throttle')
      .values({ key, failures: 1, window_started_at: now, blocked_until: null, updated_at: now })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          failures: sql<number>`case when throttle.window_started_at <= ${windowStart} then 1 else throttle.failures + 1 end`,
          window_started_at: sql<number>`case when throttle.window_started_at <= ${windowStart} then ${now} else throttle.window_started_at end`,
          updated_at: now,
        }),
      )
      .returning(['failures', 'window_started_at'])
      .executeTakeFirstOrThrow();
    return { failures: Number(row.failures), windowStartedAt: Number(row.window_started_at) };
  }

  async block(key: string, until: number): Promise<void> {
    await this.db.updateTable('throttle').set({ blocked_until: until }).where('key', '=', key).execute();
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('throttle').where('key', '=', key).execute();
  }
}
