import { randomBytes } from 'node:crypto';
import type { WebauthnChallengePurpose } from '../../db/schema.ts';
import type { ChallengeRepository } from './challenge.repository.ts';
import { sha256Hex } from '../../plugins/secret-hash.ts';

/** 32 random bytes (docs/security.md, Passkeys). */
export const CHALLENGE_BYTES = 32;

/**
 * WebAuthn challenges: random, bound to the session that asked, for one purpose, short-lived and
 * used at most once. Only a hash is stored.
 */
export class ChallengeService {
  constructor(
    private readonly repository: ChallengeRepository,
    private readonly now: () => number,
    private readonly ttlMs: number,
  ) {}

  /** A new base64url challenge for this session. */
  async issue(sessionIdHash: string, purpose: WebauthnChallengePurpose, userId: string | null): Promise<string> {
    const challenge = randomBytes(CHALLENGE_BYTES).toString('base64url');
    const now = this.now();
    await this.repository.prune(sessionIdHash, now);
    await this.repository.insert({
      challenge_hash: sha256Hex(challenge),
      session_id_hash: sessionIdHash,
      purpose,
      user_id: userId,
      created_at: now,
      expires_at: now + this.ttlMs,
      consumed_at: null,
    });
    return challenge;
  }

  /**
   * Uses up the challenge the browser echoed. Undefined when it is unknown, of another session or
   * purpose, expired or already used; otherwise the user it was issued for (null: anyone).
   */
  async consume(
    challenge: string,
    sessionIdHash: string,
    purpose: WebauthnChallengePurpose,
  ): Promise<{ userId: string | null } | undefined> {
    if (challenge.length === 0 || challenge.length > 1024) return undefined;
    const row = await this.repository.consume(sha256Hex(challenge), sessionIdHash, purpose, this.now());
    return row ? { userId: row.user_id } : undefined;
  }
}
