import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SignInMethod } from '../../db/schema.ts';
import type { SessionAccess } from '../../plugins/session.plugin.ts';
import { userAgentOf } from '../../plugins/user-agent.ts';
import type { DeviceService } from '../device/device.service.ts';
import type { PinCodeRepository } from './pin-code.repository.ts';

/** Where completed sign-ins are recorded (the account-security module's history). */
export interface SignInRecorder {
  record(userId: string, method: SignInMethod, details: { userAgent: string | null; deviceId: string | null }): Promise<void>;
}

/**
 * The one place a sign-in completes (password + PIN, trusted device, skipped recheck,
 * passkey, registration): the session rotates to `signed_in` with a new id, the device
 * gets its cookie if it has none, the account joins this device's remembered accounts,
 * the account's wrong-PIN count starts again, and the sign-in is recorded for the account's
 * "Sign-in and security" page (docs/decisions/0114-security-page.md).
 *
 * The caller has already proven who the user is and checked the account (not disabled,
 * not blocked, e-mail verified): complete() does not check again.
 */
export class SignInService {
  constructor(
    private readonly sessions: SessionAccess,
    private readonly devices: DeviceService,
    private readonly pinCodes: PinCodeRepository,
    private readonly history: SignInRecorder,
  ) {}

  async complete(request: FastifyRequest, reply: FastifyReply, userId: string, method: SignInMethod): Promise<void> {
    await this.sessions.rotate(request, reply, userId, 'signed_in');
    const deviceId = await this.devices.ensure(request, reply);
    await this.devices.rememberAccount(deviceId, userId);
    await this.pinCodes.resetAttempts(userId);
    await this.history.record(userId, method, { userAgent: userAgentOf(request), deviceId });
  }
}
