import { MessageScreen } from '../../../shared/forms';
import { useT } from '../../../shared/i18n';
import { Button } from '../../../shared/ui';

/** State welcome: the first page of a valid invitation link, with a single continue button. */
export function WelcomeScreen({ onContinue }: { onContinue: () => void }) {
  const t = useT();
  return (
    <MessageScreen title={t('registration.welcome.title')} pageTitle={t('registration.pageTitle.welcome')} body={t('registration.welcome.body')}>
      <Button variant="filled" rounded fullWidth onClick={onContinue}>
        {t('registration.welcome.continue')}
      </Button>
    </MessageScreen>
  );
}
