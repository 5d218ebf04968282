import type { Db } from '../../db/database.ts';
import type { ThrottleRepository } from './throttle.repository.ts';

/**
 * Limits on failed sign-ins, held in the database so that every server
 * process sees the same counts (docs/decisions/0101-login-throttling.md).
 */
export interface ThrottlePolicy {
  /** Failures counted within this window; an older window starts again. */
  windowMs: number;
  /** Failures allowed before any wait. */
  freeFailures: number;
  /** First wait after the free failures; doubles with each further failure. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** At this many failures in the window: the hard stop. */
  hardStopFailures: number;
  hardStopMs: number;
}

/** Per account: consecutive failures (a success clears them); the window is long so they do not decay overnight. */
export const ACCOUNT_POLICY: ThrottlePolicy = {
  windowMs: 30 * 24 * 3_600_000,
  freeFailures: 5,
  baseDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
  hardStopFailures: 30,
  hardStopMs: 24 * 3_600_000,
};

/** Per client address: many accounts from one address (credential stuffing); generous for shared NATs. */
export const ADDRESS_POLICY: ThrottlePolicy = {
  windowMs: 15 * 60_000,
  freeFailures: 50,
  baseDelayMs: 60_000,
  maxDelayMs: 15 * 60_000,
  hardStopFailures: 200,
  hardStopMs: 60 * 60_000,
};

export const accountKey = (normalizedEmail: string) => `account:${normalizedEmail}`;
export const addressKey = (ip: string) => `address:${ip}`;

export function delayAfter(failures: number, policy: ThrottlePolicy): number {
  if (failures >= policy.hardStopFailures) return policy.hardStopMs;
  if (failures < policy.freeFailures) return 0;
  const doublings = Math.min(failures - policy.freeFailures, 30);
  return Math.min(policy.baseDelayMs * 2 ** doublings, policy.maxDelayMs);
}

export class ThrottleService {
  constructor(
    private readonly repository: ThrottleRepository,
    private readonly now: () => number,
  ) {}

  /** Milliseconds to wait before any of these keys may try again; 0 when free. */
  async retryAfterMs(keys: readonly string[]): Promise<number> {
    const now = this.now();
    const rows = await this.repository.find(keys);
    return rows.reduce(
      (wait, row) => Math.max(wait, row.blocked_until === null ? 0 : Number(row.blocked_until) - now),
      0,
    );
  }

  async recordFailure(key: string, policy: ThrottlePolicy): Promise<void> {
    const now = this.now();
    const { failures } = await this.repository.increment(key, now, policy.windowMs);
    const delayMs = delayAfter(failures, policy);
    if (delayMs > 0) await this.repository.block(key, now + delayMs);
  }

  /** Counts one more use of `key` within `windowMs` (atomically, in the database) and answers the count. */
  async countUse(key: string, windowMs: number): Promise<number> {
    return (await this.repository.increment(key, this.now(), windowMs)).failures;
  }

  /** Forgets the key's failures; inside the caller's transaction when `db` is one. */
  async clear(key: string, db?: Db): Promise<void> {
    await (db ? this.repository.within(db) : this.repository).clear(key);
  }
}
