import { z } from 'zod';
import type { BotCheckAction } from '@gatehouse/contract';
import type { BotCheckConfig } from '../../config/config.ts';
import type { BotCheckCaller, BotCheckOutcome, BotCheckVerifier } from '../../plugins/bot-check.plugin.ts';

type RecaptchaConfig = Extract<BotCheckConfig, { kind: 'recaptcha' }>;

/** The fields of Google's siteverify answer that decide (https://developers.google.com/recaptcha/docs/v3). */
const SiteverifyAnswer = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  action: z.string().optional(),
  hostname: z.string().optional(),
  'error-codes': z.array(z.string()).optional(),
});

/**
 * reCAPTCHA v3: the token, the secret and the client address are posted to the
 * verification address; the answer must say success, name the call's action,
 * come from our host and score at least the minimum. Anything else, an
 * unreachable verifier and a time-out included, refuses (fails closed).
 */
export class RecaptchaVerifier implements BotCheckVerifier {
  readonly kind = 'recaptcha';

  constructor(
    private readonly config: RecaptchaConfig,
    /** The hostname of PUBLIC_ORIGIN: a token solved on another site is refused. */
    private readonly expectedHostname: string,
  ) {}

  async verify(token: string, action: BotCheckAction, caller: BotCheckCaller): Promise<BotCheckOutcome> {
    const form = new URLSearchParams({ secret: this.config.secret, response: token, remoteip: caller.ip });
    let answer: unknown;
    try {
      const response = await fetch(this.config.verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form,
        signal: AbortSignal.timeout(this.config.timeoutMs),
        redirect: 'error',
      });
      if (!response.ok) return this.unavailable(caller, `verifier answered HTTP ${response.status}`);
      answer = await response.json();
    } catch (error) {
      // Only the error's name: a message could quote the request (the secret is in its body).
      return this.unavailable(
        caller,
        error instanceof Error && error.name === 'TimeoutError' ? 'verifier timed out' : 'verifier unreachable',
      );
    }
    const parsed = SiteverifyAnswer.safeParse(answer);
    if (!parsed.success) return this.unavailable(caller, 'verifier answer unreadable');
    const result = parsed.data;
    if (!result.success)
      return { passed: false, why: `not verified (${(result['error-codes'] ?? []).join(', ') || 'no error code'})` };
    if (result.action !== action)
      return { passed: false, why: `action "${result.action ?? ''}" instead of "${action}"` };
    if (result.hostname !== undefined && result.hostname !== this.expectedHostname)
      return { passed: false, why: `hostname "${result.hostname}"` };
    if (result.score === undefined || result.score < this.config.minScore) {
      return { passed: false, why: `score ${result.score ?? 'missing'} below ${this.config.minScore}` };
    }
    return { passed: true };
  }

  /** Fail closed: without a verdict nobody passes (docs/decisions/0140-bot-check.md). */
  private unavailable(caller: BotCheckCaller, why: string): BotCheckOutcome {
    caller.log.warn({ botCheck: this.kind }, `bot check unavailable, refusing: ${why}`);
    return { passed: false, why };
  }
}
