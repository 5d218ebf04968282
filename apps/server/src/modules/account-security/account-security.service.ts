import {
  REAUTH_WINDOW_MS,
  isValidPasskeyName,
  type GetStructure,
  type SecurityOverviewAnswer,
  type WebauthnGetBody,
} from '@gatehouse/contract';
import type { HashAdmission, PasswordHasher } from '../../plugins/password-hasher.ts';
import { ACCOUNT_POLICY, type ThrottleService } from '../throttle/throttle.service.ts';
import type { CredentialService } from '../webauthn/credential.service.ts';
import type { DeviceService } from '../device/device.service.ts';
import type { ActiveSession, SessionService } from '../session/session.service.ts';
import type { SignInHistoryService } from './sign-in-history.service.ts';

/** What the page needs to know of the account (the user module's repository satisfies it). */
export interface SecurityUserLookup {
  findById(id: string): Promise<{ id: string; password_hash: string | null; disabled_at: number | null } | undefined>;
}

/** The passkey ceremony of sign-in (PasskeyService), limited to the account's own passkeys. */
export interface PasskeyCeremonies {
  reauthenticationOptions(binding: string, userId: string): Promise<GetStructure | null>;
  reauthenticate(input: {
    binding: string | null;
    body: WebauthnGetBody;
    userId: string;
    clientAddress: string;
  }): Promise<{ kind: 'ok' } | { kind: 'refused'; cause: string } | { kind: 'throttled'; retryAfterMs: number }>;
}

/** The caller: a signed-in session and, when the browser has one, its device. */
export interface Caller {
  userId: string;
  session: ActiveSession;
  deviceId: string | null;
}

/** Wrong re-authentication passwords are counted per account, apart from the login's count. */
export const reauthKey = (userId: string) => `reauth:${userId}`;

export type ReauthOutcome =
  { kind: 'ok' } | { kind: 'wrong'; cause?: string } | { kind: 'throttled'; retryAfterMs: number };
export type RemovalOutcome = 'removed' | 'reauth_required' | 'not_found';

type Overview = Required<Omit<SecurityOverviewAnswer, 'reasons' | 'detail'>>;

/**
 * The "Sign-in and security" page (docs/decisions/0114-security-page.md): what the account
 * signs in with and where it is signed in, through the modules that own the data; every change
 * is limited to the caller's own rows (another account's id changes nothing and answers false).
 */
export class AccountSecurityService {
  constructor(
    private readonly deps: {
      passkeys: CredentialService;
      devices: DeviceService;
      sessions: SessionService;
      history: SignInHistoryService;
      users: SecurityUserLookup;
      hasher: PasswordHasher;
      throttle: ThrottleService;
      ceremonies: PasskeyCeremonies;
      now: () => number;
    },
  ) {}

  /** Removing a passkey asks for the password again when the session's last proof is older than REAUTH_WINDOW_MS. */
  reauthRequired(session: ActiveSession): boolean {
    return session.authenticatedAt === null || this.deps.now() - session.authenticatedAt >= REAUTH_WINDOW_MS;
  }

  async overview(caller: Caller): Promise<Overview> {
    const { passkeys, devices, sessions, history } = this.deps;
    const [keys, trusted, live, signIns] = await Promise.all([
      passkeys.listForUser(caller.userId),
      devices.trustedDevices(caller.userId),
      sessions.signedInSessions(caller.userId),
      history.latest(caller.userId),
    ]);
    return {
      status: 'ok',
      passkeys: keys.map((key) => ({
        id: key.id,
        name: key.name,
        synced: key.synced,
        createdAt: key.createdAt,
        lastUsedAt: key.lastUsedAt,
      })),
      devices: trusted.map((device) => ({
        id: device.deviceId,
        name: device.name,
        trustedAt: device.trustedAt,
        lastUsedAt: device.lastSeenAt,
        current: device.deviceId === caller.deviceId,
      })),
      sessions: live.map((session) => ({
        id: session.publicId,
        userAgent: session.userAgent,
        signedInAt: session.signedInAt,
        lastActiveAt: session.lastSeenAt,
        current: session.idHash === caller.session.idHash,
      })),
      signIns: signIns.map((event) => ({
        at: event.at,
        method: event.method,
        userAgent: event.userAgent,
        thisDevice: event.deviceId !== null && event.deviceId === caller.deviceId,
      })),
      reauthRequired: this.reauthRequired(caller.session),
      // No passkey on a shared computer (docs/decisions/0116-shared-computer.md): the create call refuses it too.
      canAddPasskey: !caller.session.shared,
    };
  }

  /** False for a name out of bounds or a passkey that is not the caller's. */
  async renamePasskey(caller: Caller, id: string, name: string): Promise<boolean> {
    if (!isValidPasskeyName(name)) return false;
    return this.deps.passkeys.rename(caller.userId, id, name.trim());
  }

  async removePasskey(caller: Caller, id: string): Promise<RemovalOutcome> {
    if (this.reauthRequired(caller.session)) return 'reauth_required';
    return (await this.deps.passkeys.remove(caller.userId, id)) ? 'removed' : 'not_found';
  }

  /** The password again, counted under its own throttle key (ACCOUNT_POLICY); a success renews the session's proof. */
  async reauthenticate(caller: Caller, password: string, admission?: HashAdmission): Promise<ReauthOutcome> {
    const { users, hasher, throttle, sessions } = this.deps;
    const key = reauthKey(caller.userId);
    const retryAfterMs = await throttle.retryAfterMs([key]);
    if (retryAfterMs > 0) return { kind: 'throttled', retryAfterMs };
    const stored = (await users.findById(caller.userId))?.password_hash ?? null;
    const ok = stored
      ? await hasher.verify(stored, password, admission)
      : await hasher.verifyDummy(password, admission);
    if (!ok) {
      await throttle.recordFailure(key, ACCOUNT_POLICY);
      return { kind: 'wrong' };
    }
    await throttle.clear(key);
    await sessions.markAuthenticated(caller.session);
    return { kind: 'ok' };
  }

  /** Options to prove one of the caller's passkeys, bound to the browser's challenge cookie; null when they have none. */
  passkeyReauthOptions(caller: Caller, binding: string): Promise<GetStructure | null> {
    return this.deps.ceremonies.reauthenticationOptions(binding, caller.userId);
  }

  /** One of the caller's own passkeys, verified as at sign-in (its refusals count per address); a success renews the session's proof. */
  async reauthenticateWithPasskey(
    caller: Caller,
    input: { binding: string | null; body: WebauthnGetBody; clientAddress: string },
  ): Promise<ReauthOutcome> {
    const outcome = await this.deps.ceremonies.reauthenticate({ ...input, userId: caller.userId });
    if (outcome.kind === 'refused') return { kind: 'wrong', cause: outcome.cause };
    if (outcome.kind === 'throttled') return outcome;
    await this.deps.sessions.markAuthenticated(caller.session);
    return { kind: 'ok' };
  }

  /** False when the account does not trust that device. */
  revokeDevice(caller: Caller, deviceId: string): Promise<boolean> {
    return this.deps.devices.revokeTrust(caller.userId, deviceId);
  }

  revokeOtherDevices(caller: Caller): Promise<number> {
    return this.deps.devices.revokeAllTrustExcept(caller.userId, caller.deviceId);
  }

  /** False when the id names no other session of the account (this session is ended by signing out). */
  endSession(caller: Caller, publicId: string): Promise<boolean> {
    return this.deps.sessions.endOther(caller.userId, publicId, caller.session);
  }

  endOtherSessions(caller: Caller): Promise<number> {
    return this.deps.sessions.endAllOthers(caller.userId, caller.session);
  }
}
