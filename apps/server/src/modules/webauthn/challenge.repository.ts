import type { Db } from '../../db/database.ts';
import type { WebauthnChallengePurpose, WebauthnChallengesTable } from '../../db/schema.ts';

export type ChallengeRow = WebauthnChallengesTable;

/** Most challenges one session may hold at once (a conditional request and a button press, on a few tabs). */
export const MAX_CHALLENGES_PER_SESSION = 8;

export class ChallengeRepository {
  constructor(private readonly db: Db) {}

  async insert(row: ChallengeRow): Promise<void> {
    await this.db.insertInto('webauthn_challenges').values(row).execute();
  }

  /**
   * Marks the challenge used and returns it, in one conditional statement: only a challenge of this
   * session and purpose, not used yet and not expired, is consumed, and only once across processes.
   */
  async consume(
    challengeHash: string,
    sessionIdHash: string,
    purpose: WebauthnChallengePurpose,
    now: number,
  ): Promise<Pick<ChallengeRow, 'user_id'> | undefined> {
    return this.db
      .updateTable('webauthn_challenges')
      .set({ consumed_at: now })
      .where('challenge_hash', '=', challengeHash)
      .where('session_id_hash', '=', sessionIdHash)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['user_id'])
      .executeTakeFirst();
  }

  /** Before a new challenge: keeps room for it among the session's newest, and drops every expired one (no scheduler needed). */
  async prune(sessionIdHash: string, now: number): Promise<void> {
    await this.db.deleteFrom('webauthn_challenges').where('expires_at', '<=', now).execute();
    const surplus = await this.db
      .selectFrom('webauthn_challenges')
      .select('challenge_hash')
      .where('session_id_hash', '=', sessionIdHash)
      .orderBy('created_at', 'desc')
      .orderBy('challenge_hash')
      .limit(1000)
      .offset(MAX_CHALLENGES_PER_SESSION - 1)
      .execute();
    if (surplus.length > 0) {
      await this.db
        .deleteFrom('webauthn_challenges')
        .where(
          'challenge_hash',
          'in',
          surplus.map((r) => r.challenge_hash),
        )
        .execute();
    }
  }
}
