import type { MessageId } from '../i18n';
import type { EmailProblem, NewTokenNotice, NewTokenReason } from './link-request';

/** The e-mail field of the request-new-link forms. */
export const EMAIL_PROBLEM_MESSAGES = {
  email_required: 'validation.enterEmail',
  incorrect_email: 'validation.enterValidEmail',
} as const satisfies Record<EmailProblem, MessageId>;

export const NEW_TOKEN_NOTICE_MESSAGES = {
  unavailable: 'recovery.newToken.serverError',
  bot_check_failed: 'recovery.botCheckFailed',
} as const satisfies Record<NewTokenNotice, MessageId>;

/** Every reason the request (POST /api/user/forgotpassword) may return, and what the form shows for it. */
export const NEW_TOKEN_REASON_MESSAGES = {
  missing_email: EMAIL_PROBLEM_MESSAGES.email_required,
  email_required: EMAIL_PROBLEM_MESSAGES.email_required,
  incorrect_email: EMAIL_PROBLEM_MESSAGES.incorrect_email,
  app_error: NEW_TOKEN_NOTICE_MESSAGES.unavailable,
  bot_check_failed: NEW_TOKEN_NOTICE_MESSAGES.bot_check_failed,
} as const satisfies Record<NewTokenReason, MessageId>;
