import { MessageScreen } from '../../../shared/forms';
import { useT } from '../../../shared/i18n';
import { Button } from '../../../shared/ui';

/** State newTokenSent: the generated-token confirmation. */
export function NewInvitationSentScreen({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <MessageScreen title={t('registration.newTokenSent.title')} pageTitle={t('registration.pageTitle.newTokenSent')} body={t('registration.newTokenSent.body')}>
      <Button variant="filled" rounded fullWidth onClick={onClose}>
        {t('registration.expired.close')}
      </Button>
    </MessageScreen>
  );
}
