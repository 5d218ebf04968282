import { useState } from 'react';
import { useT } from '../i18n';
import { TextField } from './text-field';
import type { TextFieldProps } from './text-field';
import styles from './password-field.module.css';

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'endAdornment'> {
  /** Accessible name of the show/hide toggle; defaults to the `ui.password.show` message. */
  toggleLabel?: string;
  /** Start with the password visible. */
  defaultVisible?: boolean;
}

/**
 * A TextField of type password with a toggle button that reveals the text.
 * The toggle keeps one name ("Show password") and reports its state with aria-pressed.
 * Pass `autoComplete="current-password"` or `"new-password"`.
 */
export function PasswordField({ toggleLabel, defaultVisible = false, disabled, ...props }: PasswordFieldProps) {
  const t = useT();
  const [visible, setVisible] = useState(defaultVisible);
  const label = toggleLabel ?? t('ui.password.show');

  return (
    <TextField
      {...props}
      disabled={disabled}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      endAdornment={
        <button
          type="button"
          className={styles.toggle}
          aria-label={label}
          title={label}
          aria-pressed={visible}
          disabled={disabled}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  );
}

function EyeIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
      <path d="M1.5 12S5.5 5 12 5s10.5 7 10.5 7-4 7-10.5 7S1.5 12 1.5 12Z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}

function EyeOffIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
      <path d="M1.5 12S5.5 5 12 5s10.5 7 10.5 7-4 7-10.5 7S1.5 12 1.5 12Z" />
      <circle cx="12" cy="12" r="3" />
      <path d="M3 3l18 18" strokeLinecap="round" />
    </svg>
  );
}
