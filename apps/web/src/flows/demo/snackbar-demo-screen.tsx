import { useState } from 'react';
import { useT } from '../../shared/i18n';
import { Button, SNACKBAR_AUTO_HIDE_MS, useSnackbar } from '../../shared/ui';
import styles from './demo.module.css';

/**
 * /tm-snackbar: the snackbar rules in action. One snackbar at a time; a new one replaces the
 * active one; hide(id) only hides the snackbar with that id; only the timeout hides it.
 */
export function SnackbarDemoScreen() {
  const t = useT();
  const snackbar = useSnackbar();
  const [lastId, setLastId] = useState<string | null>(null);
  const [log, setLog] = useState<string[]>([]);
  const note = (line: string) => setLog((lines) => [line, ...lines].slice(0, 5));

  const showPlain = () => setLastId(snackbar.show({ message: t('demo.snackbar.plain.message') }));

  const showWithAction = () =>
    setLastId(
      snackbar.show({
        message: t('demo.snackbar.action.message'),
        action: { label: t('demo.snackbar.action.label'), onClick: () => note(t('demo.snackbar.action.done')) },
      }),
    );

  const showError = () => setLastId(snackbar.show({ message: t('demo.snackbar.error.message'), severity: 'error' }));

  const replace = () => {
    snackbar.show({ message: t('demo.snackbar.replace.first') });
    setLastId(snackbar.show({ message: t('demo.snackbar.replace.second') }));
  };

  const guardedHide = () => {
    const oldId = snackbar.show({ message: t('demo.snackbar.guard.first') });
    const newId = snackbar.show({ message: t('demo.snackbar.guard.second') });
    snackbar.hide(oldId); // does nothing: the active snackbar is newId
    setLastId(newId);
    note(t('demo.snackbar.guard.log', { oldId, newId }));
  };

  const hideLatest = () => {
    if (lastId) snackbar.hide(lastId);
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('demo.snackbar.title')}</h1>
      <section className={styles.section} aria-labelledby="demo-snackbar-actions">
        <h2 id="demo-snackbar-actions" className={styles.heading}>
          {t('demo.snackbar.heading')}
        </h2>
        <p className={styles.intro}>{t('demo.snackbar.intro', { seconds: SNACKBAR_AUTO_HIDE_MS / 1000 })}</p>
        <div className={styles.row}>
          <Button variant="outlined" onClick={showPlain}>
            {t('demo.snackbar.plain.button')}
          </Button>
          <Button variant="outlined" onClick={showWithAction}>
            {t('demo.snackbar.action.button')}
          </Button>
          <Button variant="outlined" onClick={showError}>
            {t('demo.snackbar.error.button')}
          </Button>
          <Button variant="outlined" onClick={replace}>
            {t('demo.snackbar.replace.button')}
          </Button>
          <Button variant="outlined" onClick={guardedHide}>
            {t('demo.snackbar.guard.button')}
          </Button>
          <Button variant="text" onClick={hideLatest} disabled={!lastId}>
            {t('demo.snackbar.hide.button')}
          </Button>
        </div>
        <p className={styles.output}>{t('demo.snackbar.lastId', { id: lastId ?? '—' })}</p>
        {log.length > 0 && (
          <ul className={styles.log} aria-label={t('demo.snackbar.log')}>
            {log.map((line, index) => (
              <li key={`${index}-${line}`}>{line}</li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
