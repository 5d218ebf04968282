/**
 * Pure reading of the answers a token link's calls give: the link's check on load and the
 * password set with it (a reset or a registration). No DOM, no I/O.
 */
import {
  REASON_DETAILS,
  type ReasonDetail,
  type SetPasswordReason,
  type StatusAnswer,
  type TokenInfoAnswer,
} from '@gatehouse/contract';

/** The fields of the set-password form. */
export type PasswordField = 'password' | 'password2';

/**
 * What a field of the set-password form says, as a code: the contract's reason, or the detail of
 * `weak_password` when it has one (`common_password`: a password of the common-password list;
 * `current_password`: a reset's new password is the one the account has now).
 */
export type PasswordProblem =
  | 'password_required'
  | 'weak_password'
  | 'common_password'
  | 'current_password'
  | 'password_verification_required'
  | 'passwords_do_not_match';

export type PasswordFieldErrors = Partial<Record<PasswordField, PasswordProblem>>;

/** The form notice of the set-password form. */
export type SetPasswordNotice = 'unavailable' | 'bot_check_failed';

export type { SetPasswordReason };

/** What one reason of a set-password answer says. */
export type SetPasswordReasonOutcome =
  /** The link cannot be used (wrong_token, missing_token): the kind's expired page. */
  | { kind: 'expired' }
  /** A field's problem (weak_password reads as its detail when it has one). */
  | { kind: 'field'; problem: Exclude<PasswordProblem, ReasonDetail> }
  | { kind: 'notice'; notice: SetPasswordNotice };

/**
 * Every reason the set-password calls may return (the contract's resetPassword and register) and
 * what it leads to, read by readSetPasswordAnswer; the screens show an outcome's text from
 * PASSWORD_PROBLEM_MESSAGES, SET_PASSWORD_NOTICE_MESSAGES or the kind's expired page (the messages
 * test checks every reason has one, through setPasswordReasonMessages).
 * When an answer has several: an unusable link first, then app_error, then every field's problem
 * together, then the bot check.
 */
export const SET_PASSWORD_OUTCOMES = {
  wrong_token: { kind: 'expired' },
  missing_token: { kind: 'expired' },
  app_error: { kind: 'notice', notice: 'unavailable' },
  weak_password: { kind: 'field', problem: 'weak_password' },
  password_required: { kind: 'field', problem: 'password_required' },
  password_verification_required: { kind: 'field', problem: 'password_verification_required' },
  passwords_do_not_match: { kind: 'field', problem: 'passwords_do_not_match' },
  bot_check_failed: { kind: 'notice', notice: 'bot_check_failed' },
} as const satisfies Record<SetPasswordReason, SetPasswordReasonOutcome>;

export type SetPasswordOutcome =
  | { type: 'ok' }
  | { type: 'expired' }
  | { type: 'fields'; errors: PasswordFieldErrors; focus: PasswordField }
  | { type: 'notice'; notice: SetPasswordNotice };

/** Whether an answer's detail is one the contract knows (a newer server's unknown detail reads as none). */
const isReasonDetail = (detail: string | undefined): detail is ReasonDetail =>
  detail !== undefined && (REASON_DETAILS as readonly string[]).includes(detail);

const FIELD_OF_PROBLEM: Record<PasswordProblem, PasswordField> = {
  password_required: 'password',
  weak_password: 'password',
  common_password: 'password',
  current_password: 'password',
  password_verification_required: 'password2',
  passwords_do_not_match: 'password2',
};

const isSetPasswordReason = (reason: string): reason is SetPasswordReason =>
  Object.hasOwn(SET_PASSWORD_OUTCOMES, reason);

/** Reads an answer of POST /api/user/resetpassword or /api/user/register. */
export function readSetPasswordAnswer(answer: StatusAnswer): SetPasswordOutcome {
  if (answer.status === 'ok') return { type: 'ok' };
  const reasons = answer.status === 'failed' ? (answer.reasons ?? []) : [];
  const outcomes: SetPasswordReasonOutcome[] = reasons
    .filter(isSetPasswordReason)
    .map((reason) => SET_PASSWORD_OUTCOMES[reason]);
  const notice = (which: SetPasswordNotice) => outcomes.some((o) => o.kind === 'notice' && o.notice === which);
  if (outcomes.some((o) => o.kind === 'expired')) return { type: 'expired' };
  if (notice('unavailable')) return { type: 'notice', notice: 'unavailable' };

  const errors: PasswordFieldErrors = {};
  for (const outcome of outcomes) {
    if (outcome.kind !== 'field') continue;
    const problem =
      outcome.problem === 'weak_password' && isReasonDetail(answer.detail) ? answer.detail : outcome.problem;
    errors[FIELD_OF_PROBLEM[problem]] ??= problem;
  }
  if (errors.password !== undefined || errors.password2 !== undefined) {
    return { type: 'fields', errors, focus: errors.password !== undefined ? 'password' : 'password2' };
  }
  if (notice('bot_check_failed')) return { type: 'notice', notice: 'bot_check_failed' };
  // An unknown reason or status: the one generic text of this form.
  return { type: 'notice', notice: 'unavailable' };
}

/** The token check on load: true when the token can be used. */
export type TokenCheck = 'valid' | 'expired';

export function readTokenInfoAnswer(answer: StatusAnswer): TokenCheck {
  // Anything but ok (wrong_token, missing_token, an unknown reason) cannot set a password.
  return answer.status === 'ok' ? 'valid' : 'expired';
}

/**
 * The account a live link is for, when its check names it (an addition of this server; another back
 * end may leave it out, and the page then names no account).
 */
export function accountOfLink(answer: TokenInfoAnswer): string | null {
  const { email } = answer;
  return answer.status === 'ok' && typeof email === 'string' && email.length > 0 ? email : null;
}
