import type { CredentialService, PasskeySummary } from '../webauthn/credential.service.ts';
import type { DeviceService, TrustedDeviceSummary } from '../device/device.service.ts';
import type { SessionService } from '../session/session.service.ts';

export type { PasskeySummary, TrustedDeviceSummary };

/**
 * What an account signs in with and where it is signed in: its passkeys, the devices it trusts
 * and its sessions, listed and revoked, in one place. The helpdesk's commands use it (a lost
 * phone: remove the passkey, revoke the device, end the sessions); nothing here knows HTTP.
 */
export class AccountSecurityService {
  constructor(
    private readonly deps: {
      passkeys: Pick<CredentialService, 'listForUser' | 'remove'>;
      devices: Pick<DeviceService, 'trustedDevices' | 'revokeTrust' | 'revokeAllTrust'>;
      sessions: Pick<SessionService, 'endAllForUser'>;
    },
  ) {}

  passkeys(userId: string): Promise<PasskeySummary[]> {
    return this.deps.passkeys.listForUser(userId);
  }

  /** The passkey stops signing in at once; false when the account has no such passkey. */
  removePasskey(userId: string, credentialId: string): Promise<boolean> {
    return this.deps.passkeys.remove(userId, credentialId);
  }

  trustedDevices(userId: string): Promise<TrustedDeviceSummary[]> {
    return this.deps.devices.trustedDevices(userId);
  }

  /** The device's next sign-in asks for a PIN again; false when the account did not trust it. */
  revokeTrustedDevice(userId: string, deviceId: string): Promise<boolean> {
    return this.deps.devices.revokeTrust(userId, deviceId);
  }

  /** Every device of the account asks for a PIN again; answers how many trusted it. */
  revokeAllTrustedDevices(userId: string): Promise<number> {
    return this.deps.devices.revokeAllTrust(userId);
  }

  /** Signs the account out everywhere; answers how many sessions ended. */
  endAllSessions(userId: string): Promise<number> {
    return this.deps.sessions.endAllForUser(userId);
  }
}
