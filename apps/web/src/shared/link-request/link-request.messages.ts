import type { MessageId } from '../i18n';
import { NEW_TOKEN_OUTCOMES } from './link-request';
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

/** Every reason the request (POST /api/user/forgotpassword) may return, and what the form shows for it (from NEW_TOKEN_OUTCOMES). */
export const NEW_TOKEN_REASON_MESSAGES = Object.fromEntries(
  Object.entries(NEW_TOKEN_OUTCOMES).map(([reason, outcome]) => [
    reason,
    outcome.type === 'field' ? EMAIL_PROBLEM_MESSAGES[outcome.problem] : NEW_TOKEN_NOTICE_MESSAGES[outcome.notice],
  ]),
) as Record<NewTokenReason, MessageId>;
