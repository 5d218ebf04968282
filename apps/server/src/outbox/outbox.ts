import { randomUUID } from 'node:crypto';
import type { OutboxRepository, OutboxRow } from './outbox.repository.ts';

/** Runs one job; throws to have it retried. `attempt` counts from 1. */
export type OutboxHandler = (payload: unknown, job: { attempt: number }) => Promise<void>;

export interface OutboxOptions {
  /** How often a worker looks for due jobs (besides being woken when its own process queues one). */
  pollMs: number;
  /** How long a claimed job is held; a worker that crashed lets go after this. */
  leaseMs: number;
  /** Attempts before a job is given up (logged). */
  maxAttempts: number;
  /** Wait before the second attempt; doubles with each failure, up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
}

/** 8 attempts: 15 s, 30 s, 1, 2, 4, 8, 10 min apart, about 25 minutes in all (a reset link lives 60). */
export const OUTBOX_DEFAULTS: OutboxOptions = {
  pollMs: 2_000,
  leaseMs: 60_000,
  maxAttempts: 8,
  retryBaseMs: 15_000,
  retryMaxMs: 10 * 60_000,
};

export interface OutboxLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** What a log line may say about a failure: its type and code, the message only of known safe kinds. */
function failureOf(error: unknown): { type: string; code?: string; message?: string } {
  const e = error as { name?: unknown; code?: unknown; message?: unknown };
  const type = typeof e.name === 'string' ? e.name : 'Error';
  return {
    type,
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    // A MailDeliveryError's message names only the kind of SMTP failure (mail/mailer.ts).
    ...(type === 'MailDeliveryError' && typeof e.message === 'string' ? { message: e.message } : {}),
  };
}

/**
 * The outbox (docs/decisions/0162-outbox.md): jobs are rows of the `outbox` table, queued in the
 * request (one insert, the same work whatever the job is about) and run after the answer by a
 * worker in every server process. A job survives a crash (its row stays), is retried with
 * backoff, and is taken by exactly one worker at a time across processes.
 */
export class Outbox {
  private readonly handlers = new Map<string, OutboxHandler>();
  private timer: NodeJS.Timeout | null = null;
  private draining: Promise<void> | null = null;
  private wokenWhileDraining = false;
  private stopped = false;

  constructor(
    private readonly repository: OutboxRepository,
    private readonly now: () => number,
    private readonly log: OutboxLog,
    private readonly options: OutboxOptions = OUTBOX_DEFAULTS,
    /** False: jobs wait for `idle()` or another process (tests of crashes and of several workers). */
    private readonly runInBackground = true,
  ) {}

  /** Registers the handler of a kind of job (one per kind). */
  handle(kind: string, handler: OutboxHandler): void {
    if (this.handlers.has(kind)) throw new Error(`outbox: a handler for ${kind} exists already`);
    this.handlers.set(kind, handler);
  }

  /** Queues a job: one insert. The worker of this process is woken at once. */
  async enqueue(kind: string, payload: unknown): Promise<void> {
    const now = this.now();
    await this.repository.insert({
      id: randomUUID(),
      kind,
      payload: JSON.stringify(payload),
      attempts: 0,
      run_after: now,
      claimed_until: null,
      created_at: now,
      last_error: null,
    });
    if (this.runInBackground) this.wake();
  }

  /** Starts looking for due jobs every `pollMs` (also those of other processes and retries). */
  start(): void {
    if (!this.runInBackground || this.timer) return;
    this.timer = setInterval(() => this.wake(), this.options.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Stops the worker and waits for the job under way; queued jobs stay for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.draining;
  }

  /** Runs every job due now, including ones queued or released meanwhile, then resolves. */
  async idle(): Promise<void> {
    do {
      await this.drain();
    } while (!this.stopped && (await this.repository.hasDue(this.now())));
  }

  private wake(): void {
    this.drain().catch((error: unknown) => this.log.error({ err: failureOf(error) }, 'outbox: worker failed'));
  }

  private drain(): Promise<void> {
    if (this.draining) {
      this.wokenWhileDraining = true;
      return this.draining;
    }
    this.draining = this.drainLoop().finally(() => {
      this.draining = null;
    });
    return this.draining;
  }

  private async drainLoop(): Promise<void> {
    do {
      this.wokenWhileDraining = false;
      for (;;) {
        if (this.stopped) return;
        const job = await this.repository.claim(this.now(), this.options.leaseMs);
        if (!job) break;
        await this.run(job);
      }
    } while (this.wokenWhileDraining);
  }

  private async run(job: OutboxRow): Promise<void> {
    const claimedUntil = Number(job.claimed_until);
    try {
      const handler = this.handlers.get(job.kind);
      if (!handler) throw new Error(`no handler for outbox jobs of kind ${job.kind}`);
      await handler(JSON.parse(job.payload) as unknown, { attempt: job.attempts });
      await this.repository.remove(job.id, claimedUntil);
    } catch (error) {
      const failure = failureOf(error);
      const context = {
        event: 'outbox_failure',
        kind: job.kind,
        attempt: job.attempts,
        maxAttempts: this.options.maxAttempts,
        err: failure,
      };
      if (job.attempts >= this.options.maxAttempts) {
        await this.repository.remove(job.id, claimedUntil);
        this.log.error(context, `${job.kind}: background delivery failed, given up`);
        return;
      }
      const delay = Math.min(this.options.retryBaseMs * 2 ** (job.attempts - 1), this.options.retryMaxMs);
      await this.repository.retryLater(
        job.id,
        claimedUntil,
        this.now() + delay,
        [failure.type, failure.code, failure.message].filter(Boolean).join(': '),
      );
      this.log.warn({ ...context, retryInMs: delay }, `${job.kind}: background delivery failed, will retry`);
    }
  }
}
