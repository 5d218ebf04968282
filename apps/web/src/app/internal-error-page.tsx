import { useId } from 'react';
import { ScreenTitle } from '../shared/a11y';
import { useT } from '../shared/i18n';
import { Button, Card } from '../shared/ui';
import { reloadPage } from '../shared/api';
import styles from './page.module.css';

/**
 * The internal server error page (spec section 2, "Other") with a reload button. It replaces
 * whatever was on screen: like every new screen, its heading takes focus (shared/a11y).
 */
export function InternalErrorPage({ reload = reloadPage }: { reload?: () => void }) {
  const t = useT();
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <ScreenTitle id={titleId} className={styles.title} pageTitle={t('app.error.pageTitle')}>
        {t('app.error.internal.title')}
      </ScreenTitle>
      <p className={styles.text}>{t('app.error.internal.message')}</p>
      <Button variant="filled" rounded onClick={reload}>
        {t('app.action.reload')}
      </Button>
    </Card>
  );
}
