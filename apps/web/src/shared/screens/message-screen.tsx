import { useId } from 'react';
import type { ReactNode } from 'react';
import { Button, Card, LoadingIndicator, Notice } from '../ui';
import { Address } from '../ui/address';
import { ScreenTitle } from '../a11y';
import { useT } from '../i18n';
import type { MessageId } from '../i18n';
import styles from './screens.module.css';

export interface MessageScreenProps {
  title: string;
  /** The screen's short name in the document title. */
  pageTitle?: string;
  body: string;
  /** A sentence that ends the body's paragraph (how long a link sent works), when there is one. */
  bodyEnd?: string | null;
  /** The e-mail address the text speaks of ("this email address"), shown above it, so that a typo shows. */
  address?: string | null;
  /** An error notice above the buttons: an action failed (its button keeps focus), so it is announced when it appears. */
  notice?: string | null;
  /** Changes with each failed action, so that the same notice is announced again for the next failure. */
  noticeKey?: unknown;
  /** The screen's buttons, the main one first. */
  children: ReactNode;
}

/** A screen with a title, a text and buttons: an expired link, a link sent, a pairing offer, a confirmation. */
export function MessageScreen({
  title,
  pageTitle,
  body,
  bodyEnd = null,
  address = null,
  notice = null,
  noticeKey,
  children,
}: MessageScreenProps) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} className={styles.card}>
      <ScreenTitle id={titleId} className={styles.title} pageTitle={pageTitle}>
        {title}
      </ScreenTitle>
      {address !== null && (
        <p className={styles.address}>
          <Address>{address}</Address>
        </p>
      )}
      <p className={styles.text}>
        {body}
        {bodyEnd !== null && ` ${bodyEnd}`}
      </p>
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

/** The texts of an InfoScreen, as message ids. */
export interface InfoScreenTexts {
  title: MessageId;
  /** The screen's short name in the document title. */
  pageTitle: MessageId;
  body: MessageId;
}

/** A button of an InfoScreen: its label's message id and what it does. */
export interface InfoScreenAction {
  label: MessageId;
  onClick: () => void;
}

export interface InfoScreenProps {
  texts: InfoScreenTexts;
  /** The main button (filled). */
  action: InfoScreenAction;
  /** A second way on (outlined), e.g. back to sign in. */
  other?: InfoScreenAction;
  /** The main button's action is under way: it shows so, and the other button waits. */
  busy?: boolean;
  /** Why the main button's last action failed (the button keeps focus; the notice is announced). */
  notice?: MessageId | null;
  /** Changes with each failure, so that the same notice is announced again. */
  noticeKey?: unknown;
  /** A sentence, already in words, that ends the body's paragraph. */
  bodyEnd?: string | null;
  /** The e-mail address the body speaks of, shown above it. */
  address?: string | null;
}

/**
 * A MessageScreen whose texts and one or two buttons are given as message ids: the screens that say
 * something and lead on (a link expired or sent, a password changed, a welcome, an account secured),
 * and those whose one action may take a moment or fail (pair this device, secure the account).
 */
export function InfoScreen({
  texts,
  action,
  other,
  busy = false,
  notice = null,
  noticeKey,
  bodyEnd = null,
  address = null,
}: InfoScreenProps) {
  const t = useT();
  return (
    <MessageScreen
      title={t(texts.title)}
      pageTitle={t(texts.pageTitle)}
      body={t(texts.body)}
      bodyEnd={bodyEnd}
      address={address}
      notice={notice === null ? null : t(notice)}
      noticeKey={noticeKey}
    >
      <Button variant="filled" rounded fullWidth loading={busy} onClick={action.onClick}>
        {t(action.label)}
      </Button>
      {other && (
        <Button
          variant="outlined"
          rounded
          fullWidth
          aria-disabled={busy || undefined}
          onClick={busy ? undefined : other.onClick}
        >
          {t(other.label)}
        </Button>
      )}
    </MessageScreen>
  );
}
