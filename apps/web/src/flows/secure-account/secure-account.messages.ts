import type { MessageId } from '../../shared/i18n';
import type { LinkRequestTexts } from '../../shared/link-request';
import type { InfoScreenTexts } from '../../shared/screens';
import type { SecureNotice } from './secure-account.machine';

/** What the confirm screen's notice says when the button did not secure the account. */
export const SECURE_NOTICE_MESSAGES = {
  unavailable: 'secureAccount.confirm.unavailable',
  bot_check_failed: 'secureAccount.confirm.botCheckFailed',
} as const satisfies Record<SecureNotice, MessageId>;

/** State confirm: what securing the account does, and the one button that does it (the button keeps focus; a failure is announced). */
export const CONFIRM_TEXTS = {
  title: 'secureAccount.confirm.title',
  pageTitle: 'secureAccount.pageTitle.confirm',
  body: 'secureAccount.confirm.body',
} as const satisfies InfoScreenTexts;

/** State expired: the link is unknown, used or expired (wrong_token, missing_token). */
export const EXPIRED_TEXTS = {
  title: 'secureAccount.expired.title',
  pageTitle: 'secureAccount.pageTitle.expired',
  body: 'secureAccount.expired.body',
} as const satisfies InfoScreenTexts;

/** State secured: sessions ended and devices forgotten; on to choosing a new password. */
export const SECURED_TEXTS = {
  title: 'secureAccount.secured.title',
  pageTitle: 'secureAccount.pageTitle.secured',
  body: 'secureAccount.secured.body',
} as const satisfies InfoScreenTexts;

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
