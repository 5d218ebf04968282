import type { ReactNode } from 'react';
import styles from './notice.module.css';

export type NoticeVariant = 'error' | 'info' | 'success';

export interface NoticeProps {
  variant?: NoticeVariant;
  children: ReactNode;
  className?: string;
  id?: string;
  /**
   * Announce politely instead of assertively. Defaults: errors use role="alert",
   * info and success use role="status".
   */
  polite?: boolean;
  'data-testid'?: string;
}

/**
 * An inline notice inside a form (e.g. "You have entered incorrect credentials.").
 * Render it conditionally: a live region announces content that appears.
 */
export function Notice({ variant = 'info', children, className, id, polite, 'data-testid': testId }: NoticeProps) {
  const role = variant === 'error' && !polite ? 'alert' : 'status';
  return (
    <div id={id} role={role} data-testid={testId} data-variant={variant} className={[styles.notice, styles[variant], className].filter(Boolean).join(' ')}>
      <span className={styles.icon} aria-hidden="true">
        <NoticeIcon variant={variant} />
      </span>
      <div className={styles.text}>{children}</div>
    </div>
  );
}

function NoticeIcon({ variant }: { variant: NoticeVariant }) {
  const path =
    variant === 'success'
      ? 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-2 15-5-5 1.4-1.4 3.6 3.6 7.6-7.6L19 8l-9 9Z'
      : variant === 'error'
        ? 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15h-2v-2h2v2Zm0-4h-2V7h2v6Z'
        : 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15h-2v-6h2v6Zm0-8h-2V7h2v2Z';
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" focusable="false">
      <path fill="currentColor" d={path} />
    </svg>
  );
}
