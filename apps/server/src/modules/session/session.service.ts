import { randomBytes } from 'node:crypto';
import type { Config } from '../../config/config.ts';
import type { SessionLevel } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';
import { CleanUpSchedule } from '../../db/clean-up-schedule.ts';
import type { SessionAccount, SessionRepository } from './session.repository.ts';
import { sha256Hex } from '../../plugins/secret-hash.ts';

/** 32 random bytes: 256 bits, far above the 128 the rules ask for. */
const SESSION_ID_BYTES = 32;
/** last_seen_at is written at most once a minute, so that reading pages does not write on every call. */
const TOUCH_EVERY_MS = 60_000;
/** 16 random bytes name a session in calls: unguessable, and unrelated to the cookie. */
const PUBLIC_ID_BYTES = 16;

export interface SessionLifetimes {
  idleMs: number;
  absoluteMs: number;
  /** A shared-computer sign-in's (docs/decisions/0116-shared-computer.md); never longer than the above. */
  sharedIdleMs: number;
  sharedAbsoluteMs: number;
}

/** The lifetimes the configuration sets. */
export function sessionLifetimes(
  config: Pick<Config, 'sessionIdleMs' | 'sessionAbsoluteMs' | 'sharedSessionIdleMs' | 'sharedSessionAbsoluteMs'>,
): SessionLifetimes {
  return {
    idleMs: config.sessionIdleMs,
    absoluteMs: config.sessionAbsoluteMs,
    sharedIdleMs: config.sharedSessionIdleMs,
    sharedAbsoluteMs: config.sharedSessionAbsoluteMs,
  };
}

export interface ActiveSession {
  idHash: string;
  userId: string | null;
  level: SessionLevel;
  /** Started with "this is a shared or public computer": not remembered, no trust, no passkey offer, shorter. */
  shared: boolean;
  /** Names the session in the security page's calls; null for a session started before migration 0008. */
  publicId: string | null;
  /** When a password or passkey was last proven in this session (null: never, or before migration 0008). */
  authenticatedAt: number | null;
  /**
   * The session's account as read with it, in the same statement (null: none, or gone); absent when
   * it was not read (a session started by this request). Fresh as a read of the request's own.
   */
  account?: SessionAccount | null;
}

/** What the browser said of itself, kept with a session (truncated by the caller). */
export interface SessionOrigin {
  userAgent: string | null;
}

/** A live signed-in session of an account, as its owner sees it. */
export interface SessionSummary {
  idHash: string;
  publicId: string;
  userAgent: string | null;
  signedInAt: number;
  lastSeenAt: number;
}

export function hashSessionId(rawId: string): string {
  return sha256Hex(rawId);
}

/**
 * Server-side sessions: the cookie holds an opaque random id, the database
 * only its SHA-256 hash (a leaked table cannot be replayed as cookies).
 */
export class SessionService {
  private readonly cleanUp = new CleanUpSchedule();

  constructor(
    private readonly repository: SessionRepository,
    private readonly now: () => number,
    private readonly lifetimes: SessionLifetimes,
  ) {}

  /** The live session for a cookie value, or null; an expired one is deleted on sight. */
  async resolve(rawId: string | undefined): Promise<ActiveSession | null> {
    if (!rawId || rawId.length > 128) return null;
    const idHash = hashSessionId(rawId);
    const found = await this.repository.findWithAccount(idHash);
    if (!found) return null;
    const row = found.session;
    const now = this.now();
    const shared = row.shared === 1;
    const idleMs = shared ? this.lifetimes.sharedIdleMs : this.lifetimes.idleMs;
    if (now >= row.expires_at || now - row.last_seen_at >= idleMs) {
      await this.repository.delete(idHash);
      return null;
    }
    if (now - row.last_seen_at >= TOUCH_EVERY_MS) await this.repository.touch(idHash, now);
    return {
      idHash,
      userId: row.user_id,
      level: row.level,
      shared,
      publicId: row.public_id,
      authenticatedAt: row.authenticated_at,
      account: found.account ?? null,
    };
  }

  /**
   * Starts a session at a new level with a NEW id, deleting the previous one:
   * the id rotates at every change of level (no session fixation).
   *
   * Every level above guest follows a proof (a password, a passkey, a PIN after the password):
   * the session is authenticated now, except that a PIN step keeps the time of the password that
   * started it (the PIN is not a password; docs/decisions/0114-security-page.md).
   * `shared`: a shared-computer sign-in; by default the previous session's, so that every step
   * of one sign-in keeps what its first step was told. A guest session is never shared.
   * `db`: the caller's transaction, when the rows go with others.
   */
  async rotate(
    previous: ActiveSession | null,
    userId: string | null,
    level: SessionLevel,
    origin: SessionOrigin = { userAgent: null },
    shared: boolean = previous?.shared ?? false,
    db?: Db,
  ): Promise<{ rawId: string; session: ActiveSession }> {
    const repository = db ? this.repository.within(db) : this.repository;
    if (previous) await repository.delete(previous.idHash);
    const rawId = randomBytes(SESSION_ID_BYTES).toString('base64url');
    const idHash = hashSessionId(rawId);
    const publicId = randomBytes(PUBLIC_ID_BYTES).toString('base64url');
    const now = this.now();
    const isShared = shared && level !== 'guest';
    const expiresAt = now + (isShared ? this.lifetimes.sharedAbsoluteMs : this.lifetimes.absoluteMs);
    const continuesPasswordStep =
      previous?.level === 'password' &&
      previous.userId === userId &&
      level === 'signed_in' &&
      previous.authenticatedAt !== null;
    const authenticatedAt = level === 'guest' ? null : continuesPasswordStep ? previous.authenticatedAt : now;
    await repository.insert({
      id_hash: idHash,
      user_id: userId,
      level,
      created_at: now,
      last_seen_at: now,
      expires_at: expiresAt,
      shared: isShared ? 1 : 0,
      public_id: publicId,
      user_agent: origin.userAgent,
      authenticated_at: authenticatedAt,
    });
    // The clean-up keeps the table small without a scheduler, at most once a minute per process.
    if (this.cleanUp.due(now)) await repository.deleteExpired(now, this.lifetimes.idleMs, this.lifetimes.sharedIdleMs);
    return { rawId, session: { idHash, userId, level, shared: isShared, publicId, authenticatedAt } };
  }

  /** Records that the session's user proved a password or passkey again (re-authentication). */
  async markAuthenticated(session: ActiveSession): Promise<void> {
    await this.repository.markAuthenticated(session.idHash, this.now());
  }

  /** The account's live signed-in sessions (those named by a public id), the most recently active first. */
  async signedInSessions(userId: string): Promise<SessionSummary[]> {
    const rows = await this.repository.liveSignedInOf(
      userId,
      this.now(),
      this.lifetimes.idleMs,
      this.lifetimes.sharedIdleMs,
    );
    return rows.flatMap((row) =>
      row.public_id === null
        ? []
        : [
            {
              idHash: row.id_hash,
              publicId: row.public_id,
              userAgent: row.user_agent,
              signedInAt: row.created_at,
              lastSeenAt: row.last_seen_at,
            },
          ],
    );
  }

  /** Ends one session of the account by its public id, never `current`; false when the account has no such other session. */
  endOther(userId: string, publicId: string, current: ActiveSession): Promise<boolean> {
    return this.repository.deleteByPublicId(userId, publicId, current.idHash);
  }

  /** Ends every session of the account except `current` (signed in or stopped half-way); answers how many. */
  endAllOthers(userId: string, current: ActiveSession): Promise<number> {
    return this.repository.deleteForUserExcept(userId, current.idHash);
  }

  async end(session: ActiveSession | null): Promise<void> {
    if (session) await this.repository.delete(session.idHash);
  }

  /** Ends every session of the account (answers how many); inside the caller's transaction when `db` is one. */
  endAllForUser(userId: string, db?: Db): Promise<number> {
    return (db ? this.repository.within(db) : this.repository).deleteForUser(userId);
  }
}
