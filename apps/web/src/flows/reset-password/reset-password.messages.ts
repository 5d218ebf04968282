import type { MessageId } from '../../shared/i18n';
import type { NewTokenReason, SetPasswordReason } from '../../shared/forms';
import { EMAIL_PROBLEM_MESSAGES, NEW_TOKEN_NOTICE_MESSAGES, PASSWORD_PROBLEM_MESSAGES, SET_PASSWORD_NOTICE_MESSAGES } from '../../shared/forms';

/**
 * Every reason the reset-password route's calls may return, and what its
 * screens show for it (the same reason may read differently on another route).
 */
export const RESET_PASSWORD_REASON_MESSAGES = {
  wrong_token: 'reset.expired.body',
  missing_token: 'reset.expired.body',
  weak_password: PASSWORD_PROBLEM_MESSAGES.weak_password,
  password_required: PASSWORD_PROBLEM_MESSAGES.password_required,
  password_verification_required: PASSWORD_PROBLEM_MESSAGES.password_verification_required,
  passwords_do_not_match: PASSWORD_PROBLEM_MESSAGES.passwords_do_not_match,
  app_error: SET_PASSWORD_NOTICE_MESSAGES.unavailable,
  bot_check_failed: SET_PASSWORD_NOTICE_MESSAGES.bot_check_failed,
} as const satisfies Record<SetPasswordReason, MessageId>;

/** The token check on load: any failure is the expired-link page; app_error the error page. */
export const RESET_TOKEN_INFO_REASON_MESSAGES = {
  wrong_token: 'reset.expired.body',
  missing_token: 'reset.expired.body',
  bot_check_failed: 'reset.expired.body',
  app_error: 'app.error.internal.message',
} as const satisfies Record<'wrong_token' | 'missing_token' | 'bot_check_failed' | 'app_error', MessageId>;

/** The request-new-token form (POST /api/user/forgotpassword). */
export const RESET_NEW_TOKEN_REASON_MESSAGES = {
  missing_email: EMAIL_PROBLEM_MESSAGES.email_required,
  email_required: EMAIL_PROBLEM_MESSAGES.email_required,
  incorrect_email: EMAIL_PROBLEM_MESSAGES.incorrect_email,
  app_error: NEW_TOKEN_NOTICE_MESSAGES.unavailable,
  bot_check_failed: NEW_TOKEN_NOTICE_MESSAGES.bot_check_failed,
} as const satisfies Record<NewTokenReason, MessageId>;
