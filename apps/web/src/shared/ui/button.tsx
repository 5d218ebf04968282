import type { ComponentProps, MouseEvent, ReactNode } from 'react';
import { LoadingIndicator } from './loading-indicator';
import styles from './button.module.css';

export type ButtonVariant = 'text' | 'outlined' | 'filled' | 'link';

export interface ButtonStyleOptions {
  variant?: ButtonVariant;
  /** Fully rounded ends (pill shape). */
  rounded?: boolean;
  /** Stretch to the width of the container. */
  fullWidth?: boolean;
}

/**
 * The button classes, for elements that must look like a button but are not one
 * (e.g. a router link to another page).
 */
export function buttonClassName(
  { variant = 'filled', rounded = false, fullWidth = false }: ButtonStyleOptions = {},
  extra?: string,
): string {
  return [styles.button, styles[variant], rounded && styles.rounded, fullWidth && styles.fullWidth, extra]
    .filter(Boolean)
    .join(' ');
}

export interface ButtonProps extends ComponentProps<'button'>, ButtonStyleOptions {
  /**
   * Shows an 18px indicator, sets aria-busy and ignores further activation (clicks and
   * form submission) while keeping focus and the label for screen readers.
   */
  loading?: boolean;
  /** Decorative icon before the label. */
  startIcon?: ReactNode;
}

/**
 * A native `<button>`; `type` defaults to "button", pass `type="submit"` in forms.
 * While `loading`, the button stays focusable (no `disabled`, so focus is not lost) but reports
 * aria-disabled and swallows clicks, so a second activation cannot submit twice.
 */
export function Button({
  variant = 'filled',
  rounded = false,
  fullWidth = false,
  loading = false,
  startIcon,
  type = 'button',
  className,
  children,
  onClick,
  ...rest
}: ButtonProps) {
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      // Blocks both the handler and the implicit form submit of type="submit".
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };

  return (
    <button
      {...rest}
      type={type}
      className={buttonClassName({ variant, rounded, fullWidth }, className)}
      aria-busy={loading || undefined}
      aria-disabled={loading || rest['aria-disabled'] || undefined}
      data-loading={loading || undefined}
      onClick={handleClick}
    >
      {loading && <LoadingIndicator className={styles.indicator} />}
      <span className={styles.content}>
        {startIcon && (
          <span className={styles.icon} aria-hidden="true">
            {startIcon}
          </span>
        )}
        <span className={styles.label}>{children}</span>
      </span>
    </button>
  );
}
