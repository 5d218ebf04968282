/**
 * Validation rules of the forms, shared by the app and the server.
 */

/** Text is non-empty if present and not only whitespace. */
export function isNonEmptyText(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

export const EMAIL_MAX_LENGTH = 254;

/**
 * local-part@domain with dotted domain labels, case-insensitive.
 * Letters and digits of any script are allowed so that internationalised
 * addresses (žofia@example.test) pass.
 */
export const EMAIL_PATTERN =
  /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*@[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?(?:\.[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?)+$/iu;

/** An e-mail is valid if it matches EMAIL_PATTERN; empty is invalid. */
export function isValidEmail(value: string | null | undefined): boolean {
  if (typeof value !== 'string') return false;
  const trimmed = value.trim();
  return trimmed.length > 0 && trimmed.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(trimmed);
}

/** Canonical form used for look-ups: trimmed and lower-cased. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

export const PASSWORD_MIN_LENGTH = 8;
/** Passwords are accepted up to 1024 code points (passphrases well past 64) and refused above (docs/security.md, "The password composition rule"). */
export const PASSWORD_MAX_LENGTH = 1024;

/** Length in Unicode code points, not UTF-16 units. */
export function codePointLength(value: string): number {
  return [...value].length;
}

export type NewPasswordProblem = 'password_required' | 'weak_password';

/**
 * The provider's new-password rule: at least 8 characters with at least one
 * upper-case letter, one lower-case letter and one digit.
 * Returns the reason code, or null when the password passes.
 */
export function checkNewPassword(value: string | null | undefined): NewPasswordProblem | null {
  if (typeof value !== 'string' || value.length === 0) return 'password_required';
  const length = codePointLength(value);
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) return 'weak_password';
  if (!/\p{Lu}/u.test(value) || !/\p{Ll}/u.test(value) || !/\p{Nd}/u.test(value)) return 'weak_password';
  return null;
}

export type PasswordConfirmationProblem = 'password_verification_required' | 'passwords_do_not_match';

export function checkPasswordConfirmation(
  password: string,
  confirmation: string | null | undefined,
): PasswordConfirmationProblem | null {
  if (typeof confirmation !== 'string' || confirmation.length === 0) return 'password_verification_required';
  return password === confirmation ? null : 'passwords_do_not_match';
}

/** The PIN alphabet: upper case and digits without the ambiguous 0/O/1/I. */
export const PIN_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const PIN_LENGTH = 6;

/**
 * Whether a typed code could be a PIN at all: PIN_LENGTH characters of the alphabet once trimmed and
 * upper-cased, as the server compares it (the PIN field drops inner white space as it is typed). A
 * code that could not is never compared, so it spends none of the account's attempts
 * (docs/decisions/0111-pin-codes.md).
 */
export function couldBePin(code: string): boolean {
  const normalised = code.trim().toUpperCase();
  return normalised.length === PIN_LENGTH && [...normalised].every((c) => PIN_ALPHABET.includes(c));
}
