import { MessageScreen } from '../../../shared/forms';
import { useT } from '../../../shared/i18n';
import { Button } from '../../../shared/ui';

export interface ExpiredLinkScreenProps {
  onNewToken: () => void;
  onSignIn: () => void;
}

/** State expired: the reset link has expired or has been used (wrong_token, missing_token). */
export function ExpiredLinkScreen({ onNewToken, onSignIn }: ExpiredLinkScreenProps) {
  const t = useT();
  return (
    <MessageScreen title={t('reset.expired.title')} pageTitle={t('reset.pageTitle.expired')} body={t('reset.expired.body')}>
      <Button variant="filled" rounded fullWidth onClick={onNewToken}>
        {t('reset.expired.newToken')}
      </Button>
      <Button variant="outlined" rounded fullWidth onClick={onSignIn}>
        {t('reset.expired.signIn')}
      </Button>
    </MessageScreen>
  );
}
