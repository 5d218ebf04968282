/**
 * The closed lists of statuses and reason codes.
 * The provider's own back end speaks these codes: never rename one.
 */
import { z } from 'zod/mini';

export const STATUSES = ['ok', 'failed'] as const;
export const Status = z.enum(STATUSES);
export type Status = z.infer<typeof Status>;

/** The provider's reason codes, in the order the provider lists them. */
export const SPEC_REASONS = [
  'invalid_credentials',
  'missing_pin_code',
  'wrong_pin_code',
  'pin_code_required',
  'email_not_verified',
  'account_disabled',
  'pin_code_mail_failed',
  'app_error',
  'missing_email',
  'incorrect_email',
  'credentials_required',
  'blocked',
  'wrong_token',
  'missing_token',
  'weak_password',
  'passwords_do_not_match',
  'password_required',
  'password_verification_required',
  'email_required',
  'username_required',
  'missing_parameter',
  'invalid_parameter',
] as const;

/**
 * Reasons this product adds (docs/decisions/0003-additions-to-the-contract.md):
 * - too_many_requests: throttled (HTTP 429 with Retry-After);
 * - service_busy: password hashing saturated (HTTP 503 with Retry-After);
 * - bot_check_failed: the bot-check token was missing or refused;
 * - reauth_required: the change asks for the password again first (the security page's passkey
 *   removal, docs/decisions/0114-security-page.md).
 */
export const EXTRA_REASONS = ['too_many_requests', 'service_busy', 'bot_check_failed', 'reauth_required'] as const;

export const REASONS = [...SPEC_REASONS, ...EXTRA_REASONS] as const;
export const Reason = z.enum(REASONS);
export type Reason = z.infer<typeof Reason>;

/**
 * Reasons are parsed leniently on the client: an unknown code from a newer
 * server must not break the parse, it is handled by the generic fallback.
 */
export const ReasonList = z.array(z.string());

/** Optional detail that narrows a reason: `weak_password` with `common_password` is a password of the common-password list. */
export const REASON_DETAILS = ['common_password'] as const;
export const ReasonDetail = z.enum(REASON_DETAILS);
export type ReasonDetail = z.infer<typeof ReasonDetail>;

export function isKnownReason(value: string): value is Reason {
  return (REASONS as readonly string[]).includes(value);
}
