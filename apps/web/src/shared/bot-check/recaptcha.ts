import type { BotCheckAction } from '@gatehouse/contract';
import { BotCheckUnavailable, unavailableAfter } from './bot-check-unavailable';

/** The part of Google's reCAPTCHA v3 API the app uses. */
export interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): PromiseLike<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

/** A script that has not loaded and become ready by then never will: the call fails with Retry. */
export const RECAPTCHA_READY_TIMEOUT_MS = 10_000;
/** One token takes well under a second; this bounds a hung execute. */
export const RECAPTCHA_EXECUTE_TIMEOUT_MS = 10_000;

export interface RecaptchaOptions {
  siteKey: string;
  scriptUri: string;
  document?: Document;
  window?: Window;
  readyTimeoutMs?: number;
}

/**
 * reCAPTCHA v3: the script from the server's address, appended once (no inline
 * script: the CSP allows its folder only while the check is on); a token per call.
 */
export class Recaptcha {
  private ready: Promise<Grecaptcha> | null = null;
  private script: HTMLScriptElement | null = null;

  constructor(private readonly options: RecaptchaOptions) {}

  /** Starts loading the script (at start-up, so that the first token is quick). */
  load(): Promise<Grecaptcha> {
    if (!this.ready) {
      this.ready = this.append();
      // A failure surfaces when a token is asked for, not as an unhandled rejection now.
      this.ready.catch(() => undefined);
    }
    return this.ready;
  }

  /** Drops a script that failed or hung and loads it again (the Retry of the message). */
  reload(): void {
    if (this.script) this.script.remove();
    this.script = null;
    this.ready = null;
    void this.load();
  }

  async token(action: BotCheckAction): Promise<string> {
    const grecaptcha = await this.load();
    const token = await unavailableAfter(
      Promise.resolve(grecaptcha.execute(this.options.siteKey, { action })),
      RECAPTCHA_EXECUTE_TIMEOUT_MS,
      'reCAPTCHA execute',
    );
    if (typeof token !== 'string' || token === '') throw new BotCheckUnavailable('reCAPTCHA gave no token');
    return token;
  }

  private append(): Promise<Grecaptcha> {
    const doc = this.options.document ?? document;
    const win = this.options.window ?? window;
    const script = doc.createElement('script');
    script.src = this.options.scriptUri;
    script.async = true;
    this.script = script;
    const loaded = new Promise<Grecaptcha>((resolve, reject) => {
      script.addEventListener('error', () => reject(new BotCheckUnavailable('reCAPTCHA script did not load')));
      script.addEventListener('load', () => {
        const grecaptcha = win.grecaptcha;
        if (!grecaptcha) {
          reject(new BotCheckUnavailable('reCAPTCHA script loaded without grecaptcha'));
          return;
        }
        grecaptcha.ready(() => resolve(grecaptcha));
      });
    });
    doc.head.append(script);
    return unavailableAfter(loaded, this.options.readyTimeoutMs ?? RECAPTCHA_READY_TIMEOUT_MS, 'reCAPTCHA ready');
  }
}
