import { useId } from 'react';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import styles from './text-field.module.css';

export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'children'> {
  /** Visible label (already translated). */
  label: ReactNode;
  /** Help text under the label, announced as part of the description. */
  hint?: ReactNode;
  /** Error message under the input; sets aria-invalid and joins aria-describedby. */
  error?: ReactNode;
  /** Element inside the right end of the field (e.g. a toggle button). */
  endAdornment?: ReactNode;
  /** Class for the outer wrapper; `className` goes to the `<input>`. */
  fieldClassName?: string;
}

/**
 * A labelled text input. Every input prop (name, type, autoComplete, inputMode, onChange,
 * onBlur, ref, …) goes to the `<input>`, so `{...register('email')}` from react-hook-form works.
 * React 19 passes `ref` as a prop, so no forwardRef is needed.
 */
export function TextField({
  label,
  hint,
  error,
  endAdornment,
  fieldClassName,
  className,
  id,
  'aria-describedby': describedByProp,
  'aria-invalid': invalidProp,
  ...inputProps
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? `${generatedId}-input`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const describedBy =
    [describedByProp, hint ? hintId : null, hasError ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={fieldClassName ? `${styles.field} ${fieldClassName}` : styles.field}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <div
        className={styles.control}
        data-invalid={hasError || undefined}
        data-disabled={inputProps.disabled || undefined}
      >
        <input
          {...inputProps}
          id={inputId}
          className={className ? `${styles.input} ${className}` : styles.input}
          aria-invalid={hasError ? true : invalidProp}
          aria-describedby={describedBy}
        />
        {endAdornment && <div className={styles.adornment}>{endAdornment}</div>}
      </div>
      {hasError && (
        <p id={errorId} className={styles.error}>
          <svg
            className={styles.errorIcon}
            width="16"
            height="16"
            viewBox="0 0 24 24"
            aria-hidden="true"
            focusable="false"
          >
            <path fill="currentColor" d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15h-2v-2h2v2Zm0-4h-2V7h2v6Z" />
          </svg>
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}

/**
 * A TextField for an e-mail address: the e-mail keyboard, and no capital first letter or
 * spelling correction, which would change what the person typed.
 */
export function EmailField(props: Omit<TextFieldProps, 'type' | 'inputMode'>) {
  return <TextField type="email" inputMode="email" autoCapitalize="none" spellCheck={false} {...props} />;
}
