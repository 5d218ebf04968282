import { couldBePin, type LoginStatus, type Reason } from '@gatehouse/contract';
import type { PinPurpose } from '../../db/schema.ts';
import { MailDeliveryError } from '../../mail/mailer.ts';
import type { DeviceService } from '../device/device.service.ts';
import type { ActiveSession } from '../session/session.service.ts';
import type { PinCodeService } from './pin-code.service.ts';
import type { SignInService, Visit } from './sign-in.service.ts';
import type { UserRepository, UserRow } from './user.repository.ts';

/** `email`: the account's address as stored, once the password is proven (the PIN page shows it; docs/decisions/0100). */
export type StepAnswer = { status: 'ok' | 'failed' | LoginStatus; reasons?: Reason[]; email?: string };

/** The app's PIN form for each purpose (its names for the login statuses below). */
export type PinVariant = 'signIn' | 'recheckOptional' | 'recheckMandatory';
const VARIANT_OF: Record<PinPurpose, PinVariant> = {
  sign_in: 'signIn',
  recheck: 'recheckOptional',
  recheck_mandatory: 'recheckMandatory',
};

const STATUS_OF: Record<PinPurpose, LoginStatus> = {
  sign_in: 'requested_pin_code',
  recheck: 'pin_code_recheck_required',
  recheck_mandatory: 'pin_code_recheck_mandatory',
};

/** Told about every wrong PIN with the count in a row (the "Wasn't you?" mail, docs/decisions/0115-wasnt-you-mail.md). */
export interface WrongPinAlerts {
  wrongPin(userId: string, failures: number, userAgent: string | undefined): Promise<void>;
}

const failed = (reason: Reason): StepAnswer => ({ status: 'failed', reasons: [reason] });

/**
 * The step after a correct password (docs/decisions/0111-pin-codes.md): a trusted device
 * within its recheck period signs in; anything else gets a PIN by mail and a session at
 * level `password` bound to the user, until the PIN passes (or a recheck is skipped once).
 */
export class SecondFactorService {
  constructor(
    private readonly devices: DeviceService,
    private readonly pins: PinCodeService,
    private readonly signIn: SignInService,
    private readonly users: UserRepository,
    private readonly alerts?: WrongPinAlerts,
  ) {}

  /** `shared`: "this is a shared or public computer" was chosen (docs/decisions/0116-shared-computer.md). */
  async afterPassword(visit: Visit, user: UserRow, shared = false): Promise<StepAnswer> {
    const trust = await this.devices.trustState(visit.deviceToken, user.id);
    if (trust.kind === 'trusted') {
      await this.signIn.complete(visit, user.id, 'password_trusted_device', shared);
      return { status: 'ok' };
    }
    const purpose: PinPurpose = trust.kind === 'untrusted' ? 'sign_in' : trust.kind;
    // The password-level session and its PIN are written in one transaction: one commit (one
    // flush to disk) per login instead of two (docs/decisions/0164-hot-paths-and-overload.md).
    // The cookie and the mail follow the commit; no transaction waits on the mail server.
    const previous = await visit.currentSession();
    const { commit, mail } = await this.pins.transaction(async (trx) => {
      const rotation = await visit.prepareRotation(previous, user.id, 'password', shared, trx);
      return {
        commit: rotation.commit,
        mail: await this.pins.store(user, rotation.session.idHash, purpose, trust.deviceId, trx),
      };
    });
    commit();
    try {
      await this.pins.send(mail);
    } catch (error) {
      if (!(error instanceof MailDeliveryError)) throw error;
      // Nobody stays half signed in, and no attempt was spent: the user may simply try again.
      visit.log.warn({ err: { type: error.name, message: error.message } }, 'PIN mail could not be sent');
      await visit.endSession();
      return failed('pin_code_mail_failed');
    }
    return { status: STATUS_OF[purpose], email: user.email };
  }

  /** The password-level session's user, or null (then the client goes back to sign-in). */
  private async pendingUser(session: ActiveSession | null): Promise<{ sessionIdHash: string; user: UserRow } | null> {
    if (!session || session.level !== 'password' || !session.userId) return null;
    const user = await this.users.findById(session.userId);
    return user ? { sessionIdHash: session.idHash, user } : null;
  }

  /**
   * The PIN step this session is in: its account's e-mail and the form the app shows for the PIN's
   * purpose (the same as the login's answer said), or null when no PIN can be entered now.
   */
  async pendingStep(session: ActiveSession | null): Promise<{ email: string; variant: PinVariant } | null> {
    const pending = await this.pendingUser(session);
    if (!pending) return null;
    const purpose = await this.pins.livePurpose(pending.sessionIdHash, pending.user.id);
    return purpose === null ? null : { email: pending.user.email, variant: VARIANT_OF[purpose] };
  }

  async attempts(session: ActiveSession | null) {
    const pending = await this.pendingUser(session);
    if (!pending)
      return {
        ...failed('credentials_required'),
        pin_code_remaining_attempts: 0,
        pin_code_remaining_silent_attempts: 0,
      };
    const { remaining, silentRemaining } = await this.pins.remainingAttempts(pending.user.id);
    return {
      status: 'ok',
      pin_code_remaining_attempts: remaining,
      pin_code_remaining_silent_attempts: silentRemaining,
    };
  }

  async submitPin(visit: Visit, pin: string): Promise<StepAnswer> {
    const pending = await this.pendingUser(await visit.currentSession());
    if (!pending) return failed('credentials_required');
    if (pin.trim().length === 0) return failed('pin_code_required');
    const refusal = await this.refuseAccount(visit, pending.user);
    if (refusal) return refusal;
    // Too short, too long, or a character no PIN has (a slip, Enter pressed too early): it cannot be
    // right, so it is not compared and costs no attempt.
    if (!couldBePin(pin)) return failed('wrong_pin_code');

    const check = await this.pins.check(pending.sessionIdHash, pending.user.id, pin);
    switch (check.kind) {
      case 'ok':
        if (check.purpose !== 'sign_in' && check.deviceId)
          await this.devices.markPinChecked(check.deviceId, pending.user.id);
        await this.signIn.complete(visit, pending.user.id, 'password_pin');
        return { status: 'ok' };
      case 'wrong':
        await this.alerts?.wrongPin(pending.user.id, check.failures, visit.userAgent);
        return failed('wrong_pin_code');
      case 'missing': {
        // The PIN goes with its session: a guess sent at the same time may have used the last
        // attempt and blocked the account since this request began. The account is read again
        // (the session is this request's copy), so a blocked account is answered as such.
        const now = await this.pendingUser(await visit.currentSession());
        if (!now) return failed('credentials_required');
        return (await this.refuseAccount(visit, now.user)) ?? failed('missing_pin_code');
      }
      case 'blocked':
        if (check.failures !== null) await this.alerts?.wrongPin(pending.user.id, check.failures, visit.userAgent);
        await visit.endSession();
        return failed('blocked');
      default:
        return check satisfies never;
    }
  }

  async skipRecheck(visit: Visit): Promise<StepAnswer> {
    const pending = await this.pendingUser(await visit.currentSession());
    if (!pending) return failed('credentials_required');
    const refusal = await this.refuseAccount(visit, pending.user);
    if (refusal) return failed('credentials_required');
    const deviceId = await this.pins.claimSkip(pending.sessionIdHash, pending.user.id);
    if (!deviceId || !(await this.devices.markRecheckSkipped(deviceId, pending.user.id)))
      return failed('credentials_required');
    // The password on a trusted device whose periodic check was put off once.
    await this.signIn.complete(visit, pending.user.id, 'password_trusted_device');
    return { status: 'ok' };
  }

  /** An account disabled or blocked since the password step ends the sign-in under way. */
  private async refuseAccount(visit: Visit, user: UserRow): Promise<StepAnswer | null> {
    if (user.disabled_at === null && user.blocked_at === null) return null;
    await visit.endSession();
    return failed(user.disabled_at !== null ? 'credentials_required' : 'blocked');
  }
}
