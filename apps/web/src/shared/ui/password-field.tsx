import { useId, useState } from 'react';
import type { FocusEvent, KeyboardEvent, MouseEvent } from 'react';
import { useAnnounce } from '../a11y';
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
 * While Caps Lock is on and the person is in the field, a notice says so beside the toggle
 * (words and an icon, not a colour): it is part of the field's description and is announced
 * politely when it comes on. Pass `autoComplete="current-password"` or `"new-password"`.
 */
export function PasswordField({
  toggleLabel,
  defaultVisible = false,
  disabled,
  onKeyDown,
  onKeyUp,
  onMouseDown,
  onBlur,
  ...props
}: PasswordFieldProps) {
  const t = useT();
  const announce = useAnnounce();
  const capsLockId = useId();
  const [visible, setVisible] = useState(defaultVisible);
  const [capsLock, setCapsLock] = useState(false);
  const label = toggleLabel ?? t('ui.password.show');

  // Caps Lock can only be read from an event: every key, and a click into the field.
  const readCapsLock = (event: KeyboardEvent<HTMLInputElement> | MouseEvent<HTMLInputElement>) => {
    const on = event.getModifierState('CapsLock');
    if (on === capsLock) return;
    setCapsLock(on);
    if (on) announce(t('ui.password.capsLock'), 'polite');
  };

  return (
    <TextField
      {...props}
      disabled={disabled}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      aria-describedby={
        [props['aria-describedby'], capsLock ? capsLockId : null].filter(Boolean).join(' ') || undefined
      }
      onKeyDown={(event) => {
        readCapsLock(event);
        onKeyDown?.(event);
      }}
      onKeyUp={(event) => {
        readCapsLock(event);
        onKeyUp?.(event);
      }}
      onMouseDown={(event) => {
        readCapsLock(event);
        onMouseDown?.(event);
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        // Not known outside the field: the notice comes back with the next key.
        setCapsLock(false);
        onBlur?.(event);
      }}
      endAdornment={
        <>
          {capsLock && (
            <span id={capsLockId} className={styles.capsLock} data-testid="caps-lock">
              <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path fill="currentColor" d="M12 3 4 12h5v5h6v-5h5l-8-9Zm-5 16v2h10v-2H7Z" />
              </svg>
              {t('ui.password.capsLock')}
            </span>
          )}
          <button
            type="button"
            className={styles.toggle}
            aria-label={label}
            title={label}
            aria-pressed={visible}
            disabled={disabled}
            // A press with the mouse or a finger leaves the caret in the field: the person goes on
            // typing, and the field is not left (its check would tell an empty field off). The
            // keyboard reaches the toggle with Tab, as any control.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => setVisible((v) => !v)}
          >
            <EyeIcon crossed={visible} />
          </button>
        </>
      }
    />
  );
}

/** The eye of the show/hide button; crossed out while the password is shown. */
function EyeIcon({ crossed = false }: { crossed?: boolean }) {
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M1.5 12S5.5 5 12 5s10.5 7 10.5 7-4 7-10.5 7S1.5 12 1.5 12Z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M3 3l18 18" strokeLinecap="round" />}
    </svg>
  );
}
