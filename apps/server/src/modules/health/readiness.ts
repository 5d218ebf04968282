import type { Db } from '../../db/database.ts';
import { schemaStatus, type SchemaStatus } from '../../db/migrate.ts';

/** Why a process is not ready; `ready` when it is. */
export type ReadinessState = 'ready' | 'draining' | 'database_unavailable' | 'database_timeout' | 'schema_behind' | 'schema_ahead';

export interface ReadinessOptions {
  /** The database must answer within this (else `database_timeout`). */
  timeoutMs: number;
  /** An answer is reused this long, so that probes (or anyone) cannot turn into a query each. */
  reuseMs: number;
}

export const READINESS_DEFAULTS: ReadinessOptions = { timeoutMs: 2_000, reuseMs: 1_000 };

export interface ReadinessLog {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

const stateOf = (status: SchemaStatus): ReadinessState =>
  status.state === 'current' ? 'ready' : status.state === 'behind' ? 'schema_behind' : 'schema_ahead';

/**
 * Whether this process should get traffic (docs/decisions/0170-health-and-draining.md): not while
 * it drains, and only while the database answers within a bound with the schema this code knows.
 * One check runs at a time and its answer is reused briefly; draining answers at once.
 */
export class Readiness {
  private draining = false;
  private running: Promise<ReadinessState> | null = null;
  private last: { state: ReadinessState; at: number } | null = null;
  private reported: ReadinessState = 'ready';

  constructor(
    private readonly db: Db,
    private readonly log: ReadinessLog,
    private readonly options: ReadinessOptions = READINESS_DEFAULTS,
  ) {}

  /** From now on not ready: the process is shutting down. */
  drain(): void {
    this.draining = true;
  }

  get isDraining(): boolean {
    return this.draining;
  }

  async check(): Promise<ReadinessState> {
    if (this.draining) return 'draining';
    const now = performance.now();
    if (this.last && now - this.last.at < this.options.reuseMs) return this.last.state;
    this.running ??= this.probe().finally(() => {
      this.running = null;
    });
    const state = await this.withinBound(this.running);
    this.last = { state, at: performance.now() };
    this.report(state);
    return this.draining ? 'draining' : state;
  }

  private async probe(): Promise<ReadinessState> {
    try {
      return stateOf(await schemaStatus(this.db));
    } catch {
      return 'database_unavailable';
    }
  }

  private withinBound(check: Promise<ReadinessState>): Promise<ReadinessState> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<ReadinessState>((resolve) => {
      timer = setTimeout(() => resolve('database_timeout'), this.options.timeoutMs);
    });
    return Promise.race([check, late]).finally(() => clearTimeout(timer));
  }

  /** One log line per change, so that an operator sees when and why a process left the rotation. */
  private report(state: ReadinessState): void {
    if (state === this.reported) return;
    if (state === 'ready') this.log.info({ event: 'readiness', state, was: this.reported }, 'ready again');
    else this.log.warn({ event: 'readiness', state, was: this.reported }, `not ready: ${state}`);
    this.reported = state;
  }
}
