import { useId } from 'react';
import { useT } from '../../../shared/i18n';
import { Button, Card } from '../../../shared/ui';
import { ScreenTitle } from '../../../shared/a11y';
import { linkValidity } from '../../../shared/link-request/link-request.messages';
import styles from './screens.module.css';

/**
 * The reset-password confirmation: the link is on its way, and how long it works when the server
 * says (`linkMinutes`, its configured validity); back to sign-in.
 */
export function ResetSentScreen({ linkMinutes, onSignIn }: { linkMinutes: number | null; onSignIn: () => void }) {
  const t = useT();
  const titleId = useId();
  const validity = linkValidity(t, 'signIn.resetSent.validity', linkMinutes);
  return (
    <Card aria-labelledby={titleId} className={styles.card}>
      <ScreenTitle id={titleId} className={styles.title} pageTitle={t('signIn.resetSent.pageTitle')}>
        {t('signIn.resetSent.title')}
      </ScreenTitle>
      <p className={styles.text}>
        {t('signIn.resetSent.body')}
        {validity !== null && ` ${validity}`}
      </p>
      <div className={styles.stack}>
        <Button variant="filled" rounded fullWidth onClick={onSignIn}>
          {t('signIn.resetSent.signIn')}
        </Button>
      </div>
    </Card>
  );
}
