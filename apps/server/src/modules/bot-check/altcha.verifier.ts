import { z } from 'zod';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { AltchaChallengeAnswer } from '@gatehouse/contract';
import type { BotCheckConfig } from '../../config/config.ts';
import type { BotCheckOutcome, BotCheckVerifier } from '../../plugins/bot-check.plugin.ts';
import type { BotCheckRepository } from './bot-check.repository.ts';
import { sha256Hex } from '../../plugins/secret-hash.ts';

type AltchaConfig = Extract<BotCheckConfig, { kind: 'altcha' }>;

/** One SHA-256 per try; the work is the number of tries (a random counter up to ALTCHA_MAX_NUMBER). */
const ALGORITHM = 'SHA-256';
const COST = 1;

/** The header's payload: base64 of the JSON {challenge, solution}, as the ALTCHA widget sends it. */
const Payload = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.literal(ALGORITHM),
      nonce: z.string().max(128),
      salt: z.string().max(128),
      cost: z.literal(COST),
      keyLength: z.number(),
      keyPrefix: z.string().max(128),
      // Our expiry, signed with the rest; checked against the app's clock.
      data: z.object({ expiresAtMs: z.number() }),
    }),
    signature: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string().max(256) }),
});

/**
 * ALTCHA (self-hosted proof of work, altcha-lib v2): the server signs a
 * challenge whose solution needs a number of hashes in the browser; a solution
 * passes when the signature is ours, it has not expired and it was not spent before.
 */
export class AltchaVerifier implements BotCheckVerifier {
  readonly kind = 'altcha';

  constructor(
    private readonly config: AltchaConfig,
    private readonly repository: BotCheckRepository,
    private readonly now: () => number,
  ) {}

  async challenge(): Promise<AltchaChallengeAnswer> {
    const challenge = await createChallenge({
      algorithm: ALGORITHM,
      cost: COST,
      counter: randomInt(this.config.maxNumber),
      deriveKey,
      data: { expiresAtMs: this.now() + this.config.challengeTtlMs },
      hmacSignatureSecret: this.config.hmacKey,
    });
    const { parameters, signature } = challenge;
    if (signature === undefined) throw new Error('ALTCHA challenge left unsigned');
    return { parameters: { ...parameters }, signature };
  }

  async verify(token: string): Promise<BotCheckOutcome> {
    let decoded: unknown;
    try {
      decoded = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    } catch {
      return { passed: false, why: 'payload is not base64 JSON' };
    }
    const parsed = Payload.safeParse(decoded);
    if (!parsed.success) return { passed: false, why: 'payload malformed' };
    const { challenge, solution } = parsed.data;
    const expiresAtMs = challenge.parameters.data.expiresAtMs;
    const result = await verifySolution({
      challenge: challenge as Challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: this.config.hmacKey,
    });
    if (result.invalidSignature) return { passed: false, why: 'signature invalid' };
    if (!result.verified) return { passed: false, why: 'solution wrong' };
    // Checked after the signature: only then is expiresAtMs ours.
    if (expiresAtMs <= this.now()) return { passed: false, why: 'challenge expired' };
    const hash = sha256Hex(challenge.signature);
    if (!(await this.repository.spend(hash, expiresAtMs, this.now())))
      return { passed: false, why: 'challenge already spent' };
    return { passed: true };
  }
}
