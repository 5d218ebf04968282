import { isPostgres, type Db } from '../db/database.ts';
import type { OutboxTable } from '../db/schema.ts';

export type OutboxRow = OutboxTable;

/** The outbox table (docs/decisions/0162-outbox.md). */
export class OutboxRepository {
  private readonly postgres: boolean;

  constructor(private readonly db: Db) {
    this.postgres = isPostgres(db);
  }

  async insert(row: OutboxRow): Promise<void> {
    await this.db.insertInto('outbox').values(row).execute();
  }

  /**
   * Takes the oldest due job that nobody holds, in one statement: its lease is set and its
   * attempt counted, so of several workers (in any number of processes) exactly one gets it.
   * On PostgreSQL the candidate row is locked with SKIP LOCKED (workers do not queue behind each
   * other); SQLite runs one writer at a time, so the statement alone is atomic.
   */
  async claim(now: number, leaseMs: number): Promise<OutboxRow | undefined> {
    let candidate = this.db
      .selectFrom('outbox')
      .select('id')
      .where('run_after', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
      .orderBy('run_after')
      .orderBy('id')
      .limit(1);
    if (this.postgres) candidate = candidate.forUpdate().skipLocked();
    return (
      this.db
        .updateTable('outbox')
        .set((eb) => ({ claimed_until: now + leaseMs, attempts: eb('attempts', '+', 1) }))
        .where('id', 'in', candidate)
        // Checked again on the row itself (PostgreSQL re-reads a row another transaction changed).
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
        .returningAll()
        .executeTakeFirst()
    );
  }

  /** Done (or given up): the row goes. Only the holder of the lease may remove it. */
  async remove(id: string, claimedUntil: number): Promise<void> {
    await this.db.deleteFrom('outbox').where('id', '=', id).where('claimed_until', '=', claimedUntil).execute();
  }

  /** Failed: released for another attempt after `runAfter`. */
  async retryLater(id: string, claimedUntil: number, runAfter: number, error: string): Promise<void> {
    await this.db
      .updateTable('outbox')
      .set({ run_after: runAfter, claimed_until: null, last_error: error.slice(0, 200) })
      .where('id', '=', id)
      .where('claimed_until', '=', claimedUntil)
      .execute();
  }

  /** Whether a job is due and free now (tests and `idle()`). */
  async hasDue(now: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('outbox')
      .select('id')
      .where('run_after', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }
}
