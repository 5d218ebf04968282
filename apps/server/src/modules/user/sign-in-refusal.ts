import type { Reason } from '@gatehouse/contract';
import type { UserRow } from './user.repository.ts';

type Refusal = Extract<Reason, 'account_disabled' | 'blocked' | 'email_not_verified'>;

/**
 * Why an account whose owner has just proven who they are (a correct password, a valid passkey)
 * still may not sign in, or null. One rule for every way of signing in (docs/decisions/0100-login-answers.md):
 * disabled first, then blocked, then an address never confirmed.
 */
export function signInRefusal(user: Pick<UserRow, 'disabled_at' | 'blocked_at' | 'email_verified'>): Refusal | null {
  if (user.disabled_at !== null) return 'account_disabled';
  if (user.blocked_at !== null) return 'blocked';
  if (!user.email_verified) return 'email_not_verified';
  return null;
}
