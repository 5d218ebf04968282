import type { Db } from '../../db/database.ts';
import type { SessionLevel, SignInMethod } from '../../db/schema.ts';
import { keptUserAgent } from '../../plugins/user-agent.ts';
import type { DeviceService } from '../device/device.service.ts';
import type { ActiveSession } from '../session/session.service.ts';
import type { PinCodeRepository } from './pin-code.repository.ts';

/**
 * What a sign-in step needs of the browser's visit, as plain values and actions: the route builds
 * it from its request (browser-visit.ts), so that the services never see HTTP, cookies or Fastify
 * (docs/decisions/0165-server-module-form.md). Each action takes effect at once, as the step goes.
 */
export interface Visit {
  /** The visit's session, read once per request. */
  currentSession(): Promise<ActiveSession | null>;
  /** The device cookie's token as the browser sent it, if any. */
  readonly deviceToken: string | undefined;
  /** The User-Agent header as sent. */
  readonly userAgent: string | undefined;
  /** Moves the visit to a new session at `level` (a new id; `shared`: see SessionService.rotate). */
  rotateSession(userId: string | null, level: SessionLevel, shared?: boolean): Promise<ActiveSession>;
  /**
   * The rotation's rows inside the caller's transaction `db`; `commit` gives the browser the new
   * session once the transaction is committed. `previous` is `currentSession()`, read before it began.
   */
  prepareRotation(
    previous: ActiveSession | null,
    userId: string | null,
    level: SessionLevel,
    shared: boolean | undefined,
    db: Db,
  ): Promise<{ session: ActiveSession; commit: () => void }>;
  /** Ends the visit's session; the browser forgets it. */
  endSession(): Promise<void>;
  /** The device token the browser must now hold (from DeviceService.ensure). */
  keepDeviceToken(token: string): void;
  /** The request's log. */
  readonly log: { warn(details: object, message: string): void };
}

/** Where completed sign-ins are recorded (the account-security module's history). */
export interface SignInRecorder {
  record(
    userId: string,
    method: SignInMethod,
    details: { userAgent: string | null; deviceId: string | null },
  ): Promise<void>;
}

/** Told about a sign-in from a device new to the account (the "Wasn't you?" mail, docs/decisions/0115-wasnt-you-mail.md). */
export interface NewDeviceAlerts {
  newDeviceSignIn(userId: string, userAgent: string | undefined): Promise<void>;
}

/**
 * The one place a sign-in completes (password + PIN, trusted device, skipped recheck,
 * passkey, registration): the session rotates to `signed_in` with a new id, the device
 * gets its cookie if it has none, the account joins this device's remembered accounts,
 * the account's wrong-PIN count starts again, the sign-in is recorded for the account's
 * "Sign-in and security" page (docs/decisions/0114-security-page.md), and a device new to the
 * account queues the "Wasn't you?" mail. A shared-computer sign-in
 * (docs/decisions/0116-shared-computer.md) is not remembered on the device (it is still known to
 * the account, and new to it the first time).
 *
 * The caller has already proven who the user is and checked the account (not disabled,
 * not blocked, e-mail verified): complete() does not check again.
 */
export class SignInService {
  constructor(
    private readonly devices: DeviceService,
    private readonly pinCodes: PinCodeRepository,
    private readonly history: SignInRecorder,
    private readonly alerts?: NewDeviceAlerts,
  ) {}

  /** `shared`: the sign-in's own choice (password step, passkey); by default the session's so far. */
  async complete(visit: Visit, userId: string, method: SignInMethod, shared?: boolean): Promise<void> {
    const session = await visit.rotateSession(userId, 'signed_in', shared);
    const { deviceId, token } = await this.devices.ensure(visit.deviceToken);
    visit.keepDeviceToken(token);
    const device = await this.devices.recordSignIn(deviceId, userId);
    await this.devices.accountSignedIn(deviceId, userId, !session.shared);
    await this.pinCodes.resetAttempts(userId);
    await this.history.record(userId, method, { userAgent: keptUserAgent(visit.userAgent), deviceId });
    // Not on the account's first sign-in ever: there is nothing to compare with (0115).
    if (device === 'new') await this.alerts?.newDeviceSignIn(userId, visit.userAgent);
  }
}
