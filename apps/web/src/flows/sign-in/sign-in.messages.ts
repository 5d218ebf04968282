import type { MessageId } from '../../shared/i18n';
import type { LoginField, LoginNotice, LoginReason } from './sign-in.machine';

/** The form notice of the login form, per notice code (conventions 3). */
export const LOGIN_NOTICE_MESSAGES = {
  invalid_credentials: 'signIn.notice.invalidCredentials',
  account_disabled: 'signIn.notice.accountDisabled',
  blocked: 'signIn.notice.blocked',
  email_not_verified: 'signIn.notice.emailNotVerified',
  bot_check_failed: 'signIn.notice.botCheckFailed',
  credentials_required: 'signIn.notice.generic',
  no_answer: 'signIn.notice.serverError',
  pin_unavailable: 'signIn.notice.serverError',
  unexpected: 'signIn.notice.generic',
} as const satisfies Record<LoginNotice, MessageId>;

/** The localized field name used in 'Enter {field}'. */
export const LOGIN_FIELD_NAMES = {
  email: 'field.email',
  password: 'field.password',
} as const satisfies Record<LoginField, MessageId>;

/**
 * Every reason the login call may return, and the message the login form
 * shows for it (a field message, a notice, a snackbar or the error page).
 */
export const LOGIN_REASON_MESSAGES = {
  username_required: 'validation.enterField',
  password_required: 'validation.enterField',
  credentials_required: LOGIN_NOTICE_MESSAGES.credentials_required,
  invalid_credentials: LOGIN_NOTICE_MESSAGES.invalid_credentials,
  account_disabled: LOGIN_NOTICE_MESSAGES.account_disabled,
  email_not_verified: LOGIN_NOTICE_MESSAGES.email_not_verified,
  blocked: LOGIN_NOTICE_MESSAGES.blocked,
  pin_code_mail_failed: 'signIn.snackbar.pinMailFailed',
  app_error: 'app.error.internal.message',
  bot_check_failed: LOGIN_NOTICE_MESSAGES.bot_check_failed,
} as const satisfies Record<LoginReason, MessageId>;
