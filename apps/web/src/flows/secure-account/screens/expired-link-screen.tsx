import { MessageScreen } from '../../../shared/forms';
import { useT } from '../../../shared/i18n';
import { Button } from '../../../shared/ui';

export interface ExpiredLinkScreenProps {
  onNewToken: () => void;
  onSignIn: () => void;
}

/** State expired: the link is unknown, used or expired (wrong_token, missing_token). */
export function ExpiredLinkScreen({ onNewToken, onSignIn }: ExpiredLinkScreenProps) {
  const t = useT();
  return (
    <MessageScreen title={t('secureAccount.expired.title')} pageTitle={t('secureAccount.pageTitle.expired')} body={t('secureAccount.expired.body')}>
      <Button variant="filled" rounded fullWidth onClick={onNewToken}>
        {t('secureAccount.expired.newToken')}
      </Button>
      <Button variant="outlined" rounded fullWidth onClick={onSignIn}>
        {t('secureAccount.expired.signIn')}
      </Button>
    </MessageScreen>
  );
}
