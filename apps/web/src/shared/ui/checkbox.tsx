/**
 * Checkbox built on Base UI (behaviour, keyboard, hidden form input). Import it from this file
 * (`shared/ui/checkbox`), not from the kit index, so Base UI stays out of screens without it.
 */
import { useId } from 'react';
import type { FocusEventHandler, ReactNode, Ref } from 'react';
import { Checkbox as BaseCheckbox } from '@base-ui/react/checkbox';
import styles from './checkbox.module.css';

export interface CheckboxProps {
  /** Visible label (already translated); also the accessible name. */
  label: ReactNode;
  /** Extra text under the label, joined to the accessible description. */
  description?: ReactNode;
  /** Controlled state. With react-hook-form use a Controller: checked={field.value}. */
  checked?: boolean;
  defaultChecked?: boolean;
  /** Called with the new state (react-hook-form: onCheckedChange={field.onChange}). */
  onCheckedChange?: (checked: boolean) => void;
  onBlur?: FocusEventHandler<HTMLElement>;
  disabled?: boolean;
  required?: boolean;
  /** Name of the hidden form input. */
  name?: string;
  /** Id of the checkbox button. */
  id?: string;
  /** Ref to the focusable checkbox button (react-hook-form's field.ref focuses it on errors). */
  ref?: Ref<HTMLElement>;
  className?: string;
  'data-testid'?: string;
}

export function Checkbox({
  label,
  description,
  checked,
  defaultChecked,
  onCheckedChange,
  onBlur,
  disabled,
  required,
  name,
  id,
  ref,
  className,
  'data-testid': testId,
}: CheckboxProps) {
  const baseId = useId();
  const controlId = id ?? `${baseId}-control`;
  const labelId = `${baseId}-label`;
  const descriptionId = `${baseId}-description`;
  return (
    <div className={className ? `${styles.field} ${className}` : styles.field} data-disabled={disabled || undefined}>
      <div className={styles.row}>
        {/* A native button with a sibling label (Base UI's recommended pattern): a wrapping
            <label> around the hidden input made Space toggle twice in happy-dom. */}
        <BaseCheckbox.Root
          ref={ref}
          id={controlId}
          nativeButton
          render={<button type="button" />}
          name={name}
          checked={checked}
          defaultChecked={defaultChecked}
          onCheckedChange={onCheckedChange ? (next) => onCheckedChange(next) : undefined}
          onBlur={onBlur}
          disabled={disabled}
          required={required}
          aria-labelledby={labelId}
          aria-describedby={description ? descriptionId : undefined}
          className={styles.box}
          data-testid={testId}
        >
          <BaseCheckbox.Indicator className={styles.indicator}>
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path
                d="M5 12.5l4.5 4.5L19 7.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="3"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </BaseCheckbox.Indicator>
        </BaseCheckbox.Root>
        <label id={labelId} htmlFor={controlId} className={styles.label}>
          {label}
        </label>
      </div>
      {description && (
        <p id={descriptionId} className={styles.description}>
          {description}
        </p>
      )}
    </div>
  );
}
