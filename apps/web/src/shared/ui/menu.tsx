/**
 * Menu built on Base UI (roving focus, arrow keys, Escape, type-ahead, focus return).
 * Import it from this file (`shared/ui/menu`), not from the kit index.
 */
import type { ReactNode } from 'react';
import { Menu as BaseMenu } from '@base-ui/react/menu';
import styles from './menu.module.css';

export interface MenuProps {
  /** Accessible name of the icon trigger button (already translated), e.g. "Options for Jana Nováková". */
  triggerLabel: string;
  /** Icon of the trigger; defaults to a vertical "more" (three dots) icon. */
  triggerIcon?: ReactNode;
  /** MenuItem elements. */
  children: ReactNode;
  /** Which edge of the trigger the popup lines up with (default 'end'). */
  align?: 'start' | 'center' | 'end';
  triggerTestId?: string;
  className?: string;
}

export function Menu({ triggerLabel, triggerIcon, children, align = 'end', triggerTestId, className }: MenuProps) {
  return (
    <BaseMenu.Root>
      <BaseMenu.Trigger
        className={className ? `${styles.trigger} ${className}` : styles.trigger}
        aria-label={triggerLabel}
        title={triggerLabel}
        data-testid={triggerTestId}
      >
        {triggerIcon ?? <MoreIcon />}
      </BaseMenu.Trigger>
      <BaseMenu.Portal>
        <BaseMenu.Positioner className={styles.positioner} sideOffset={4} align={align}>
          <BaseMenu.Popup className={styles.popup}>{children}</BaseMenu.Popup>
        </BaseMenu.Positioner>
      </BaseMenu.Portal>
    </BaseMenu.Root>
  );
}

export interface MenuItemProps {
  children: ReactNode;
  /** Runs on click, Enter or Space; the menu then closes and focus returns to the trigger. */
  onSelect: () => void;
  icon?: ReactNode;
  disabled?: boolean;
  'data-testid'?: string;
}

export function MenuItem({ children, onSelect, icon, disabled, 'data-testid': testId }: MenuItemProps) {
  return (
    <BaseMenu.Item className={styles.item} onClick={() => onSelect()} disabled={disabled} data-testid={testId}>
      {icon && (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      )}
      <span className={styles.label}>{children}</span>
    </BaseMenu.Item>
  );
}

function MoreIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="5" r="2" fill="currentColor" />
      <circle cx="12" cy="12" r="2" fill="currentColor" />
      <circle cx="12" cy="19" r="2" fill="currentColor" />
    </svg>
  );
}
