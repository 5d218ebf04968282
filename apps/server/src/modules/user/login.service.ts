import { isNonEmptyText, normalizeEmail, type Reason } from '@gatehouse/contract';
import type { HashAdmission, PasswordHasher } from '../../plugins/password-hasher.ts';
import {
  ACCOUNT_POLICY,
  ADDRESS_POLICY,
  accountKey,
  addressKey,
  type ThrottleService,
} from '../throttle/throttle.service.ts';
import type { UserRepository, UserRow } from './user.repository.ts';
import { signInRefusal } from './sign-in-refusal.ts';

export type LoginOutcome =
  | { kind: 'ok'; user: UserRow }
  | { kind: 'failed'; reasons: Reason[]; email?: string }
  | { kind: 'throttled'; retryAfterMs: number };

/**
 * E-mail and password sign-in (docs/decisions/0100-login-answers.md).
 * Account states are revealed only after the password is proven, and an
 * unknown e-mail costs the same hashing work as a wrong password.
 */
export class LoginService {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly throttle: ThrottleService,
    private readonly now: () => number,
  ) {}

  /** `admission`: the request's place in the hasher, taken by its first hash (docs/decisions/0164-hot-paths-and-overload.md). */
  async login(input: {
    username: string;
    password: string;
    clientAddress: string;
    admission?: HashAdmission;
  }): Promise<LoginOutcome> {
    const missing: Reason[] = [];
    if (!isNonEmptyText(input.username)) missing.push('username_required');
    if (input.password.length === 0) missing.push('password_required');
    if (missing.length > 0) return { kind: 'failed', reasons: missing };

    const email = normalizeEmail(input.username);
    const keys = [accountKey(email), addressKey(input.clientAddress)];
    // Checked before hashing: a throttled guess costs the server nothing.
    const retryAfterMs = await this.throttle.retryAfterMs(keys);
    if (retryAfterMs > 0) return { kind: 'throttled', retryAfterMs };

    const user = await this.users.findByEmail(email);
    const storedHash = user?.password_hash ?? null;
    const passwordOk = storedHash
      ? await this.hasher.verify(storedHash, input.password, input.admission)
      : await this.hasher.verifyDummy(input.password, input.admission);
    if (!user || !storedHash || !passwordOk) {
      await this.throttle.recordFailure(accountKey(email), ACCOUNT_POLICY);
      await this.throttle.recordFailure(addressKey(input.clientAddress), ADDRESS_POLICY);
      return { kind: 'failed', reasons: ['invalid_credentials'] };
    }
    await this.throttle.clear(accountKey(email));

    // The password is proven: the answer names the account as stored (the blocked page's reset form starts with it).
    const refusal = signInRefusal(user);
    if (refusal) return { kind: 'failed', reasons: [refusal], email: user.email };

    if (this.hasher.needsRehash(storedHash)) {
      await this.users.setPasswordHash(user.id, await this.hasher.hash(input.password), this.now());
    }
    return { kind: 'ok', user };
  }
}
