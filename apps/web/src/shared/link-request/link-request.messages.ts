import type { MessageId } from '../i18n';
import type { InfoScreenTexts } from '../screens';
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

/**
 * A link's page whose check got no answer it could use, while the page stays (the global handler told
 * the wait, a busy service, a network problem or an unavailable bot check): the link may well be live,
 * so the page offers the same check again. The reset, invitation and "Wasn't you?" pages alike.
 */
export const LINK_CHECK_FAILED_TEXTS = {
  title: 'recovery.checkFailed.title',
  pageTitle: 'recovery.pageTitle.checkFailed',
  body: 'recovery.checkFailed.body',
} as const satisfies InfoScreenTexts;

/** The check-failed page's main button. */
export const LINK_CHECK_RETRY: MessageId = 'recovery.checkFailed.retry';

/**
 * How long a new reset link works, as the "link sent" page's last sentence (server info's
 * `resetLinkMinutes`), in the language's plural; null when the server does not say, or for a link
 * whose life it does not give (`id` null).
 */
export function linkValidity(
  t: (id: MessageId, values: { minutes: number }) => string,
  id: MessageId | null,
  minutes: number | null,
): string | null {
  return id === null || minutes === null ? null : t(id, { minutes });
}

/** The validity sentence of a reset link's "link sent" page. */
export const RESET_LINK_VALIDITY: MessageId = 'reset.newTokenSent.validity';
