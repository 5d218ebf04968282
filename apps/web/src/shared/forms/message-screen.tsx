import { useId } from 'react';
import type { ReactNode } from 'react';
import { Card, LoadingIndicator, Notice } from '../ui';
import { ScreenTitle } from '../a11y';
import styles from './forms.module.css';

export interface MessageScreenProps {
  title: string;
  /** The screen's short name in the document title. */
  pageTitle?: string;
  body: string;
  /** An error notice above the buttons: an action failed (its button keeps focus), so it is announced when it appears. */
  notice?: string | null;
  /** Changes with each failed action, so that the same notice is announced again for the next failure. */
  noticeKey?: unknown;
  /** The screen's buttons, the main one first. */
  children: ReactNode;
}

/** A screen with a title, a text and buttons: expired link, link sent, password changed, welcome, pair device. */
export function MessageScreen({ title, pageTitle, body, notice = null, noticeKey, children }: MessageScreenProps) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} className={styles.card}>
      <ScreenTitle id={titleId} className={styles.title} pageTitle={pageTitle}>
        {title}
      </ScreenTitle>
      <p className={styles.text}>{body}</p>
      {notice !== null && (
        <Notice variant="error" announce announceKey={noticeKey}>
          {notice}
        </Notice>
      )}
      <div className={styles.actions}>{children}</div>
    </Card>
  );
}

/** The loading screen of a flow (e.g. while the link is checked); the indicator is a labelled progressbar. */
export function LoadingScreen({ label }: { label: string }) {
  return (
    <div className={styles.loading}>
      <LoadingIndicator size={32} label={label} />
    </div>
  );
}
