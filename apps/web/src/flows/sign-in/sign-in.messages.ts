import type { MessageId } from '../../shared/i18n';
import type {
  ForgotNotice,
  ForgotProblem,
  ForgotReason,
  LoginField,
  LoginNotice,
  LoginReason,
  PasskeyNotice,
  PasskeyReason,
  PinProblem,
  PinReason,
} from './sign-in.machine';

/** The form notice of the login forms, per notice code (conventions 3). */
export const LOGIN_NOTICE_MESSAGES = {
  invalid_credentials: 'signIn.notice.invalidCredentials',
  email_not_verified: 'signIn.notice.emailNotVerified',
  bot_check_failed: 'signIn.notice.botCheckFailed',
  credentials_required: 'signIn.notice.generic',
  no_answer: 'signIn.notice.serverError',
  unexpected: 'signIn.notice.generic',
} as const satisfies Record<LoginNotice, MessageId>;

/** On the remembered-user form, invalid credentials are a message on the password field. */
export const REMEMBERED_INCORRECT_PASSWORD: MessageId = 'signIn.notice.incorrectPassword';

/** The localized field name used in 'Enter {field}'. */
export const LOGIN_FIELD_NAMES = {
  email: 'field.email',
  password: 'field.password',
} as const satisfies Record<LoginField, MessageId>;

/**
 * Every reason the login call may return, and the message the login forms
 * show for it (a field message, a notice, a page, a snackbar or the error page).
 */
export const LOGIN_REASON_MESSAGES = {
  username_required: 'validation.enterField',
  password_required: 'validation.enterField',
  credentials_required: LOGIN_NOTICE_MESSAGES.credentials_required,
  invalid_credentials: LOGIN_NOTICE_MESSAGES.invalid_credentials,
  account_disabled: 'signIn.disabled.body',
  email_not_verified: LOGIN_NOTICE_MESSAGES.email_not_verified,
  blocked: 'signIn.blocked.pinBody',
  pin_code_mail_failed: 'signIn.snackbar.pinMailFailed',
  app_error: 'app.error.internal.message',
  bot_check_failed: LOGIN_NOTICE_MESSAGES.bot_check_failed,
} as const satisfies Record<LoginReason, MessageId>;

export const PIN_PROBLEM_MESSAGES = {
  invalid: 'signIn.pin.invalid',
  required: 'validation.enterCode',
} as const satisfies Record<PinProblem, MessageId>;

/** Every reason the PIN submit may return, and what the PIN form shows for it. */
export const PIN_REASON_MESSAGES = {
  pin_code_required: PIN_PROBLEM_MESSAGES.required,
  missing_pin_code: PIN_PROBLEM_MESSAGES.invalid,
  wrong_pin_code: PIN_PROBLEM_MESSAGES.invalid,
  // Back to sign-in, with the generic notice there.
  credentials_required: LOGIN_NOTICE_MESSAGES.credentials_required,
  blocked: 'signIn.blocked.pinBody',
  app_error: 'app.error.internal.message',
} as const satisfies Record<PinReason, MessageId>;

export const FORGOT_PROBLEM_MESSAGES = {
  required: 'validation.enterEmail',
  invalid_email: 'validation.enterValidEmail',
} as const satisfies Record<ForgotProblem, MessageId>;

export const FORGOT_NOTICE_MESSAGES = {
  server_error: 'signIn.forgot.serverError',
  bot_check_failed: 'signIn.notice.botCheckFailed',
} as const satisfies Record<ForgotNotice, MessageId>;

/** Every reason the forgot-password call may return, and what the form shows for it. */
export const FORGOT_REASON_MESSAGES = {
  missing_email: FORGOT_PROBLEM_MESSAGES.required,
  email_required: FORGOT_PROBLEM_MESSAGES.required,
  incorrect_email: FORGOT_PROBLEM_MESSAGES.invalid_email,
  app_error: FORGOT_NOTICE_MESSAGES.server_error,
  bot_check_failed: FORGOT_NOTICE_MESSAGES.bot_check_failed,
} as const satisfies Record<ForgotReason, MessageId>;

/** What a login form shows after a passkey attempt; `restricted` is the dialog's body. */
export const PASSKEY_NOTICE_MESSAGES = {
  unsupported: 'signIn.passkey.unsupported',
  optionsUnavailable: 'signIn.passkey.userOptionsUnavailable',
  cancelled: 'signIn.passkey.cancelled',
  restricted: 'biometric.body',
  internalError: 'signIn.passkey.internalError',
  failed: 'signIn.passkey.failed',
  invalidCredentials: 'signIn.passkey.invalidCredentials',
  emailNotVerified: 'signIn.notice.emailNotVerified',
  botCheckFailed: 'signIn.notice.botCheckFailed',
} as const satisfies Record<PasskeyNotice, MessageId>;

/** 'not found': on the remembered-user form with the Activate action; on the login form the info text. */
export const PASSKEY_NOT_AVAILABLE_MESSAGES = {
  activation: 'signIn.passkey.credentialsNotAvailable',
  activationAction: 'signIn.passkey.credentialsNotAvailable.action',
  info: 'signIn.passkey.credentialsNotAvailableInfo',
} as const satisfies Record<string, MessageId>;

/** Every reason the passkey sign-in may return, and what the login forms show for it. */
export const PASSKEY_REASON_MESSAGES = {
  invalid_credentials: PASSKEY_NOTICE_MESSAGES.invalidCredentials,
  account_disabled: 'signIn.disabled.body',
  blocked: 'signIn.blocked.pinBody',
  email_not_verified: PASSKEY_NOTICE_MESSAGES.emailNotVerified,
  app_error: PASSKEY_NOTICE_MESSAGES.internalError,
  bot_check_failed: PASSKEY_NOTICE_MESSAGES.botCheckFailed,
} as const satisfies Record<PasskeyReason, MessageId>;
