import type { ReactNode } from 'react';
import styles from './screens.module.css';

/** The way back to the remembered accounts, above a login form (an arrow and a text). */
export function BackToListButton({
  label,
  onClick,
  children,
}: {
  label?: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" className={styles.backButton} onClick={onClick} aria-label={label}>
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M20 11H7.8l5.6-5.6L12 4l-8 8 8 8 1.4-1.4L7.8 13H20v-2Z" />
      </svg>
      {children}
    </button>
  );
}
