import { hash, verify, parseOptions } from '@node-rs/argon2';
import { HttpProblem, retryAfterHeader } from './http-problem.ts';

/** OWASP's minimum for argon2id (docs/security.md, Passwords and login). The algorithm default of @node-rs/argon2 is argon2id. */
export const ARGON2_PARAMS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
export type Argon2Params = { memoryCost: number; timeCost: number; parallelism: number };

export interface HasherLimits {
  /** Hashes computed at once (each takes ~19 MiB and a core for ~20 ms). */
  maxConcurrent: number;
  /** Hashes waiting; past this the call is refused with 503 instead of queueing without bound. */
  maxQueued: number;
  /** What a refused client is told to wait. */
  retryAfterMs: number;
}

/**
 * Per process, on purpose: the limits protect this process's memory and cores. N processes compute
 * up to N × 2 hashes at once and keep up to N × 32 waiting (docs/deploy.md, "Sizing").
 */
export const DEFAULT_HASHER_LIMITS: HasherLimits = { maxConcurrent: 2, maxQueued: 32, retryAfterMs: 2_000 };

/** Same password, same bytes: "ﬁ" and "fi", or composed and decomposed accents, hash alike (NIST 800-63B). */
function normalizePassword(password: string): string {
  return password.normalize('NFKC');
}

/**
 * argon2id hashing with bounded concurrency and a bounded queue, so that a
 * burst of sign-ins cannot exhaust memory or starve the cheap calls.
 */
export class PasswordHasher {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly limits: HasherLimits = DEFAULT_HASHER_LIMITS,
    private readonly params: Argon2Params = ARGON2_PARAMS,
  ) {}

  hash(password: string): Promise<string> {
    return this.run(() => hash(normalizePassword(password), this.params));
  }

  verify(stored: string, password: string): Promise<boolean> {
    return this.run(async () => {
      try {
        return await verify(stored, normalizePassword(password));
      } catch {
        // A corrupt stored hash must not become a 500 nor a sign-in.
        return false;
      }
    });
  }

  /** For an unknown e-mail: the same work as a real verification, always false (no enumeration by timing). */
  async verifyDummy(password: string): Promise<false> {
    this.dummyHash ??= hash('dummy-password-for-unknown-accounts', this.params);
    await this.verify(await this.dummyHash, password);
    return false;
  }

  /** True when the stored hash was made with weaker (or other) parameters than today's. */
  needsRehash(stored: string): boolean {
    try {
      const o = parseOptions(stored);
      return (
        !stored.startsWith('$argon2id$') ||
        o.memoryCost !== this.params.memoryCost ||
        o.timeCost !== this.params.timeCost ||
        o.parallelism !== this.params.parallelism
      );
    } catch {
      return true;
    }
  }

  private async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limits.maxConcurrent) {
      if (this.waiting.length >= this.limits.maxQueued) {
        throw new HttpProblem(503, 'service_busy', retryAfterHeader(this.limits.retryAfterMs));
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // Hand the slot straight to the next waiter; only free it when nobody waits.
      if (next) next();
      else this.active -= 1;
    }
  }
}
