import type { AltchaChallengeAnswer } from '@gatehouse/contract';
import { BotCheckUnavailable, unavailableAfter } from './bot-check-unavailable';
import { loadChunk } from '../chunks';

/** Fetching a challenge; solving has its own bound below. */
const CHALLENGE_FETCH_TIMEOUT_MS = 10_000;
/** ALTCHA_MAX_NUMBER hashes take a second or two on a slow phone; past this the server is asking too much. */
export const ALTCHA_SOLVE_TIMEOUT_MS = 60_000;
/**
 * A challenge solved ahead is used only this soon after it arrived: the server's
 * challenges live at least 60 s (ALTCHA_CHALLENGE_TTL_SECONDS), and its clock, not ours, decides.
 */
const SOLVED_AHEAD_MAX_AGE_MS = 30_000;

type Challenge = AltchaChallengeAnswer;

interface Solved {
  payload: string;
  /** Local time after which the server would refuse it. */
  usableUntilMs: number;
}

export interface AltchaOptions {
  challengeUrl: string;
  /** The contract's AltchaChallengeAnswer.safeParse. */
  parseChallenge: (json: unknown) => { success: true; data: Challenge } | { success: false };
  fetch?: typeof fetch;
  now?: () => number;
}

/**
 * ALTCHA: a challenge from the server, solved in the browser with altcha-lib's
 * solver (shipped by the `altcha` package as `altcha/lib`, loaded on demand, not
 * in the first view). The payload (base64 of {challenge, solution}) goes in the
 * bot-check header. Each solution is good once, so one is solved ahead for the next call.
 */
export class Altcha {
  private next: Promise<Solved> | null = null;

  constructor(private readonly options: AltchaOptions) {}

  /** Solves one ahead, so that the first call does not wait for the work. */
  prepare(): void {
    if (!this.next) {
      this.next = this.solve();
      this.next.catch(() => undefined);
    }
  }

  reload(): void {
    this.next = null;
    this.prepare();
  }

  async token(): Promise<string> {
    const pending = this.next ?? this.solve();
    this.next = null;
    let solved: Solved;
    try {
      solved = await pending;
    } catch {
      // The one solved ahead failed (perhaps long ago): one fresh try now.
      solved = await this.solve();
    }
    if (solved.usableUntilMs <= this.now()) solved = await this.solve();
    this.prepare();
    return solved.payload;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private async solve(): Promise<Solved> {
    const challenge = await unavailableAfter(this.fetchChallenge(), CHALLENGE_FETCH_TIMEOUT_MS, 'ALTCHA challenge');
    const fetchedAt = this.now();
    const { solveChallenge, sha } = await loadChunk(() => import('altcha/lib')).catch(() => {
      throw new BotCheckUnavailable('ALTCHA solver did not load');
    });
    const solution = await solveChallenge({ challenge, deriveKey: sha.deriveKey, timeout: ALTCHA_SOLVE_TIMEOUT_MS });
    if (!solution) throw new BotCheckUnavailable('ALTCHA challenge not solved in time');
    // The JSON is ASCII (hex strings and numbers), so btoa needs no UTF-8 step.
    return {
      payload: btoa(JSON.stringify({ challenge, solution })),
      usableUntilMs: fetchedAt + SOLVED_AHEAD_MAX_AGE_MS,
    };
  }

  private async fetchChallenge(): Promise<Challenge> {
    const doFetch = this.options.fetch ?? fetch;
    let response: Response;
    try {
      response = await doFetch(this.options.challengeUrl, {
        credentials: 'same-origin',
        cache: 'no-store',
        headers: { Accept: 'application/json' },
      });
    } catch {
      throw new BotCheckUnavailable('ALTCHA challenge: no answer');
    }
    if (!response.ok) throw new BotCheckUnavailable(`ALTCHA challenge: HTTP ${response.status}`);
    const parsed = this.options.parseChallenge(await response.json().catch(() => null));
    if (!parsed.success) throw new BotCheckUnavailable('ALTCHA challenge: unreadable');
    return parsed.data;
  }
}
