/**
 * No token could be had: the reCAPTCHA script did not load or never became
 * ready, or no ALTCHA challenge could be fetched and solved. A BC call is not
 * sent without a token; the user gets a message with Retry (retryBotCheck).
 */
export class BotCheckUnavailable extends Error {
  override readonly name = 'BotCheckUnavailable';
}

/** Settles with `promise`, or rejects with BotCheckUnavailable after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new BotCheckUnavailable(`${what}: no answer in ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof BotCheckUnavailable ? error : new BotCheckUnavailable(`${what}: ${String(error)}`));
      },
    );
  });
}
