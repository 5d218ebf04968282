/** How often one process deletes expired rows on a write path that creates such rows. */
export const CLEAN_UP_EVERY_MS = 60_000;

/**
 * When a write path deletes the expired rows of its table (sessions, PINs): at most once per
 * interval and process, by the service's own clock (docs/decisions/0174-expired-rows-clean-up.md).
 * Nothing reads an expired row as live (every read checks the expiry itself), so a row deleted a
 * minute later changes no answer, and a login no longer pays for the clean-up every time.
 */
export class CleanUpSchedule {
  private lastAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly everyMs: number = CLEAN_UP_EVERY_MS) {}

  /**
   * True when the clean-up is due at `now`: an interval after the last one, or at once when the
   * clock was set back since (it does not wait for the clock to catch up).
   */
  due(now: number): boolean {
    if (now >= this.lastAt && now < this.lastAt + this.everyMs) return false;
    this.lastAt = now;
    return true;
  }
}
