import { MessageScreen } from '../../../shared/forms';
import { useT } from '../../../shared/i18n';
import { Button } from '../../../shared/ui';

/** State secured: sessions ended and devices forgotten; on to choosing a new password. */
export function SecuredScreen({ onNewPassword }: { onNewPassword: () => void }) {
  const t = useT();
  return (
    <MessageScreen title={t('secureAccount.secured.title')} pageTitle={t('secureAccount.pageTitle.secured')} body={t('secureAccount.secured.body')}>
      <Button variant="filled" rounded fullWidth onClick={onNewPassword}>
        {t('secureAccount.secured.newPassword')}
      </Button>
    </MessageScreen>
  );
}
