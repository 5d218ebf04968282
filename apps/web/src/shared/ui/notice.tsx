import type { ReactNode, Ref } from 'react';
import { useAnnouncement } from '../a11y';
import styles from './notice.module.css';

export type NoticeVariant = 'error' | 'info' | 'success';

export interface NoticeProps {
  variant?: NoticeVariant;
  children: ReactNode;
  className?: string;
  id?: string;
  /**
   * Announces the notice itself when it appears (and when `announceKey` changes): for a
   * status, or the failure of an action whose button keeps focus. A form's answer is reported
   * by the form instead (focus on the notice, or an announcement; useFailureReport).
   * The page's live regions are used (errors assertively, the rest politely); the notice is not one.
   */
  announce?: boolean;
  announceKey?: unknown;
  /** A form's error summary: focus can be moved to it after a failed submit. */
  focusable?: boolean;
  ref?: Ref<HTMLDivElement>;
  'data-testid'?: string;
}

/**
 * An inline notice inside a form (e.g. "You have entered incorrect credentials.").
 * Not a live region: the app's one polite and one assertive region speak
 * (docs/decisions/0010-focus-and-announcements.md).
 */
export function Notice({
  variant = 'info',
  children,
  className,
  id,
  announce = false,
  announceKey,
  focusable = false,
  ref,
  'data-testid': testId,
}: NoticeProps) {
  useAnnouncement(
    announce && typeof children === 'string' ? children : null,
    variant === 'error' ? 'assertive' : 'polite',
    announceKey,
  );
  return (
    <div
      ref={ref}
      id={id}
      tabIndex={focusable ? -1 : undefined}
      data-testid={testId}
      data-variant={variant}
      className={[styles.notice, styles[variant], className].filter(Boolean).join(' ')}
    >
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
