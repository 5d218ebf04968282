import { isNonEmptyText, isValidEmail, normalizeEmail, type Reason, type ReasonDetail } from '@gatehouse/contract';
import { resetLinkMinutes } from '../../config/config.ts';
import type { Db } from '../../db/database.ts';
import type { TokenPurpose } from '../../db/schema.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { renderMail, type MailContext } from '../../mail/mail-template.ts';
import { resetPasswordMail } from '../../mail/templates/reset-password.mail.ts';
import type { HashAdmission, PasswordHasher } from '../../plugins/password-hasher.ts';
import type { DeviceService } from '../device/device.service.ts';
import type { SessionService } from '../session/session.service.ts';
import { accountKey, addressKey, type ThrottlePolicy, type ThrottleService } from '../throttle/throttle.service.ts';
import type { AccountDetails, AccountService } from '../user/account.service.ts';
import type { Outbox } from '../../outbox/outbox.ts';
import type { InvitationService } from './invitation.service.ts';
import { checkPasswordChoice } from './password-choice.ts';
import type { TokenService } from './token.service.ts';

export const RESET_PASSWORD_PATH = '/signin/reset-password';

/** The links GET /api/token/info answers for. */
const LINK_PURPOSES: readonly TokenPurpose[] = ['reset', 'invitation'];

/**
 * Forgot-password requests per e-mail (known or not): 3 mails, then a wait of 20 minutes doubling
 * to an hour. Over the limit the answer is still `ok` and nothing is sent (no mail bombing).
 */
export const FORGOT_EMAIL_POLICY: ThrottlePolicy = {
  windowMs: 60 * 60_000,
  freeFailures: 3,
  baseDelayMs: 20 * 60_000,
  maxDelayMs: 60 * 60_000,
  hardStopFailures: 1_000,
  hardStopMs: 60 * 60_000,
};

/** Forgot-password requests per client address: 20 in 15 minutes, then 429 with Retry-After. */
export const FORGOT_ADDRESS_POLICY: ThrottlePolicy = {
  windowMs: 15 * 60_000,
  freeFailures: 20,
  baseDelayMs: 60_000,
  maxDelayMs: 15 * 60_000,
  hardStopFailures: 100,
  hardStopMs: 60 * 60_000,
};

/** The outbox job forgot password queues: only the request (the token is made when the mail is). */
export const FORGOT_PASSWORD_JOB = 'forgot_password';
export interface ForgotPasswordJob {
  /** Normalised e-mail as typed (known or not). */
  email: string;
}

export const forgotEmailKey = (normalizedEmail: string) => `forgot-email:${normalizedEmail}`;
/** A reset's comparisons with the account's current password, counted per account. */
export const currentPasswordCheckKey = (userId: string) => `reset-current-password:${userId}`;
/**
 * At most this many comparisons an hour: a person told twice that this is their password now is
 * not told a third time; requests sent at once with one link cannot try more guesses than that.
 */
const CURRENT_PASSWORD_CHECKS = { max: 3, windowMs: 60 * 60_000 };
export const forgotAddressKey = (ip: string) => `forgot-${addressKey(ip)}`;

export type ForgotOutcome =
  { kind: 'ok' } | { kind: 'failed'; reasons: Reason[] } | { kind: 'throttled'; retryAfterMs: number };

export type SetPasswordOutcome =
  { kind: 'ok'; userId: string } | { kind: 'failed'; reasons: Reason[]; detail?: ReasonDetail };

export interface SetPasswordInput {
  token: string;
  password: string;
  password2: string;
  /** The request's place in the hasher (docs/decisions/0164-hot-paths-and-overload.md). */
  admission?: HashAdmission;
}

export interface RecoveryDeps {
  accounts: Pick<AccountService, 'findByEmail' | 'findById' | 'setPasswordFromLink' | 'hasPassword'>;
  tokens: TokenService;
  invitations: Pick<InvitationService, 'send'>;
  hasher: PasswordHasher;
  throttle: ThrottleService;
  sessions: Pick<SessionService, 'endAllForUser'>;
  devices: Pick<DeviceService, 'revokeAllTrust'>;
  mailer: Mailer;
  mailContext: MailContext;
  /** Where forgot password queues its mail (docs/decisions/0162-outbox.md). */
  outbox: Pick<Outbox, 'enqueue'>;
  resetTokenTtlMs: number;
  /** Where a skipped or failed delivery is noted (never with the token or the address). */
  log: { info(object: object, message: string): void };
}

/**
 * Forgot password, reset password and registration (docs/decisions/0130-recovery-tokens.md).
 */
export class RecoveryService {
  constructor(private readonly deps: RecoveryDeps) {}

  /**
   * Answers before any account is looked up: the request only queues a job (one insert into the
   * outbox, the same work for every address), and the look-up, the token and the mail happen
   * after the answer, so known, unknown, disabled and invited e-mails (and a broken mail server)
   * give the same answer after the same work, with the same log lines.
   */
  async forgotPassword(email: string, clientAddress: string): Promise<ForgotOutcome> {
    if (!isNonEmptyText(email)) return { kind: 'failed', reasons: ['missing_email'] };
    if (!isValidEmail(email)) return { kind: 'failed', reasons: ['incorrect_email'] };
    const { throttle } = this.deps;
    const addressRetryMs = await throttle.retryAfterMs([forgotAddressKey(clientAddress)]);
    if (addressRetryMs > 0) return { kind: 'throttled', retryAfterMs: addressRetryMs };
    await throttle.recordFailure(forgotAddressKey(clientAddress), FORGOT_ADDRESS_POLICY);
    const job: ForgotPasswordJob = { email: normalizeEmail(email) };
    await this.deps.outbox.enqueue(FORGOT_PASSWORD_JOB, job);
    return { kind: 'ok' };
  }

  /**
   * For GET /api/token/info: the account's e-mail when the token is live (the new-password page names
   * the account; the link went to that address), else the reason.
   */
  async checkLink(
    token: string | undefined,
  ): Promise<{ kind: 'ok'; email: string } | { kind: 'failed'; reason: 'missing_token' | 'wrong_token' }> {
    if (!isNonEmptyText(token)) return { kind: 'failed', reason: 'missing_token' };
    // The provider's call knows reset and invitation links; a "Wasn't you?" link has its own check (0115).
    const account = await this.liveToken(token.trim(), LINK_PURPOSES);
    return account ? { kind: 'ok', email: account.email } : { kind: 'failed', reason: 'wrong_token' };
  }

  /**
   * POST /api/user/resetpassword: in one transaction the token is spent, the new password written,
   * the account unblocked, every session ended, every trusted device revoked and the login
   * throttle cleared — or, on any failure, none of it (the link still works).
   * The account's current password is refused (`weak_password`, detail `current_password`): a
   * reset, above all one after "Secure my account", is there so that the old password stops
   * working (docs/decisions/0130-recovery-tokens.md).
   */
  resetPassword(input: SetPasswordInput): Promise<SetPasswordOutcome> {
    return this.setPassword('reset', input, async (db, userId) => {
      await this.deps.sessions.endAllForUser(userId, db);
      await this.deps.devices.revokeAllTrust(userId, db);
    });
  }

  /** POST /api/user/register: the first password; the e-mail becomes verified. The route then signs the user in. */
  register(input: SetPasswordInput): Promise<SetPasswordOutcome> {
    return this.setPassword('invitation', input, async () => {});
  }

  /**
   * Checks everything before anything changes (a refused request leaves the token usable), then
   * hashes, then — in one transaction — consumes the token (of concurrent uses exactly one goes
   * on), writes the password and does `more`. A failure anywhere rolls all of it back.
   */
  private async setPassword(
    purpose: TokenPurpose,
    input: SetPasswordInput,
    more: (db: Db, userId: string) => Promise<void>,
  ): Promise<SetPasswordOutcome> {
    if (!isNonEmptyText(input.token)) return { kind: 'failed', reasons: ['missing_token'] };
    const token = input.token.trim();
    const live = await this.liveToken(token, [purpose]);
    if (!live) return { kind: 'failed', reasons: ['wrong_token'] };
    const problem = checkPasswordChoice(input.password, input.password2);
    if (problem) return { kind: 'failed', ...problem };
    if (purpose === 'reset' && (await this.isCurrentPassword(live.id, input))) {
      return { kind: 'failed', reasons: ['weak_password'], detail: 'current_password' };
    }
    const passwordHash = await this.deps.hasher.hash(input.password, input.admission);
    const userId = await this.deps.tokens.consumeWith(token, purpose, async (db, owner) => {
      await this.deps.accounts.setPasswordFromLink(owner, passwordHash, db);
      await more(db, owner);
      // The new password is proven by the mailbox: start the account's login throttle again (0101).
      await this.deps.throttle.clear(accountKey(live.email), db);
    });
    if (!userId) return { kind: 'failed', reasons: ['wrong_token'] };
    return { kind: 'ok', userId };
  }

  /**
   * Whether a reset's new password is the account's current one. Compared at most
   * CURRENT_PASSWORD_CHECKS.max times an hour per account (counted before the comparison, so that
   * requests sent at once count too); past that the reset goes on without asking, and the check
   * cannot serve to try guesses of the old password (docs/decisions/0130-recovery-tokens.md).
   */
  private async isCurrentPassword(userId: string, input: SetPasswordInput): Promise<boolean> {
    const { max, windowMs } = CURRENT_PASSWORD_CHECKS;
    if ((await this.deps.throttle.countUse(currentPasswordCheckKey(userId), windowMs)) > max) return false;
    return this.deps.accounts.hasPassword({ id: userId }, input.password, input.admission);
  }

  /** A live token of one of the purposes whose account is not disabled. */
  private async liveToken(token: string, purposes: readonly TokenPurpose[]): Promise<AccountDetails | null> {
    const live = await this.deps.tokens.find(token);
    if (!live || !purposes.includes(live.purpose)) return null;
    const account = await this.deps.accounts.findById(live.userId);
    if (!account || account.state === 'disabled') return null;
    return account;
  }

  /**
   * The outbox job of forgot password, run after the answer: throttle per e-mail (on the first
   * attempt only: a retry is the same request), then a reset link, or a fresh invitation, or
   * nothing. Throws when the mail is not accepted, so that the outbox tries again later (with a
   * new token: the one of a failed attempt never left the server).
   */
  async deliverLink(payload: unknown, attempt: number): Promise<void> {
    const { throttle, accounts, log } = this.deps;
    const normalizedEmail = (payload as Partial<ForgotPasswordJob> | null)?.email;
    if (typeof normalizedEmail !== 'string') throw new Error('forgot password job without an e-mail');
    const key = forgotEmailKey(normalizedEmail);
    if (attempt === 1) {
      if ((await throttle.retryAfterMs([key])) > 0) {
        log.info({ event: 'forgot_password_email_limit' }, 'forgot password: e-mail limit reached, nothing sent');
        return;
      }
      await throttle.recordFailure(key, FORGOT_EMAIL_POLICY);
    }
    const account = await accounts.findByEmail(normalizedEmail);
    if (!account || account.state === 'disabled') {
      log.info({ event: 'forgot_password_nothing_sent' }, 'forgot password: no active account, nothing sent');
      return;
    }
    if (account.state === 'invited') {
      await this.deps.invitations.send(account);
      log.info(
        { event: 'forgot_password_invitation_sent', userId: account.id },
        'forgot password: fresh invitation sent',
      );
      return;
    }
    const { token } = await this.deps.tokens.issue(account.id, 'reset');
    const message = renderMail(resetPasswordMail, {
      to: account.email,
      language: account.language,
      params: {
        firstName: account.firstName,
        email: account.email,
        token,
        validMinutes: resetLinkMinutes(this.deps),
      },
      context: this.deps.mailContext,
    });
    await this.deps.mailer.send(message);
    log.info({ event: 'forgot_password_reset_sent', userId: account.id }, 'forgot password: reset link sent');
  }
}
