import { Worker } from 'node:worker_threads';
import { parseOptions } from '@node-rs/argon2';
import { codePointLength, PASSWORD_MAX_LENGTH } from '@gatehouse/contract';
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
 * A place in the hasher held for a request from its first hook on (docs/decisions/0164-hot-paths-and-overload.md):
 * its first hash takes the place instead of queueing anew; a request that never hashes gives it back.
 */
export class HashAdmission {
  private state: 'held' | 'used' | 'released' = 'held';

  constructor(private readonly giveBack: () => void) {}

  /** True once, for the first hash of the request: the place it held becomes that hash's. */
  claim(): boolean {
    if (this.state !== 'held') return false;
    this.state = 'used';
    this.giveBack();
    return true;
  }

  /** The request is over; an unused place is given back (safe to call more than once). */
  release(): void {
    if (this.state !== 'held') return;
    this.state = 'released';
    this.giveBack();
  }
}

type HashJob =
  { kind: 'hash'; password: string; params: Argon2Params } | { kind: 'verify'; password: string; stored: string };
type HashReply = { id: number; value?: string | boolean; error?: string };
type PendingHash = { resolve: (value: string | boolean) => void; reject: (error: Error) => void };

/** A hash job's answer: the encoded hash; anything else is a fault of the thread, never a hash. */
function encodedHash(value: string | boolean): string {
  if (typeof value !== 'string') throw new Error('password hashing answered without a hash');
  return value;
}

/**
 * One hashing thread (password-hash-worker.mjs): it hashes one password at a time, in the order the
 * jobs were sent, and may be sent the next job before the current one is done. Started on its first
 * job; it holds the process open only while it has work; a thread that fails is started again on
 * the next job, its jobs failing with an error.
 */
class HashingThread {
  /** The worker started last, with the jobs sent to it and not answered; null until the next job. */
  private current: { worker: Worker; pending: Map<number, PendingHash> } | null = null;
  private nextId = 0;

  /** Jobs sent and not answered yet: the one it hashes and those waiting behind it. */
  get outstanding(): number {
    return this.current?.pending.size ?? 0;
  }

  run(job: HashJob): Promise<string | boolean> {
    const { worker, pending } = (this.current ??= this.start());
    const id = this.nextId++;
    if (pending.size === 0) worker.ref();
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, ...job });
    });
  }

  /** Stops the thread; jobs it had not answered fail. The next job starts a new one. */
  async close(): Promise<void> {
    const stopping = this.current;
    this.current = null;
    await stopping?.worker.terminate();
  }

  private start(): { worker: Worker; pending: Map<number, PendingHash> } {
    const worker = new Worker(new URL('./password-hash-worker.mjs', import.meta.url));
    const started = { worker, pending: new Map<number, PendingHash>() };
    const { pending } = started;
    worker.on('message', (reply: HashReply) => {
      const job = pending.get(reply.id);
      if (!job) return;
      pending.delete(reply.id);
      // Idle, it no longer keeps the process alive (a CLI command ends when its work is done).
      if (pending.size === 0) worker.unref();
      if (reply.error === undefined) job.resolve(reply.value!);
      else job.reject(new Error(`password hashing failed: ${reply.error}`));
    });
    const fail = (error: Error) => {
      if (this.current === started) this.current = null;
      const jobs = [...pending.values()];
      pending.clear();
      for (const job of jobs) job.reject(error);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`password hashing thread stopped (exit code ${code})`)));
    return started;
  }
}

/** Jobs each hashing thread is given at once: the one it hashes and the next, so that it never waits for the main thread. */
const JOBS_PER_THREAD = 2;

/**
 * argon2id hashing with bounded concurrency and a bounded queue, so that a
 * burst of sign-ins cannot exhaust memory or starve the cheap calls.
 *
 * The hashing calls hold a place from their first hook on (`admit`), before their body is read:
 * when every place is taken (hashes running, waiting, or held by requests on their way) the call
 * is refused at once, having cost nothing, and a call that was let in finds its place in the queue.
 */
export class PasswordHasher {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  /** Places held by admitted requests that have not hashed yet. */
  private held = 0;
  private dummyHash: Promise<string> | null = null;
  /** One per hash computed at once (`maxConcurrent`). */
  private readonly threads: HashingThread[];

  constructor(
    private readonly limits: HasherLimits = DEFAULT_HASHER_LIMITS,
    private readonly params: Argon2Params = ARGON2_PARAMS,
  ) {
    this.threads = Array.from({ length: limits.maxConcurrent }, () => new HashingThread());
  }

  /** Stops the hashing threads (the app's onClose); a later hash starts them again. */
  async close(): Promise<void> {
    await Promise.all(this.threads.map((thread) => thread.close()));
  }

  /** `admission`: the request's place (hash-admission.plugin.ts, `hashAdmissionOf`); its first hash takes it. */
  hash(password: string, admission?: HashAdmission): Promise<string> {
    return this.run({ kind: 'hash', password: normalizePassword(password), params: this.params }, admission).then(
      encodedHash,
    );
  }

  /**
   * A password longer than any the new-password rule lets anyone set cannot match, so it is not
   * hashed: false at once, without a place in the hasher (docs/decisions/0100-login-answers.md).
   */
  verify(stored: string, password: string, admission?: HashAdmission): Promise<boolean> {
    if (password.length > PASSWORD_MAX_LENGTH && codePointLength(password) > PASSWORD_MAX_LENGTH) {
      admission?.release();
      return Promise.resolve(false);
    }
    // A corrupt stored hash answers false (password-hash-worker.mjs): not a 500, nor a sign-in.
    return this.run({ kind: 'verify', stored, password: normalizePassword(password) }, admission).then(
      (matches) => matches === true,
    );
  }

  /** For an unknown e-mail: the same work as a real verification, always false (no enumeration by timing). */
  async verifyDummy(password: string, admission?: HashAdmission): Promise<false> {
    // Made once, outside the limits, as the stored hash of no account; made again if that failed.
    this.dummyHash ??= this.leastBusyThread()
      .run({ kind: 'hash', password: 'dummy-password-for-unknown-accounts', params: this.params })
      .then(encodedHash)
      .catch((error: unknown) => {
        this.dummyHash = null;
        throw error;
      });
    await this.verify(await this.dummyHash, password, admission);
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

  /** The refusal of a hashing call when every place is taken: 503, service_busy, Retry-After in seconds. */
  busy(): HttpProblem {
    return new HttpProblem(503, 'service_busy', retryAfterHeader(this.limits.retryAfterMs));
  }

  /** What the hasher holds now: hashes running and waiting, places held by admitted requests. */
  load(): { running: number; waiting: number; held: number } {
    return { running: this.active, waiting: this.waiting.length, held: this.held };
  }

  /** Hashes running, waiting, and places held: at most maxConcurrent + maxQueued. */
  private occupied(): number {
    return this.active + this.waiting.length + this.held;
  }

  /** A place for a request that will hash, or null when every place is taken (refuse it: `busy()`). */
  admit(): HashAdmission | null {
    if (this.occupied() >= this.limits.maxConcurrent + this.limits.maxQueued) return null;
    this.held += 1;
    return new HashAdmission(() => {
      this.held -= 1;
    });
  }

  /**
   * The request's admission is passed by the caller, not found through an AsyncLocalStorage: on
   * Node 20 an AsyncLocalStorage, once used, hooks every promise of the process, which took about a
   * third of every later request's throughput (docs/decisions/0164-hot-paths-and-overload.md).
   */
  private async run(job: HashJob, admission?: HashAdmission): Promise<string | boolean> {
    // An admitted request's first hash takes its place; any other hash needs a free one.
    const admitted = admission?.claim() === true;
    if (!admitted && this.occupied() >= this.limits.maxConcurrent + this.limits.maxQueued) throw this.busy();
    if (this.active >= this.threads.length * JOBS_PER_THREAD) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active += 1;
    }
    try {
      return await this.leastBusyThread().run(job);
    } finally {
      const next = this.waiting.shift();
      // Hand the slot straight to the next waiter; only free it when nobody waits.
      if (next) next();
      else this.active -= 1;
    }
  }

  private leastBusyThread(): HashingThread {
    return this.threads.reduce((least, thread) => (thread.outstanding < least.outstanding ? thread : least));
  }
}
