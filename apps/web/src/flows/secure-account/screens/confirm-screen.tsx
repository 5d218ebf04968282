import { MessageScreen } from '../../../shared/screens';
import { useT } from '../../../shared/i18n';
import { Button } from '../../../shared/ui';
import type { SecureNotice } from '../secure-account.machine';
import { SECURE_NOTICE_MESSAGES } from '../secure-account.messages';

export interface ConfirmScreenProps {
  submitting: boolean;
  notice: SecureNotice | null;
  /** Failed presses so far: each failure's notice is announced once. */
  failures: number;
  onSecure: () => void;
}

/** State confirm: what securing the account does, and the one button that does it (the button keeps focus; a failure is announced). */
export function ConfirmScreen({ submitting, notice, failures, onSecure }: ConfirmScreenProps) {
  const t = useT();
  return (
    <MessageScreen
      title={t('secureAccount.confirm.title')}
      pageTitle={t('secureAccount.pageTitle.confirm')}
      body={t('secureAccount.confirm.body')}
      notice={notice === null ? null : t(SECURE_NOTICE_MESSAGES[notice])}
      noticeKey={failures}
    >
      <Button variant="filled" rounded fullWidth loading={submitting} onClick={onSecure}>
        {t('secureAccount.confirm.submit')}
      </Button>
    </MessageScreen>
  );
}
