import { useEffect } from 'react';
import { useA11y } from '../shared/a11y';
import type { ReactNode } from 'react';
import type { ReCaptchaInfo } from '@gatehouse/contract';
import { useT } from '../shared/i18n';
import { LoadingIndicator } from '../shared/ui';
import { BotCheckNotice } from './bot-check-notice';
import { LanguageChoice } from './language-choice';
import { Logo } from './logo';
import styles from './page.module.css';

export interface PageFrameProps {
  children: ReactNode;
  /** The page's document title (already translated); follows the language. A screen puts its name before it ("PIN – Prihlásenie"). */
  title: string;
  /** From server version; null while loading (the line keeps its height). */
  copyright: string | null;
  reCaptcha?: ReCaptchaInfo | null;
  /** True while the page waits for data: main reports aria-busy. */
  busy?: boolean;
}

/** Landmarks and the elements every page has (header, main, footer with the language choice). */
export function PageFrame({ children, title, copyright, reCaptcha = null, busy = false }: PageFrameProps) {
  const t = useT();
  const { setTitle } = useA11y();
  useEffect(() => setTitle('frame', title), [title, setTitle]);
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Logo className={styles.logo} label={t('app.logo')} />
      </header>
      <main className={styles.main} aria-busy={busy || undefined}>
        {children}
      </main>
      <footer className={styles.footer}>
        <BotCheckNotice reCaptcha={reCaptcha} />
        <LanguageChoice />
        <p className={styles.copyright}>{copyright ?? '\u00a0'}</p>
      </footer>
    </div>
  );
}

/** The loading state: the card's place is kept, so nothing jumps when it arrives. */
export function LoadingPlaceholder() {
  const t = useT();
  return (
    <div className={styles.loading}>
      <LoadingIndicator size={32} label={t('app.loading')} />
    </div>
  );
}
