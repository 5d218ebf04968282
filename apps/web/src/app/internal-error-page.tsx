import { useEffect, useId, useRef } from 'react';
import { useT } from '../shared/i18n';
import { Button, Card } from '../shared/ui';
import { reloadPage } from '../shared/api';
import styles from './page.module.css';

/** The internal server error page (spec section 2, "Other") with a reload button. */
export function InternalErrorPage({ reload = reloadPage }: { reload?: () => void }) {
  const t = useT();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The page replaces whatever was on screen: move focus so screen readers read it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card aria-labelledby={titleId}>
      <h1 id={titleId} ref={heading} tabIndex={-1} className={styles.title}>
        {t('app.error.internal.title')}
      </h1>
      <p className={styles.text}>{t('app.error.internal.message')}</p>
      <Button variant="filled" rounded onClick={reload}>
        {t('app.action.reload')}
      </Button>
    </Card>
  );
}
