import Bowser from 'bowser';
import { deviceNameFrom, toLocale } from '@gatehouse/contract';
import type { Mailer } from '../../mail/mailer.ts';
import { mailDateLocale } from '../../mail/mail-catalogues.ts';
import { renderMail, type MailContext } from '../../mail/mail-template.ts';
import { wasntYouMail, type WasntYouReason } from '../../mail/templates/wasnt-you.mail.ts';
import type { Outbox } from '../../outbox/outbox.ts';
import type { TokenService } from '../recovery/token.service.ts';
import type { AccountService } from '../user/account.service.ts';

/** The outbox job of the "Wasn't you?" mail: what happened, never a secret (the token is made with the mail). */
export const WASNT_YOU_JOB = 'wasnt_you';
export interface WasntYouJob {
  userId: string;
  reason: WasntYouReason;
  /** When it happened (ms since the epoch). */
  at: number;
  /** The browser's User-Agent (cut to 512 characters), named in the mail. */
  userAgent: string;
  /** Wrong PINs in a row (`wrong_pins`), else 0. */
  wrongPins: number;
}

/** Wrong PINs in a row after which the mail goes out (once a burst: the count only rises until a sign-in or a reset clears it). */
export const WRONG_PINS_BEFORE_MAIL = 3;

const USER_AGENT_MAX_LENGTH = 512;

/** "Chrome Windows 10", "Mobile Safari iOS 17.4", or the default name, in the account's language. */
export function nameBrowser(userAgent: string, language: string): string {
  const say = wasntYouMail.formats[toLocale(language)];
  return deviceNameFrom((ua) => Bowser.parse(ua), userAgent, {
    defaultName: String(say.unknownDevice.format()),
    defaultMobileName: String(say.unknownMobileDevice.format()),
    mobileName: (name) => String(say.mobileDevice.format({ name })),
  });
}

/** The moment in the account's language and the mail time zone, e.g. "15. januára 2026 o 10:00 SEČ". */
export function writeTime(at: number, language: string, timeZone: string): string {
  return new Intl.DateTimeFormat(mailDateLocale(toLocale(language)), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(at);
}

export interface WasntYouDeps {
  outbox: Pick<Outbox, 'enqueue'>;
  accounts: Pick<AccountService, 'findById'>;
  tokens: Pick<TokenService, 'issue'>;
  mailer: Mailer;
  mailContext: MailContext;
  now: () => number;
  secureAccountTtlMs: number;
  mailTimeZone: string;
  /** PIN_MAX_ATTEMPTS: with fewer attempts the mail goes out at the last one. */
  pinMaxAttempts: number;
  log: { info(object: object, message: string): void };
}

/**
 * The "Wasn't you?" mail (docs/decisions/0115-wasnt-you-mail.md). The sign-in only queues a job
 * (one outbox insert), so a mail server that is down never blocks or loses a sign-in; the mail,
 * with a fresh secure-account link, is made and sent after the answer and retried by the outbox.
 */
export class WasntYouService {
  constructor(private readonly deps: WasntYouDeps) {}

  /** After a sign-in completed on a device the account had not signed in on before. */
  async newDeviceSignIn(userId: string, userAgent: string | undefined): Promise<void> {
    await this.queue({
      userId,
      reason: 'new_device',
      at: this.deps.now(),
      userAgent: (userAgent ?? '').slice(0, USER_AGENT_MAX_LENGTH),
      wrongPins: 0,
    });
  }

  /**
   * After a wrong PIN: `failures` is the account's count in a row, as the attempt took it (each
   * value is handed to exactly one request), so the mail is queued once, when the count reaches
   * the threshold.
   */
  async wrongPin(userId: string, failures: number, userAgent: string | undefined): Promise<void> {
    if (failures !== Math.min(WRONG_PINS_BEFORE_MAIL, this.deps.pinMaxAttempts)) return;
    await this.queue({
      userId,
      reason: 'wrong_pins',
      at: this.deps.now(),
      userAgent: (userAgent ?? '').slice(0, USER_AGENT_MAX_LENGTH),
      wrongPins: failures,
    });
  }

  private async queue(job: WasntYouJob): Promise<void> {
    await this.deps.outbox.enqueue(WASNT_YOU_JOB, job);
  }

  /**
   * The outbox job: a new secure-account link (voiding an older one) and the mail in the account's
   * language. Nothing for an account that is gone, disabled or has no password. Throws when the
   * mail is not accepted, so that the outbox tries again (with a new link).
   */
  async deliver(payload: unknown): Promise<void> {
    const job = parseJob(payload);
    const account = await this.deps.accounts.findById(job.userId);
    if (!account || account.state === 'disabled' || account.state === 'invited') {
      this.deps.log.info({ event: 'wasnt_you_nothing_sent' }, "wasn't you: no active account, nothing sent");
      return;
    }
    const { token } = await this.deps.tokens.issue(account.id, 'secure_account');
    const message = renderMail(wasntYouMail, {
      to: account.email,
      language: account.language,
      params: {
        firstName: account.firstName,
        email: account.email,
        reason: job.reason,
        time: writeTime(job.at, account.language, this.deps.mailTimeZone),
        device: nameBrowser(job.userAgent, account.language),
        wrongPins: job.wrongPins,
        token,
        validDays: Math.round(this.deps.secureAccountTtlMs / 86_400_000),
      },
      context: this.deps.mailContext,
    });
    await this.deps.mailer.send(message);
    this.deps.log.info({ event: 'wasnt_you_sent', reason: job.reason, userId: account.id }, "wasn't you: mail sent");
  }
}

function parseJob(payload: unknown): WasntYouJob {
  const job = payload as Partial<WasntYouJob> | null;
  if (
    typeof job?.userId !== 'string' ||
    (job.reason !== 'new_device' && job.reason !== 'wrong_pins') ||
    typeof job.at !== 'number' ||
    typeof job.userAgent !== 'string' ||
    typeof job.wrongPins !== 'number'
  ) {
    throw new Error("wasn't you job without its fields");
  }
  return job as WasntYouJob;
}
