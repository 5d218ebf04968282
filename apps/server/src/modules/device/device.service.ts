import { randomBytes, randomUUID } from 'node:crypto';
import type { DeviceUser } from '@gatehouse/contract';
import type { Config } from '../../config/config.ts';
import type { Db } from '../../db/database.ts';
import type { DeviceRepository } from './device.repository.ts';
import { sha256Hex } from '../../plugins/secret-hash.ts';

/** 32 random bytes in the cookie; only the SHA-256 is stored. */
const DEVICE_TOKEN_BYTES = 32;

export function hashDeviceToken(token: string): string {
  return sha256Hex(token);
}

/** Whether a PIN is needed for this account on this device (docs/decisions/0112-devices.md). */
export type DeviceTrust =
  | { kind: 'untrusted'; deviceId: string | null }
  /** Trusted and within the recheck period: no PIN. */
  | { kind: 'trusted'; deviceId: string }
  /** Trusted, period over, the one skip still available. */
  | { kind: 'recheck'; deviceId: string }
  /** Trusted, period over, the skip used at the last sign-in. */
  | { kind: 'recheck_mandatory'; deviceId: string };

/**
 * The device cookie: one random long-lived id per browser. It keys the remembered
 * accounts (every account that completed a sign-in here) and the trusted-device
 * records (accounts that chose to skip the PIN here until the recheck period).
 */
/** A device an account trusts (no PIN at sign-in until the periodic check), as its owner and the helpdesk see it. */
export interface TrustedDeviceSummary {
  deviceId: string;
  /** The browser and system it was trusted from, as the app named it then. */
  name: string;
  trustedAt: number;
  /** The last PIN passed on it (the periodic check counts from here). */
  pinCheckedAt: number;
  lastSeenAt: number;
}

/**
 * Devices, keyed by the device cookie's token. No HTTP here: the routes read the cookie and give
 * its token (undefined when the browser sent none), and set the token `ensure` answers
 * (device.cookie.ts).
 */
export class DeviceService {
  private readonly recheckAfterMs: number;
  private readonly rememberedAccountMs: number;

  constructor(
    private readonly repository: DeviceRepository,
    private readonly now: () => number,
    config: Pick<Config, 'recheckAfterMs' | 'rememberedAccountMs'>,
  ) {
    this.recheckAfterMs = config.recheckAfterMs;
    this.rememberedAccountMs = config.rememberedAccountMs;
  }

  /** The id of the device whose cookie holds `token`, or null when there is none (or it is unknown). */
  async identify(token: string | undefined): Promise<string | null> {
    if (!token || token.length > 128) return null;
    return (await this.repository.findByTokenHash(hashDeviceToken(token)))?.id ?? null;
  }

  /**
   * The device id, creating the device when the cookie's `token` names none; answers the token the
   * cookie must now hold, for the caller to set at once (an existing cookie gets its full lifetime again).
   */
  async ensure(token: string | undefined): Promise<{ deviceId: string; token: string }> {
    const now = this.now();
    const known =
      token && token.length <= 128 ? await this.repository.findByTokenHash(hashDeviceToken(token)) : undefined;
    if (known && token) {
      await this.repository.touch(known.id, now);
      return { deviceId: known.id, token };
    }
    const fresh = randomBytes(DEVICE_TOKEN_BYTES).toString('base64url');
    const id = randomUUID();
    await this.repository.insert({ id, token_hash: hashDeviceToken(fresh), created_at: now, last_seen_at: now });
    return { deviceId: id, token: fresh };
  }

  /**
   * A sign-in on the device: the account is remembered there unless the sign-in is a shared
   * computer's, and in either case the device's accounts that have not signed in there within
   * REMEMBERED_ACCOUNT_DAYS are forgotten: the clean-up is done where a sign-in writes anyway, so
   * that reading the list (every page view) writes nothing.
   */
  async accountSignedIn(deviceId: string, userId: string, remember: boolean): Promise<void> {
    const now = this.now();
    if (remember) await this.repository.rememberAccount(deviceId, userId, now);
    await this.repository.forgetAccountsBefore(deviceId, now - this.rememberedAccountMs);
  }

  /**
   * Accounts that completed a sign-in on this device within REMEMBERED_ACCOUNT_DAYS, most recent
   * first; none without a device cookie. Older ones are not offered (a shared computer does not
   * keep offering a patient who stopped using it); their rows go at the device's next sign-in.
   */
  async rememberedAccounts(token: string | undefined): Promise<DeviceUser[]> {
    const deviceId = await this.identify(token);
    return deviceId ? this.accountsOf(deviceId) : [];
  }

  private async accountsOf(deviceId: string): Promise<DeviceUser[]> {
    const since = this.now() - this.rememberedAccountMs;
    return (await this.repository.rememberedAccounts(deviceId, since)).map((row) => ({
      userId: row.user_id,
      email: row.email,
      firstName: row.first_name,
      surname: row.surname,
      loginName: row.email,
    }));
  }

  /** Removes an account from this device's list, and its trust here with it; answers the updated list. */
  async forgetAccount(token: string | undefined, userId: string): Promise<DeviceUser[]> {
    const deviceId = await this.identify(token);
    if (!deviceId) return [];
    await this.repository.forgetAccount(deviceId, userId);
    return this.accountsOf(deviceId);
  }

  /** Forgets every account of this device, and every trust here with them (a shared computer). */
  async forgetAllAccounts(token: string | undefined): Promise<void> {
    const deviceId = await this.identify(token);
    if (deviceId) await this.repository.forgetDevice(deviceId);
  }

  async trustState(token: string | undefined, userId: string): Promise<DeviceTrust> {
    const deviceId = await this.identify(token);
    if (!deviceId) return { kind: 'untrusted', deviceId: null };
    const trust = await this.repository.findTrust(deviceId, userId);
    if (!trust) return { kind: 'untrusted', deviceId };
    if (this.now() - trust.pin_checked_at < this.recheckAfterMs) return { kind: 'trusted', deviceId };
    return trust.recheck_skipped_at === null ? { kind: 'recheck', deviceId } : { kind: 'recheck_mandatory', deviceId };
  }

  /** Trusts the device (from `ensure`) for the account under a name. */
  async trust(deviceId: string, userId: string, deviceName: string): Promise<void> {
    await this.repository.trust(deviceId, userId, deviceName, this.now());
  }

  async markPinChecked(deviceId: string, userId: string): Promise<void> {
    await this.repository.markPinChecked(deviceId, userId, this.now());
  }

  markRecheckSkipped(deviceId: string, userId: string): Promise<boolean> {
    return this.repository.markRecheckSkipped(deviceId, userId, this.now());
  }

  /**
   * Revokes every trust the account holds (a password reset does: docs/security.md, Reset and
   * invitation links); inside the caller's transaction when `db` is one.
   */
  async revokeAllTrust(userId: string, db?: Db): Promise<number> {
    return (db ? this.repository.within(db) : this.repository).revokeAllTrustForUser(userId);
  }

  /** Revokes every trust of the account except this device's (the security page's "all other devices"). */
  revokeAllTrustExcept(userId: string, keptDeviceId: string | null): Promise<number> {
    return this.repository.revokeAllTrustForUserExcept(userId, keptDeviceId);
  }

  /** The devices the account trusts, the most recently trusted first. */
  async trustedDevices(userId: string): Promise<TrustedDeviceSummary[]> {
    const rows = await this.repository.trustedDevicesOf(userId);
    return rows.map((row) => ({
      deviceId: row.device_id,
      name: row.device_name,
      trustedAt: row.trusted_at,
      pinCheckedAt: row.pin_checked_at,
      lastSeenAt: row.last_seen_at,
    }));
  }

  /**
   * Ends the account's trust in one device: its next sign-in asks for a PIN again, and it still
   * lists the account among its remembered ones. False when the account did not trust it.
   */
  revokeTrust(userId: string, deviceId: string): Promise<boolean> {
    return this.repository.revokeTrust(deviceId, userId);
  }

  /**
   * Records a completed sign-in here and tells whether the device was new for the account
   * (docs/decisions/0115-wasnt-you-mail.md): `first` for the account's first sign-in ever, `known`
   * for a device it has signed in on before, `new` otherwise.
   */
  recordSignIn(deviceId: string, userId: string): Promise<'first' | 'known' | 'new'> {
    return this.repository.recordSignIn(deviceId, userId, this.now());
  }

  /**
   * Forgets the account on every device (list, trust, and as a known device) when it is secured;
   * inside the caller's transaction when `db` is one. Answers how many trusts were revoked.
   */
  forgetAccountEverywhere(userId: string, db?: Db): Promise<number> {
    return (db ? this.repository.within(db) : this.repository).forgetAccountEverywhere(userId, this.now());
  }
}
