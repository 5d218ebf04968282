import { createHash, randomBytes } from 'node:crypto';
import type { SessionLevel } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';
import type { SessionRepository } from './session.repository.ts';

/** 32 random bytes: 256 bits, far above the 128 the rules ask for. */
const SESSION_ID_BYTES = 32;
/** last_seen_at is written at most once a minute, so that reading pages does not write on every call. */
const TOUCH_EVERY_MS = 60_000;

export interface SessionLifetimes {
  idleMs: number;
  absoluteMs: number;
}

export interface ActiveSession {
  idHash: string;
  userId: string | null;
  level: SessionLevel;
}

export function hashSessionId(rawId: string): string {
  return createHash('sha256').update(rawId).digest('hex');
}

/**
 * Server-side sessions: the cookie holds an opaque random id, the database
 * only its SHA-256 hash (a leaked table cannot be replayed as cookies).
 */
export class SessionService {
  constructor(
    private readonly repository: SessionRepository,
    private readonly now: () => number,
    private readonly lifetimes: SessionLifetimes,
  ) {}

  /** The live session for a cookie value, or null; an expired one is deleted on sight. */
  async resolve(rawId: string | undefined): Promise<ActiveSession | null> {
    if (!rawId || rawId.length > 128) return null;
    const idHash = hashSessionId(rawId);
    const row = await this.repository.findByHash(idHash);
    if (!row) return null;
    const now = this.now();
    if (now >= row.expires_at || now - row.last_seen_at >= this.lifetimes.idleMs) {
      await this.repository.delete(idHash);
      return null;
    }
    if (now - row.last_seen_at >= TOUCH_EVERY_MS) await this.repository.touch(idHash, now);
    return { idHash, userId: row.user_id, level: row.level };
  }

  /**
   * Starts a session at a new level with a NEW id, deleting the previous one:
   * the id rotates at every change of level (no session fixation).
   */
  async rotate(previous: ActiveSession | null, userId: string | null, level: SessionLevel): Promise<{ rawId: string; session: ActiveSession }> {
    if (previous) await this.repository.delete(previous.idHash);
    const rawId = randomBytes(SESSION_ID_BYTES).toString('base64url');
    const idHash = hashSessionId(rawId);
    const now = this.now();
    await this.repository.insert({
      id_hash: idHash,
      user_id: userId,
      level,
      created_at: now,
      last_seen_at: now,
      expires_at: now + this.lifetimes.absoluteMs,
    });
    // Opportunistic clean-up keeps the table small without a scheduler.
    await this.repository.deleteExpired(now, this.lifetimes.idleMs);
    return { rawId, session: { idHash, userId, level } };
  }

  async end(session: ActiveSession | null): Promise<void> {
    if (session) await this.repository.delete(session.idHash);
  }

  /** Ends every session of the account (answers how many); inside the caller's transaction when `db` is one. */
  endAllForUser(userId: string, db?: Db): Promise<number> {
    return (db ? this.repository.within(db) : this.repository).deleteForUser(userId);
  }
}
