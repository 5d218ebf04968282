import { MessageScreen } from '../../../shared/forms';
import { useT } from '../../../shared/i18n';
import { Button } from '../../../shared/ui';

/** State newTokenSent: the reset link is on its way. */
export function LinkSentScreen({ onSignIn }: { onSignIn: () => void }) {
  const t = useT();
  return (
    <MessageScreen title={t('reset.newTokenSent.title')} pageTitle={t('reset.pageTitle.newTokenSent')} body={t('reset.newTokenSent.body')}>
      <Button variant="filled" rounded fullWidth onClick={onSignIn}>
        {t('secureAccount.expired.signIn')}
      </Button>
    </MessageScreen>
  );
}
