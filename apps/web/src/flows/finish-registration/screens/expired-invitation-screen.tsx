import { MessageScreen } from '../../../shared/forms';
import { useT } from '../../../shared/i18n';
import { Button } from '../../../shared/ui';

export interface ExpiredInvitationScreenProps {
  onNewToken: () => void;
  onClose: () => void;
}

/** State expired: the registration link has expired or has been used (wrong_token, missing_token). */
export function ExpiredInvitationScreen({ onNewToken, onClose }: ExpiredInvitationScreenProps) {
  const t = useT();
  return (
    <MessageScreen title={t('registration.expired.title')} pageTitle={t('registration.pageTitle.expired')} body={t('registration.expired.body')}>
      <Button variant="filled" rounded fullWidth onClick={onNewToken}>
        {t('registration.expired.newToken')}
      </Button>
      <Button variant="outlined" rounded fullWidth onClick={onClose}>
        {t('registration.expired.close')}
      </Button>
    </MessageScreen>
  );
}
