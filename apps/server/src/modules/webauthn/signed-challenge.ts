import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { sha256Hex } from '../../plugins/secret-hash.ts';

/** Name of the server key that signs sign-in challenges. */
export const CHALLENGE_KEY_NAME = 'webauthn-get-challenge';

const VERSION = 1;
/** 32 random bytes, as every challenge has. */
const NONCE_BYTES = 32;
/** The first 16 bytes of SHA-256 of the user id the options were for; zeros for a discoverable sign-in. */
const USER_BYTES = 16;
const MAC_BYTES = 32;
const PAYLOAD_BYTES = 1 + 8 + NONCE_BYTES + USER_BYTES;
export const SIGNED_CHALLENGE_BYTES = PAYLOAD_BYTES + MAC_BYTES;
/** The browser binding in the cookie: 32 random bytes, base64url. */
const BINDING_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function userDigest(userId: string | null): Buffer {
  return userId === null
    ? Buffer.alloc(USER_BYTES)
    : createHash('sha256').update(userId).digest().subarray(0, USER_BYTES);
}

export function newBinding(): string {
  return randomBytes(32).toString('base64url');
}

export function isBinding(value: string | undefined): value is string {
  return value !== undefined && BINDING_PATTERN.test(value);
}

/** What a valid challenge says: whom it was for (null: anyone) and whether a user id is that one. */
export interface OpenedChallenge {
  forUser: boolean;
  isFor(userId: string): boolean;
}

/**
 * Passkey sign-in challenges that need no row until an assertion is posted
 * (docs/decisions/0163-passkey-sign-in-challenges.md). A challenge is
 * `version | expires at | 32 random bytes | user digest | HMAC-SHA-256`, the MAC keyed with a
 * server key and covering the browser binding (a random value in an HttpOnly cookie), so it is
 * only good for the browser that asked, until it expires. Its single use is recorded when it is
 * consumed: an insert into `webauthn_used_challenges`, which a second use finds taken.
 */
export class SignedChallenges {
  constructor(
    private readonly db: Db,
    private readonly key: () => Promise<Buffer>,
    private readonly now: () => number,
    private readonly ttlMs: number,
  ) {}

  private async mac(payload: Buffer, binding: string): Promise<Buffer> {
    return createHmac('sha256', await this.key())
      .update(payload)
      .update(binding)
      .digest();
  }

  /** A new base64url challenge for this browser binding; nothing is stored. */
  async issue(binding: string, userId: string | null): Promise<string> {
    const payload = Buffer.alloc(PAYLOAD_BYTES);
    payload.writeUInt8(VERSION, 0);
    payload.writeBigUInt64BE(BigInt(this.now() + this.ttlMs), 1);
    randomBytes(NONCE_BYTES).copy(payload, 9);
    userDigest(userId).copy(payload, 9 + NONCE_BYTES);
    return Buffer.concat([payload, await this.mac(payload, binding)]).toString('base64url');
  }

  /**
   * Uses up the challenge the browser echoed: undefined when it was not issued by this server to
   * this binding, has expired, or was used before; otherwise whom it was issued for.
   */
  async consume(challenge: string, binding: string): Promise<OpenedChallenge | undefined> {
    if (challenge.length > 512) return undefined;
    const bytes = Buffer.from(challenge, 'base64url');
    if (
      bytes.length !== SIGNED_CHALLENGE_BYTES ||
      bytes.toString('base64url') !== challenge ||
      bytes.readUInt8(0) !== VERSION
    )
      return undefined;
    const payload = bytes.subarray(0, PAYLOAD_BYTES);
    if (!timingSafeEqual(bytes.subarray(PAYLOAD_BYTES), await this.mac(payload, binding))) return undefined;
    const expiresAt = Number(payload.readBigUInt64BE(1));
    const now = this.now();
    if (now >= expiresAt || expiresAt > now + this.ttlMs) return undefined;
    // Single use across processes: the first insert of the hash wins.
    await this.db.deleteFrom('webauthn_used_challenges').where('expires_at', '<=', now).execute();
    const inserted = await this.db
      .insertInto('webauthn_used_challenges')
      .values({ challenge_hash: sha256Hex(challenge), expires_at: expiresAt })
      .onConflict((oc) => oc.column('challenge_hash').doNothing())
      .returning('challenge_hash')
      .executeTakeFirst();
    if (!inserted) return undefined;
    const digest = payload.subarray(9 + NONCE_BYTES);
    const forUser = !digest.equals(Buffer.alloc(USER_BYTES));
    return { forUser, isFor: (userId) => timingSafeEqual(digest, userDigest(userId)) };
  }
}
