import type { ReactNode } from 'react';
import styles from './screens.module.css';

/**
 * The one h1 of a sign-in screen. It can take focus (tabIndex -1): the flow moves
 * focus to it on every screen change, so screen readers start reading the new screen.
 */
export function ScreenTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h1 id={id} tabIndex={-1} className={styles.title}>
      {children}
    </h1>
  );
}
