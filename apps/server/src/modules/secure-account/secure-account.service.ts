import { isNonEmptyText } from '@gatehouse/contract';
import type { DeviceService } from '../device/device.service.ts';
import type { TokenService } from '../recovery/token.service.ts';
import type { CredentialService } from '../webauthn/credential.service.ts';
import type { SessionService } from '../session/session.service.ts';
import { addressKey, type ThrottlePolicy, type ThrottleService } from '../throttle/throttle.service.ts';
import type { AccountService } from '../user/account.service.ts';

/**
 * Refused secure-account links per client address: 20 in 15 minutes, then 429 with Retry-After
 * (like forgot password's address limit). A live link is never counted.
 */
export const SECURE_ACCOUNT_ADDRESS_POLICY: ThrottlePolicy = {
  windowMs: 15 * 60_000,
  freeFailures: 20,
  baseDelayMs: 60_000,
  maxDelayMs: 15 * 60_000,
  hardStopFailures: 100,
  hardStopMs: 60 * 60_000,
};

export const secureAccountAddressKey = (ip: string) => `secure-account-${addressKey(ip)}`;

export type LinkCheck =
  | { kind: 'ok' }
  | { kind: 'failed'; reason: 'missing_token' | 'wrong_token' }
  | { kind: 'throttled'; retryAfterMs: number };
/** What securing did: the reset token the page continues with, and what ended (for the log). */
interface Secured {
  resetToken: string;
  sessionsEnded: number;
  trustsRevoked: number;
  passkeysRemoved: number;
}

export type SecureOutcome =
  | ({ kind: 'ok' } & Secured)
  | { kind: 'failed'; reason: 'missing_token' | 'wrong_token' }
  | { kind: 'throttled'; retryAfterMs: number };

export interface SecureAccountDeps {
  tokens: TokenService;
  accounts: Pick<AccountService, 'findById'>;
  sessions: Pick<SessionService, 'endAllForUser'>;
  devices: Pick<DeviceService, 'forgetAccountEverywhere'>;
  passkeys: Pick<CredentialService, 'removeAll'>;
  throttle: ThrottleService;
}

/**
 * The secure-account link of the "Wasn't you?" mail (docs/decisions/0115-wasnt-you-mail.md):
 * checking it changes nothing; using it, in one transaction, spends it, ends every session of the
 * account, forgets the account on every device (list, trust, known device), removes every passkey
 * (one may be the intruder's) and issues a reset token the page continues with — or, on any
 * failure, does none of it.
 */
export class SecureAccountService {
  constructor(private readonly deps: SecureAccountDeps) {}

  async check(token: string | undefined, clientAddress: string): Promise<LinkCheck> {
    const throttled = await this.throttled(clientAddress);
    if (throttled) return throttled;
    if (!isNonEmptyText(token)) return this.refuse(clientAddress, 'missing_token');
    return (await this.liveAccount(token.trim())) ? { kind: 'ok' } : this.refuse(clientAddress, 'wrong_token');
  }

  async secure(token: string, clientAddress: string): Promise<SecureOutcome> {
    const throttled = await this.throttled(clientAddress);
    if (throttled) return throttled;
    if (!isNonEmptyText(token)) return this.refuse(clientAddress, 'missing_token');
    const raw = token.trim();
    if (!(await this.liveAccount(raw))) return this.refuse(clientAddress, 'wrong_token');
    // Set by the transaction's work, which runs only for the one caller that spends the link.
    let done = null as Secured | null;
    const userId = await this.deps.tokens.consumeWith(raw, 'secure_account', async (db, owner) => {
      const sessionsEnded = await this.deps.sessions.endAllForUser(owner, db);
      const trustsRevoked = await this.deps.devices.forgetAccountEverywhere(owner, db);
      const passkeysRemoved = await this.deps.passkeys.removeAll(owner, db);
      const { token: resetToken } = await this.deps.tokens.issue(owner, 'reset', db);
      done = { resetToken, sessionsEnded, trustsRevoked, passkeysRemoved };
    });
    // Another request used the link in the meantime: of two presses, one secures the account.
    if (!userId || !done) return this.refuse(clientAddress, 'wrong_token');
    return { kind: 'ok', ...done };
  }

  /** A live secure-account link whose account is neither gone nor disabled. */
  private async liveAccount(token: string): Promise<boolean> {
    const live = await this.deps.tokens.find(token);
    if (!live || live.purpose !== 'secure_account') return false;
    const account = await this.deps.accounts.findById(live.userId);
    return account !== undefined && account.state !== 'disabled';
  }

  private async throttled(clientAddress: string): Promise<{ kind: 'throttled'; retryAfterMs: number } | null> {
    const retryAfterMs = await this.deps.throttle.retryAfterMs([secureAccountAddressKey(clientAddress)]);
    return retryAfterMs > 0 ? { kind: 'throttled', retryAfterMs } : null;
  }

  private async refuse(
    clientAddress: string,
    reason: 'missing_token' | 'wrong_token',
  ): Promise<{ kind: 'failed'; reason: 'missing_token' | 'wrong_token' }> {
    await this.deps.throttle.recordFailure(secureAccountAddressKey(clientAddress), SECURE_ACCOUNT_ADDRESS_POLICY);
    return { kind: 'failed', reason };
  }
}
