import { useId } from 'react';
import { useT } from '../../../shared/i18n';
import styles from './screens.module.css';

export interface SharedComputerChoiceProps {
  checked: boolean;
  onChange: (shared: boolean) => void;
}

/**
 * "This is a shared or public computer" on the two login forms (docs/decisions/0116-shared-computer.md).
 * A native checkbox: it is part of the first view, where Base UI's checkbox would be a lazy chunk
 * appearing late. Its hint says what the choice does, once it is chosen.
 */
export function SharedComputerChoice({ checked, onChange }: SharedComputerChoiceProps) {
  const t = useT();
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={styles.sharedChoice}>
      <input
        id={id}
        type="checkbox"
        name="sharedComputer"
        className={styles.sharedBox}
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        aria-describedby={checked ? hintId : undefined}
      />
      <label htmlFor={id} className={styles.sharedLabel}>
        {t('signIn.login.sharedComputer')}
      </label>
      {checked && (
        <p id={hintId} className={styles.sharedHint}>
          {t('signIn.login.sharedComputerHint')}
        </p>
      )}
    </div>
  );
}
