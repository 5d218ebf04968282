import { MessageScreen } from '../../../shared/forms';
import { useT } from '../../../shared/i18n';
import { Button } from '../../../shared/ui';

/** State passwordChanged: the confirmation with a proceed button to the sign-in route. */
export function PasswordChangedScreen({ onProceed }: { onProceed: () => void }) {
  const t = useT();
  return (
    <MessageScreen title={t('reset.changed.title')} pageTitle={t('reset.pageTitle.changed')} body={t('reset.changed.body')}>
      <Button variant="filled" rounded fullWidth onClick={onProceed}>
        {t('reset.changed.proceed')}
      </Button>
    </MessageScreen>
  );
}
