/**
 * Confirmation dialog built on Base UI (focus trap, focus return, Escape, scroll lock).
 * Import it from this file (`shared/ui/dialog`), not from the kit index, so Base UI is only
 * loaded by screens that show a dialog.
 */
import type { ReactNode, RefObject } from 'react';
import { Dialog as BaseDialog } from '@base-ui/react/dialog';
import { Button } from './button';
import styles from './dialog.module.css';

export interface DialogProps {
  /** Controlled open state. */
  open: boolean;
  /** Called with false on Escape, outside press, cancel and (by default) confirm. */
  onOpenChange: (open: boolean) => void;
  /** Heading (already translated); the dialog's accessible name. */
  title: ReactNode;
  /**
   * The dialog's accessible description. Without it the body is the description, which suits a
   * dialog of a sentence or two; a dialog with a form gives its introductory sentence here, or
   * `null` for none, so that a screen reader does not read the whole form (labels, hints, buttons)
   * as the description when the dialog opens.
   */
  description?: ReactNode;
  /** Body; the dialog's accessible description unless `description` is given. */
  children: ReactNode;
  /** Text of the confirm button; without it no confirm button is rendered. */
  confirmLabel?: string;
  onConfirm?: () => void;
  /** Close the dialog after onConfirm (default true). */
  closeOnConfirm?: boolean;
  confirmLoading?: boolean;
  /** Text of an optional cancel button that closes the dialog. */
  cancelLabel?: string;
  /** Fully custom action buttons instead of confirm/cancel. */
  actions?: ReactNode;
  /** Keep the dialog open on outside press (Escape still closes). */
  disablePointerDismissal?: boolean;
  /** Element to focus when the dialog opens (default: first focusable element). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Element to focus when it closes (default: the element focused before it opened). */
  finalFocus?: RefObject<HTMLElement | null>;
  titleTestId?: string;
  contentTestId?: string;
  confirmTestId?: string;
  className?: string;
}

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  onConfirm,
  closeOnConfirm = true,
  confirmLoading,
  cancelLabel,
  actions,
  disablePointerDismissal,
  initialFocus,
  finalFocus,
  titleTestId,
  contentTestId,
  confirmTestId,
  className,
}: DialogProps) {
  const handleConfirm = () => {
    onConfirm?.();
    if (closeOnConfirm) onOpenChange(false);
  };

  return (
    <BaseDialog.Root
      open={open}
      onOpenChange={(next) => onOpenChange(next)}
      disablePointerDismissal={disablePointerDismissal}
    >
      <BaseDialog.Portal>
        <BaseDialog.Backdrop className={styles.backdrop} />
        <BaseDialog.Popup
          className={className ? `${styles.popup} ${className}` : styles.popup}
          initialFocus={initialFocus}
          finalFocus={finalFocus}
        >
          <BaseDialog.Title className={styles.title} data-testid={titleTestId}>
            {title}
          </BaseDialog.Title>
          {description === undefined ? (
            <BaseDialog.Description className={styles.content} data-testid={contentTestId} render={<div />}>
              {children}
            </BaseDialog.Description>
          ) : (
            <div className={styles.content} data-testid={contentTestId}>
              {description !== null && (
                <BaseDialog.Description className={styles.description}>{description}</BaseDialog.Description>
              )}
              {children}
            </div>
          )}
          <div className={styles.actions}>
            {actions ?? (
              <>
                {cancelLabel && <BaseDialog.Close render={<Button variant="text" />}>{cancelLabel}</BaseDialog.Close>}
                {confirmLabel && (
                  <Button variant="text" data-testid={confirmTestId} loading={confirmLoading} onClick={handleConfirm}>
                    {confirmLabel}
                  </Button>
                )}
              </>
            )}
          </div>
        </BaseDialog.Popup>
      </BaseDialog.Portal>
    </BaseDialog.Root>
  );
}
