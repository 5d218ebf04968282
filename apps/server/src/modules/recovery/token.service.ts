import { randomBytes } from 'node:crypto';
import type { TokenPurpose } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';
import type { TokenRepository } from './token.repository.ts';
import { sha256Hex } from '../../plugins/secret-hash.ts';

/** 32 random bytes from the CSPRNG: 256 bits, twice the 128 a link token must have at least (docs/security.md, Reset and invitation links). */
export const TOKEN_BYTES = 32;
/** base64url of 32 bytes, no padding. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface TokenLifetimes {
  resetTokenTtlMs: number;
  invitationTtlMs: number;
  secureAccountTtlMs: number;
}

export interface LiveToken {
  userId: string;
  purpose: TokenPurpose;
  expiresAt: number;
}

export function hashToken(rawToken: string): string {
  return sha256Hex(rawToken);
}

/**
 * Reset-password, invitation and "Wasn't you?" tokens (docs/decisions/0130-recovery-tokens.md,
 * 0115-wasnt-you-mail.md): random,
 * stored only as a SHA-256 hash, single use, expiring; a newer token of a purpose voids the
 * account's older one.
 */
export class TokenService {
  constructor(
    private readonly repository: TokenRepository,
    private readonly now: () => number,
    private readonly lifetimes: TokenLifetimes,
  ) {}

  /**
   * A new token for the account; the raw value goes into the link and is never stored. Inside the
   * caller's transaction when `db` is one.
   */
  async issue(userId: string, purpose: TokenPurpose, db?: Db): Promise<{ token: string; expiresAt: number }> {
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    const now = this.now();
    const expiresAt = now + this.lifetimeOf(purpose);
    const repository = db ? this.repository.within(db) : this.repository;
    await repository.replace({
      user_id: userId,
      purpose,
      token_hash: hashToken(token),
      created_at: now,
      expires_at: expiresAt,
      used_at: null,
    });
    await repository.deleteExpired(now);
    return { token, expiresAt };
  }

  private lifetimeOf(purpose: TokenPurpose): number {
    switch (purpose) {
      case 'reset':
        return this.lifetimes.resetTokenTtlMs;
      case 'invitation':
        return this.lifetimes.invitationTtlMs;
      case 'secure_account':
        return this.lifetimes.secureAccountTtlMs;
      default:
        return purpose satisfies never;
    }
  }

  /** The token's account and purpose while it is live (not used, not expired, not voided); otherwise null. */
  async find(rawToken: string): Promise<LiveToken | null> {
    if (!TOKEN_PATTERN.test(rawToken)) return null;
    const row = await this.repository.findByHash(hashToken(rawToken));
    if (!row || row.used_at !== null || this.now() >= row.expires_at) return null;
    return { userId: row.user_id, purpose: row.purpose, expiresAt: row.expires_at };
  }

  /** Uses the token up: the account id for exactly one caller while the token is live; null otherwise. */
  consume(rawToken: string, purpose: TokenPurpose): Promise<string | null> {
    return this.consumeWith(rawToken, purpose, async () => {});
  }

  /**
   * Uses the token up and runs `work` for its account in the same transaction: either the token is
   * spent and everything `work` wrote is there, or (any failure) neither, and the token stays live.
   * Null, with nothing done, when the token is not live (of concurrent callers exactly one goes on).
   */
  async consumeWith(
    rawToken: string,
    purpose: TokenPurpose,
    work: (db: Db, userId: string) => Promise<void>,
  ): Promise<string | null> {
    if (!TOKEN_PATTERN.test(rawToken)) return null;
    return this.repository.transaction(async (db, repository) => {
      const userId = await repository.consume(hashToken(rawToken), purpose, this.now());
      if (userId !== null) await work(db, userId);
      return userId;
    });
  }

  /** Voids the account's token of this purpose (e.g. an invitation once the account has a password). */
  async revoke(userId: string, purpose: TokenPurpose): Promise<void> {
    await this.repository.deleteForUser(userId, purpose);
  }
}
