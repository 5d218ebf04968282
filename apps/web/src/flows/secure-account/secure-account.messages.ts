import type { MessageId } from '../../shared/i18n';
import type { SecureNotice } from './secure-account.machine';

/** What the confirm screen's notice says when the button did not secure the account. */
export const SECURE_NOTICE_MESSAGES = {
  unavailable: 'secureAccount.confirm.unavailable',
  bot_check_failed: 'secureAccount.confirm.botCheckFailed',
} as const satisfies Record<SecureNotice, MessageId>;
