import type { ChangeEvent } from 'react';
import { TextField } from './text-field';
import type { TextFieldProps } from './text-field';
import styles from './pin-field.module.css';

/** Upper-cases a PIN and drops whitespace (codes pasted from a mail often carry spaces). */
export function normalizePin(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

export type PinFieldProps = Omit<
  TextFieldProps,
  'type' | 'inputMode' | 'autoComplete' | 'autoCapitalize' | 'spellCheck'
>;

/**
 * One real input for a one-time PIN sent by mail. It upper-cases typed and pasted text in the
 * input itself before calling `onChange`, so both controlled use and react-hook-form's
 * `register()` (which reads `event.target.value`) see the normalised value.
 */
export function PinField({ onChange, className, ...props }: PinFieldProps) {
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const raw = input.value;
    const normalised = normalizePin(raw);
    if (normalised !== raw) {
      // Keep the caret where the user was typing, shifted by any removed whitespace.
      const caret = input.selectionStart ?? raw.length;
      const newCaret = normalizePin(raw.slice(0, caret)).length;
      input.value = normalised;
      if (document.activeElement === input) input.setSelectionRange(newCaret, newCaret);
    }
    onChange?.(event);
  };

  return (
    <TextField
      {...props}
      className={className ? `${styles.pin} ${className}` : styles.pin}
      type="text"
      inputMode="text"
      autoComplete="one-time-code"
      autoCapitalize="characters"
      autoCorrect="off"
      spellCheck={false}
      onChange={handleChange}
    />
  );
}
