import { useId } from 'react';
import { ScreenTitle } from '../shared/a11y';
import { useT } from '../shared/i18n';
import { Button, Card } from '../shared/ui';
import { reloadPage } from '../shared/api';
import styles from './page.module.css';

/**
 * The internal server error page: a title, a message and Reload. It is shown instead of the route
 * when the start-up calls fail, in the server-error state (a server fault or no answer) and by the
 * router's error boundary. Its title is a ScreenTitle, so the focus rules of new screens apply
 * (docs/decisions/0010-focus-and-announcements.md): it takes focus when it replaces a screen, not
 * when it is the page's first (the start-up failed) nor from a person outside the page's main part.
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
