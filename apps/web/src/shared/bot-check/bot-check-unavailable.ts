import { withTimeout } from '../chunks';

/**
 * No token could be had: the reCAPTCHA script did not load or never became
 * ready, or no ALTCHA challenge could be fetched and solved. A BC call is not
 * sent without a token; the user gets a message with Retry (retryBotCheck).
 */
export class BotCheckUnavailable extends Error {
  override readonly name = 'BotCheckUnavailable';
}

/** Settles with `promise`, or rejects with BotCheckUnavailable after `ms` (any failure becomes one too). */
export function unavailableAfter<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return withTimeout(promise, ms, {
    timedOut: () => new BotCheckUnavailable(`${what}: no answer in ${ms} ms`),
    failed: (error) =>
      error instanceof BotCheckUnavailable ? error : new BotCheckUnavailable(`${what}: ${String(error)}`),
  });
}
