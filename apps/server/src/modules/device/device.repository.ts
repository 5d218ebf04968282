import type { Db } from '../../db/database.ts';
import type { DevicesTable, TrustedDevicesTable } from '../../db/schema.ts';

export type DeviceRow = DevicesTable;
export type TrustedDeviceRow = TrustedDevicesTable;

export interface RememberedAccountRow {
  user_id: string;
  email: string;
  first_name: string;
  surname: string;
}

export class DeviceRepository {
  constructor(private readonly db: Db) {}

  /** The same repository on another executor (a transaction). */
  within(db: Db): DeviceRepository {
    return new DeviceRepository(db);
  }

  findByTokenHash(tokenHash: string): Promise<DeviceRow | undefined> {
    return this.db.selectFrom('devices').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  async insert(row: DeviceRow): Promise<void> {
    await this.db.insertInto('devices').values(row).execute();
  }

  async touch(id: string, now: number): Promise<void> {
    await this.db.updateTable('devices').set({ last_seen_at: now }).where('id', '=', id).execute();
  }

  /** Records (or refreshes) that the account completed a sign-in on the device. */
  async rememberAccount(deviceId: string, userId: string, now: number): Promise<void> {
    await this.db
      .insertInto('device_accounts')
      .values({ device_id: deviceId, user_id: userId, signed_in_at: now })
      .onConflict((oc) => oc.columns(['device_id', 'user_id']).doUpdateSet({ signed_in_at: now }))
      .execute();
  }

  /** The device's accounts whose last sign-in there was after `since`, most recent first. */
  rememberedAccounts(deviceId: string, since: number): Promise<RememberedAccountRow[]> {
    return this.db
      .selectFrom('device_accounts')
      .innerJoin('users', 'users.id', 'device_accounts.user_id')
      .select(['users.id as user_id', 'users.email', 'users.first_name', 'users.surname'])
      .where('device_accounts.device_id', '=', deviceId)
      .where('device_accounts.signed_in_at', '>', since)
      .orderBy('device_accounts.signed_in_at', 'desc')
      .orderBy('users.email')
      .execute();
  }

  /** Forgets the device's accounts whose last sign-in there was at or before `since`. */
  async forgetAccountsBefore(deviceId: string, since: number): Promise<void> {
    await this.db
      .deleteFrom('device_accounts')
      .where('device_id', '=', deviceId)
      .where('signed_in_at', '<=', since)
      .execute();
  }

  /** Forgets every account of the device and every trust on it, in one transaction. */
  async forgetDevice(deviceId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('device_accounts').where('device_id', '=', deviceId).execute();
      await trx.deleteFrom('trusted_devices').where('device_id', '=', deviceId).execute();
    });
  }

  /** Forgets one account of the device and its trust there, in one transaction (neither stays without the other). */
  async forgetAccount(deviceId: string, userId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('device_accounts').where('device_id', '=', deviceId).where('user_id', '=', userId).execute();
      await trx.deleteFrom('trusted_devices').where('device_id', '=', deviceId).where('user_id', '=', userId).execute();
    });
  }

  findTrust(deviceId: string, userId: string): Promise<TrustedDeviceRow | undefined> {
    return this.db
      .selectFrom('trusted_devices')
      .selectAll()
      .where('device_id', '=', deviceId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** A new trust starts its recheck period now; an existing one only changes its name (the period stays). */
  async trust(deviceId: string, userId: string, deviceName: string, now: number): Promise<void> {
    await this.db
      .insertInto('trusted_devices')
      .values({
        device_id: deviceId,
        user_id: userId,
        device_name: deviceName,
        trusted_at: now,
        pin_checked_at: now,
        recheck_skipped_at: null,
      })
      .onConflict((oc) => oc.columns(['device_id', 'user_id']).doUpdateSet({ device_name: deviceName }))
      .execute();
  }

  /** A PIN passed on the trusted device: a new recheck period, and the skip is available again. */
  async markPinChecked(deviceId: string, userId: string, now: number): Promise<void> {
    await this.db
      .updateTable('trusted_devices')
      .set({ pin_checked_at: now, recheck_skipped_at: null })
      .where('device_id', '=', deviceId)
      .where('user_id', '=', userId)
      .execute();
  }

  /** Marks the one skip as used; false when it was used already (two skips racing). */
  async markRecheckSkipped(deviceId: string, userId: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('trusted_devices')
      .set({ recheck_skipped_at: now })
      .where('device_id', '=', deviceId)
      .where('user_id', '=', userId)
      .where('recheck_skipped_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** False when the device held no trust for the account. */
  async revokeTrust(deviceId: string, userId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('trusted_devices')
      .where('device_id', '=', deviceId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Answers how many trusts there were. */
  async revokeAllTrustForUser(userId: string): Promise<number> {
    const result = await this.db.deleteFrom('trusted_devices').where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Revokes every trust of the account but the one on `keptDeviceId` (when given); answers how many went. */
  async revokeAllTrustForUserExcept(userId: string, keptDeviceId: string | null): Promise<number> {
    let query = this.db.deleteFrom('trusted_devices').where('user_id', '=', userId);
    if (keptDeviceId !== null) query = query.where('device_id', '<>', keptDeviceId);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The devices the account trusts, with when each was last seen; the most recently trusted first. */
  trustedDevicesOf(userId: string): Promise<(TrustedDeviceRow & { last_seen_at: number })[]> {
    return this.db
      .selectFrom('trusted_devices')
      .innerJoin('devices', 'devices.id', 'trusted_devices.device_id')
      .selectAll('trusted_devices')
      .select('devices.last_seen_at')
      .where('trusted_devices.user_id', '=', userId)
      .orderBy('trusted_devices.trusted_at', 'desc')
      .orderBy('trusted_devices.device_id')
      .execute();
  }

  /**
   * Records a completed sign-in of the account on the device and tells what the device was for
   * the account before it: `first` when the account had never completed a sign-in anywhere,
   * `known` when it had on this device (and the device was not forgotten since), else `new`.
   */
  async recordSignIn(deviceId: string, userId: string, now: number): Promise<'first' | 'known' | 'new'> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('sign_in_devices')
        .select(['device_id', 'forgotten_at'])
        .where('user_id', '=', userId)
        .execute();
      const here = rows.find((row) => row.device_id === deviceId);
      await trx
        .insertInto('sign_in_devices')
        .values({
          user_id: userId,
          device_id: deviceId,
          first_signed_in_at: now,
          last_signed_in_at: now,
          forgotten_at: null,
        })
        .onConflict((oc) =>
          oc.columns(['user_id', 'device_id']).doUpdateSet({ last_signed_in_at: now, forgotten_at: null }),
        )
        .execute();
      if (rows.length === 0) return 'first';
      return here && here.forgotten_at === null ? 'known' : 'new';
    });
  }

  /**
   * The account is forgotten on every device: no device lists it, none trusts it, and every device
   * counts as new at its next sign-in (the account was secured). Answers how many trusts there were.
   */
  async forgetAccountEverywhere(userId: string, now: number): Promise<number> {
    await this.db.deleteFrom('device_accounts').where('user_id', '=', userId).execute();
    await this.db
      .updateTable('sign_in_devices')
      .set({ forgotten_at: now })
      .where('user_id', '=', userId)
      .where('forgotten_at', 'is', null)
      .execute();
    return this.revokeAllTrustForUser(userId);
  }
}
