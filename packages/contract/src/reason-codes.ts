/**
 * The reason codes as plain tuples, and the tuple of each call the sign-in page makes. No schema
 * here: the browser's first view may use these without loading zod (today it reads their types only,
 * so the tuples travel with the endpoints; docs/decisions/0117-server-rendered-first-view.md,
 * First-view bytes, and CONTRACT_FIRST_VIEW in apps/web/vite.config.ts). reasons.ts builds the
 * `Reason` schema from REASONS, and each endpoint names its call's tuple as its `reasons`, so a
 * call's reason type (`LoginReason`, …) is the one list there is, for the server and the app alike.
 * The provider's own back end speaks these codes: never rename one.
 */

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

/** Any reason code (the `Reason` type of reasons.ts is the same union). */
type ReasonCode = (typeof REASONS)[number];

/** POST /api/user/login. */
export const LOGIN_REASONS = [
  'username_required',
  'password_required',
  'credentials_required',
  'invalid_credentials',
  'account_disabled',
  'email_not_verified',
  'blocked',
  'pin_code_mail_failed',
  'app_error',
  'bot_check_failed',
] as const satisfies readonly ReasonCode[];
export type LoginReason = (typeof LOGIN_REASONS)[number];

/** GET /api/user/pincode (the remaining attempts). */
export const PIN_ATTEMPTS_REASONS = ['credentials_required', 'app_error'] as const satisfies readonly ReasonCode[];
export type PinAttemptsReason = (typeof PIN_ATTEMPTS_REASONS)[number];

/** POST /api/user/pincode. */
export const PIN_SUBMIT_REASONS = [
  'pin_code_required',
  'missing_pin_code',
  'wrong_pin_code',
  'credentials_required',
  'blocked',
  'app_error',
] as const satisfies readonly ReasonCode[];
export type PinSubmitReason = (typeof PIN_SUBMIT_REASONS)[number];

/** POST /api/user/pincode/skip. */
export const PIN_SKIP_REASONS = ['credentials_required', 'app_error'] as const satisfies readonly ReasonCode[];
export type PinSkipReason = (typeof PIN_SKIP_REASONS)[number];

/** POST /api/user/forgotpassword. */
export const FORGOT_PASSWORD_REASONS = [
  'missing_email',
  'incorrect_email',
  'email_required',
  'app_error',
  'bot_check_failed',
] as const satisfies readonly ReasonCode[];
export type ForgotPasswordReason = (typeof FORGOT_PASSWORD_REASONS)[number];

/** POST /api/user/resetpassword and POST /api/user/register (a password set from a link). */
export const SET_PASSWORD_REASONS = [
  'wrong_token',
  'missing_token',
  'weak_password',
  'password_required',
  'password_verification_required',
  'passwords_do_not_match',
  'app_error',
  'bot_check_failed',
] as const satisfies readonly ReasonCode[];
export type SetPasswordReason = (typeof SET_PASSWORD_REASONS)[number];

/** POST /api/webauthn/get (the passkey sign-in). */
export const WEBAUTHN_GET_REASONS = [
  'invalid_credentials',
  'account_disabled',
  'blocked',
  'email_not_verified',
  'app_error',
  'bot_check_failed',
] as const satisfies readonly ReasonCode[];
export type WebauthnGetReason = (typeof WEBAUTHN_GET_REASONS)[number];
