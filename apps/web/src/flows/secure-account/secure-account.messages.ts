import type { MessageId } from '../../shared/i18n';
import type { LinkRequestTexts } from '../../shared/link-request';
import type { InfoScreenTexts } from '../../shared/screens';
import type { SecureNotice } from './secure-account.machine';

/** What the confirm screen's notice says when the button did not secure the account. */
export const SECURE_NOTICE_MESSAGES = {
  unavailable: 'secureAccount.confirm.unavailable',
  bot_check_failed: 'secureAccount.confirm.botCheckFailed',
} as const satisfies Record<SecureNotice, MessageId>;

/** A screen of this page: its title, its short name in the document title, and its text. */
const screen = (name: 'confirm' | 'secured' | 'expired') =>
  ({
    title: `secureAccount.${name}.title`,
    pageTitle: `secureAccount.pageTitle.${name}`,
    body: `secureAccount.${name}.body`,
  }) as const satisfies InfoScreenTexts;

/**
 * confirm: what securing the account does, and the one button that does it (the button keeps focus; a failure is
 * announced); secured: sessions ended and devices forgotten, on to a new password; expired: the link is unknown,
 * used or expired (wrong_token, missing_token).
 */
export const SCREEN_TEXTS = { confirm: screen('confirm'), secured: screen('secured'), expired: screen('expired') };

/** The expired screen asks for a password reset link, in the reset page's words. */
export const RESET_LINK_REQUEST_TEXTS = {
  title: 'reset.newToken.title',
  pageTitle: 'reset.pageTitle.newToken',
  description: 'reset.newToken.description',
  email: 'reset.newToken.email',
  submit: 'reset.newToken.submit',
} as const satisfies LinkRequestTexts;

/** State newTokenSent: the reset link is on its way. */
export const RESET_LINK_SENT_TEXTS = {
  title: 'reset.newTokenSent.title',
  pageTitle: 'reset.pageTitle.newTokenSent',
  body: 'reset.newTokenSent.body',
} as const satisfies InfoScreenTexts;
