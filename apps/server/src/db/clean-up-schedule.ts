/** How often one process deletes expired rows on a write path that creates such rows. */
export const CLEAN_UP_EVERY_MS = 60_000;

/**
 * When a write path deletes the expired rows of its table (sessions, PINs): at most once per
 * interval and process, by the service's own clock (docs/decisions/0174-expired-rows-clean-up.md).
 * Nothing reads an expired row as live (every read checks the expiry itself), so a row deleted a
 * minute later changes no answer, and a login no longer pays for the clean-up every time.
 */
export class CleanUpSchedule {
  private nextAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly everyMs: number = CLEAN_UP_EVERY_MS) {}

  /** True when the clean-up is due at `now`; the next one is then due `everyMs` later. */
  due(now: number): boolean {
    if (now < this.nextAt) return false;
    this.nextAt = now + this.everyMs;
    return true;
  }
}
