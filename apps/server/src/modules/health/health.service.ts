import type { Db } from '../../db/database.ts';
import { schemaStatus, type SchemaStatus } from '../../db/migrate.ts';

/** Why a process is not ready; `ready` when it is. */
export type ReadinessState = 'ready' | 'database_unavailable' | 'database_timeout' | 'schema_behind';

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

/**
 * Whether this process should get traffic (docs/decisions/0170-health-and-draining.md): only while
 * the database answers within a bound and has every migration this code needs. A schema that is
 * ahead (a newer release has migrated during a rolling deploy) stays ready: migrations keep the
 * release before them working (docs/decisions/0171-migrations-for-a-fleet.md), and taking every old
 * process out at once would take the service down. It is logged once. One check runs at a time and
 * its answer is reused briefly. A closing process needs no state here: Fastify answers 503 once
 * `close()` has begun, and the listening socket is closed.
 */
export class Readiness {
  private running: Promise<ReadinessState> | null = null;
  private last: { state: ReadinessState; at: number } | null = null;
  private reported: ReadinessState = 'ready';

  constructor(
    private readonly db: Db,
    private readonly log: ReadinessLog,
    private readonly options: ReadinessOptions = READINESS_DEFAULTS,
  ) {}

  private warnedAhead = false;

  async check(): Promise<ReadinessState> {
    const now = performance.now();
    if (this.last && now - this.last.at < this.options.reuseMs) return this.last.state;
    this.running ??= this.probe().finally(() => {
      this.running = null;
    });
    const state = await this.withinBound(this.running);
    this.last = { state, at: performance.now() };
    this.report(state);
    return state;
  }

  private async probe(): Promise<ReadinessState> {
    let status: SchemaStatus;
    try {
      status = await schemaStatus(this.db);
    } catch {
      return 'database_unavailable';
    }
    if (status.state === 'behind') return 'schema_behind';
    if (status.state === 'ahead') this.reportAhead(status.unknown);
    return 'ready';
  }

  private reportAhead(unknown: string[]): void {
    if (this.warnedAhead) return;
    this.warnedAhead = true;
    this.log.warn(
      { event: 'readiness', schema: 'ahead', unknown },
      'a newer release has migrated the database; serving on until this process is replaced by that release',
    );
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
