import { dictionary } from '@zxcvbn-ts/language-common';
import { checkNewPassword, checkPasswordConfirmation, type Reason, type ReasonDetail } from '@gatehouse/contract';

let commonPasswords: ReadonlySet<string> | null = null;

/** ~49,000 common and breached passwords (zxcvbn-ts' list, lower case), loaded on first use. */
function commonPasswordSet(): ReadonlySet<string> {
  commonPasswords ??= new Set(dictionary['passwords-common'].map((p) => p.normalize('NFKC').toLowerCase()));
  return commonPasswords;
}

/** Whole-string match of the NFKC-normalised, lower-cased password (never a substring match). */
export function isCommonPassword(password: string): boolean {
  return commonPasswordSet().has(password.normalize('NFKC').toLowerCase());
}

export interface PasswordChoiceProblem {
  reasons: Reason[];
  detail?: Extract<ReasonDetail, 'common_password'>;
}

/**
 * The new password and its confirmation (the provider's rule, then the common-password list):
 * at most one reason for the password (password_required, weak_password) then at most one for
 * the confirmation (password_verification_required, passwords_do_not_match). Null when both pass.
 */
export function checkPasswordChoice(password: string, password2: string): PasswordChoiceProblem | null {
  const reasons: Reason[] = [];
  let detail: PasswordChoiceProblem['detail'];
  const rule = checkNewPassword(password);
  if (rule) reasons.push(rule);
  else if (isCommonPassword(password)) {
    reasons.push('weak_password');
    detail = 'common_password';
  }
  const confirmation = checkPasswordConfirmation(password, password2);
  if (confirmation) reasons.push(confirmation);
  if (reasons.length === 0) return null;
  return detail ? { reasons, detail } : { reasons };
}
