import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { PIN_ALPHABET, PIN_LENGTH } from '@gatehouse/contract';
import type { Db } from '../../db/database.ts';
import { CleanUpSchedule } from '../../db/clean-up-schedule.ts';
import type { PinPurpose } from '../../db/schema.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { renderMail, type MailContext } from '../../mail/mail-template.ts';
import { pinCodeMail } from '../../mail/templates/pin-code.mail.ts';
import type { PinCodeRepository } from './pin-code.repository.ts';
import type { UserRepository, UserRow } from './user.repository.ts';

/** A PIN is valid for 10 minutes (docs/security.md, The e-mailed PIN). */
export const PIN_TTL_MS = 10 * 60_000;
const PIN_SALT_BYTES = 16;

export interface PinPolicy {
  /** Wrong PINs answered without a visible count. */
  silentAttempts: number;
  /** Wrong PINs in a row after which the account is blocked. */
  maxAttempts: number;
}

/** 6 characters from the unambiguous alphabet, each drawn from the CSPRNG without modulo bias. */
export function generatePin(): string {
  let pin = '';
  for (let i = 0; i < PIN_LENGTH; i++) pin += PIN_ALPHABET[randomInt(PIN_ALPHABET.length)];
  return pin;
}

/** HMAC-SHA-256 of the upper-case PIN keyed with its own salt (hex). */
export function hashPin(pin: string, saltHex: string): string {
  return createHmac('sha256', Buffer.from(saltHex, 'hex')).update(pin.trim().toUpperCase()).digest('hex');
}

export type PinCheck =
  | { kind: 'ok'; purpose: PinPurpose; deviceId: string | null }
  /** `failures`: the wrong PINs in a row, this one included. */
  | { kind: 'wrong'; failures: number }
  /** No PIN for this session, or it expired, or it was used. No attempt is spent. */
  | { kind: 'missing' }
  /** The attempts ran out: the account is blocked. `failures` when this guess was counted (the last attempt), else null. */
  | { kind: 'blocked'; failures: number | null };

/** A stored PIN's mail, not sent yet (PinCodeService.store). */
export interface PinMail {
  readonly message: ReturnType<typeof renderMail>;
}

export interface RemainingAttempts {
  remaining: number;
  silentRemaining: number;
}

/**
 * PINs of the second factor (docs/decisions/0111-pin-codes.md): one per password-level
 * session, stored only as an HMAC, single use, 10 minutes; wrong PINs counted per account
 * in the database and consumed atomically.
 */
export class PinCodeService {
  private readonly cleanUp = new CleanUpSchedule();

  constructor(
    private readonly repository: PinCodeRepository,
    private readonly users: UserRepository,
    private readonly mailer: Mailer,
    private readonly mailContext: MailContext,
    private readonly now: () => number,
    private readonly policy: PinPolicy,
  ) {}

  /**
   * Runs `work` in one database transaction, opened by the PIN repository: the PIN step writes its
   * session and its PIN together (`store(…, db)` and the session's rotation take the `db` it is given).
   */
  transaction<T>(work: (db: Db) => Promise<T>): Promise<T> {
    return this.repository.transaction(work);
  }

  /**
   * Stores a new PIN for the session, inside the caller's transaction when `db` is one, and answers
   * the mail that carries it: `send` it once the transaction is committed (a mail is never sent for
   * a PIN that was not stored, and no transaction waits on the mail server).
   */
  async store(
    user: UserRow,
    sessionIdHash: string,
    purpose: PinPurpose,
    deviceId: string | null,
    db?: Db,
  ): Promise<PinMail> {
    const repository = db ? this.repository.within(db) : this.repository;
    const pin = generatePin();
    const salt = randomBytes(PIN_SALT_BYTES).toString('hex');
    const now = this.now();
    if (this.cleanUp.due(now)) await repository.deleteExpired(now);
    await repository.insert({
      session_id_hash: sessionIdHash,
      user_id: user.id,
      code_hash: hashPin(pin, salt),
      salt,
      purpose,
      device_id: deviceId,
      created_at: now,
      expires_at: now + PIN_TTL_MS,
      used_at: null,
    });
    return {
      message: renderMail(pinCodeMail, {
        to: user.email,
        language: user.language,
        params: { pin, firstName: user.first_name, validMinutes: PIN_TTL_MS / 60_000 },
        context: this.mailContext,
      }),
    };
  }

  /** Mails a stored PIN; a mail failure throws MailDeliveryError. */
  async send(mail: PinMail): Promise<void> {
    await this.mailer.send(mail.message);
  }

  async remainingAttempts(userId: string): Promise<RemainingAttempts> {
    const failures = await this.repository.failures(userId);
    return {
      remaining: Math.max(0, this.policy.maxAttempts - failures),
      silentRemaining: Math.max(0, this.policy.silentAttempts - failures),
    };
  }

  /** The purpose of the session's PIN while it can still be entered (unused, unexpired, this user's), else null. */
  async livePurpose(sessionIdHash: string, userId: string): Promise<PinPurpose | null> {
    const row = await this.repository.findForSession(sessionIdHash);
    return row && row.user_id === userId && row.used_at === null && this.now() < row.expires_at ? row.purpose : null;
  }

  async check(sessionIdHash: string, userId: string, input: string): Promise<PinCheck> {
    const now = this.now();
    const row = await this.repository.findForSession(sessionIdHash);
    if (!row || row.user_id !== userId || row.used_at !== null || now >= row.expires_at) return { kind: 'missing' };

    // The attempt is taken before the comparison: a guess that finds no attempt left is never compared.
    const failures = await this.repository.takeAttempt(userId, this.policy.maxAttempts, now);
    if (failures === null) {
      await this.users.block(userId, now);
      return { kind: 'blocked', failures: null };
    }
    const expected = Buffer.from(row.code_hash, 'hex');
    const actual = Buffer.from(hashPin(input, row.salt), 'hex');
    if (timingSafeEqual(expected, actual)) {
      // Single use: of two right answers at once, one wins. The attempt taken is given back by the sign-in.
      return (await this.repository.markUsed(sessionIdHash, now))
        ? { kind: 'ok', purpose: row.purpose, deviceId: row.device_id }
        : { kind: 'missing' };
    }
    if (failures >= this.policy.maxAttempts) {
      await this.users.block(userId, now);
      return { kind: 'blocked', failures };
    }
    return { kind: 'wrong', failures };
  }

  /**
   * Uses up the session's skippable recheck PIN while it is live (as `livePurpose` sees it); the
   * trusted device's id, or null when this session may not skip.
   */
  async claimSkip(sessionIdHash: string, userId: string): Promise<string | null> {
    const row = await this.repository.findForSession(sessionIdHash);
    const now = this.now();
    if (
      !row ||
      row.user_id !== userId ||
      row.purpose !== 'recheck' ||
      row.used_at !== null ||
      row.device_id === null ||
      now >= row.expires_at
    )
      return null;
    return (await this.repository.markUsed(sessionIdHash, now)) ? row.device_id : null;
  }
}
