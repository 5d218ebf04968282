/**
 * Pure reading of the answers a token link's calls give: the link's check on load and the
 * password set with it (a reset or a registration). No DOM, no I/O.
 */
import type { StatusAnswer } from '@gatehouse/contract';
import type { Reason } from '@gatehouse/contract';

/** The fields of the set-password form. */
export type PasswordField = 'password' | 'password2';

/**
 * What a field of the set-password form says, as a code: the contract's reason,
 * or `common_password` for `weak_password` with that detail (a password of the common-password list).
 */
export type PasswordProblem =
  | 'password_required'
  | 'weak_password'
  | 'common_password'
  | 'password_verification_required'
  | 'passwords_do_not_match';

export type PasswordFieldErrors = Partial<Record<PasswordField, PasswordProblem>>;

/** The form notice of the set-password form. */
export type SetPasswordNotice = 'unavailable' | 'bot_check_failed';

/**
 * Every reason the set-password calls may return (contract: resetPassword and
 * register, the same list); the flows' message tests check it against the contract.
 */
export const SET_PASSWORD_REASONS = [
  'wrong_token',
  'missing_token',
  'weak_password',
  'password_required',
  'password_verification_required',
  'passwords_do_not_match',
  'app_error',
  'bot_check_failed',
] as const satisfies readonly Reason[];
export type SetPasswordReason = (typeof SET_PASSWORD_REASONS)[number];

export type SetPasswordOutcome =
  | { type: 'ok' }
  /** wrong_token or missing_token: the expired-token page. */
  | { type: 'expired' }
  | { type: 'fields'; errors: PasswordFieldErrors; focus: PasswordField }
  | { type: 'notice'; notice: SetPasswordNotice };

const FIELD_OF_PROBLEM: Record<PasswordProblem, PasswordField> = {
  password_required: 'password',
  weak_password: 'password',
  common_password: 'password',
  password_verification_required: 'password2',
  passwords_do_not_match: 'password2',
};

/** Reads an answer of POST /api/user/resetpassword or /api/user/register. */
export function readSetPasswordAnswer(answer: StatusAnswer): SetPasswordOutcome {
  if (answer.status === 'ok') return { type: 'ok' };
  const reasons = answer.status === 'failed' ? (answer.reasons ?? []) : [];
  if (reasons.includes('wrong_token') || reasons.includes('missing_token')) return { type: 'expired' };
  if (reasons.includes('app_error')) return { type: 'notice', notice: 'unavailable' };

  const errors: PasswordFieldErrors = {};
  for (const reason of reasons) {
    const problem: PasswordProblem | null =
      reason === 'weak_password' && answer.detail === 'common_password'
        ? 'common_password'
        : reason === 'weak_password' ||
            reason === 'password_required' ||
            reason === 'password_verification_required' ||
            reason === 'passwords_do_not_match'
          ? reason
          : null;
    if (problem !== null) errors[FIELD_OF_PROBLEM[problem]] ??= problem;
  }
  if (errors.password !== undefined || errors.password2 !== undefined) {
    return { type: 'fields', errors, focus: errors.password !== undefined ? 'password' : 'password2' };
  }
  if (reasons.includes('bot_check_failed')) return { type: 'notice', notice: 'bot_check_failed' };
  // An unknown reason or status: the one generic text of this form.
  return { type: 'notice', notice: 'unavailable' };
}

/** The token check on load: true when the token can be used. */
export type TokenCheck = 'valid' | 'expired';

export function readTokenInfoAnswer(answer: StatusAnswer): TokenCheck {
  // Anything but ok (wrong_token, missing_token, an unknown reason) cannot set a password.
  return answer.status === 'ok' ? 'valid' : 'expired';
}
