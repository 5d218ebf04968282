import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SignInMethod } from '../../db/schema.ts';
import type { Sessions } from '../session/session.module.ts';
import { userAgentOf } from '../../plugins/user-agent.ts';
import type { DeviceService } from '../device/device.service.ts';
import type { PinCodeRepository } from './pin-code.repository.ts';

/** Where completed sign-ins are recorded (the account-security module's history). */
export interface SignInRecorder {
  record(userId: string, method: SignInMethod, details: { userAgent: string | null; deviceId: string | null }): Promise<void>;
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
    private readonly sessions: Sessions,
    private readonly devices: DeviceService,
    private readonly pinCodes: PinCodeRepository,
    private readonly history: SignInRecorder,
    private readonly alerts?: NewDeviceAlerts,
  ) {}

  /** `shared`: the sign-in's own choice (password step, passkey); by default the session's so far. */
  async complete(request: FastifyRequest, reply: FastifyReply, userId: string, method: SignInMethod, shared?: boolean): Promise<void> {
    const session = await this.sessions.rotate(request, reply, userId, 'signed_in', shared);
    const deviceId = await this.devices.ensure(request, reply);
    const device = await this.devices.recordSignIn(deviceId, userId);
    if (!session.shared) await this.devices.rememberAccount(deviceId, userId);
    await this.pinCodes.resetAttempts(userId);
    await this.history.record(userId, method, { userAgent: userAgentOf(request), deviceId });
    // Not on the account's first sign-in ever: there is nothing to compare with (0115).
    if (device === 'new') await this.alerts?.newDeviceSignIn(userId, request.headers['user-agent']);
  }
}
