import { randomUUID } from 'node:crypto';
import type { SignInMethod } from '../../db/schema.ts';
import type { SignInHistoryRepository } from './sign-in-history.repository.ts';

/** Sign-ins kept per account: the newest 20 (docs/decisions/0114-security-page.md). */
export const SIGN_INS_KEPT = 20;

/** A completed sign-in, as the account's owner sees it. */
export interface SignInRecord {
  at: number;
  method: SignInMethod;
  userAgent: string | null;
  deviceId: string | null;
}

/**
 * The account's recent sign-ins: one record per completed sign-in (SignInService.complete), the
 * newest SIGN_INS_KEPT kept; older ones are deleted as new ones come.
 */
export class SignInHistoryService {
  constructor(
    private readonly repository: SignInHistoryRepository,
    private readonly now: () => number,
  ) {}

  async record(
    userId: string,
    method: SignInMethod,
    details: { userAgent: string | null; deviceId: string | null },
  ): Promise<void> {
    await this.repository.insertKeepingLatest(
      {
        id: randomUUID(),
        user_id: userId,
        at: this.now(),
        method,
        user_agent: details.userAgent,
        device_id: details.deviceId,
      },
      SIGN_INS_KEPT,
    );
  }

  async latest(userId: string): Promise<SignInRecord[]> {
    const rows = await this.repository.latestOf(userId);
    return rows.map((row) => ({ at: row.at, method: row.method, userAgent: row.user_agent, deviceId: row.device_id }));
  }
}
