import type { Ref } from 'react';
import type { LoginBody } from '@gatehouse/contract';
import { SubmitButton } from '../../../shared/form/form-screen';
import { useT } from '../../../shared/i18n';
import { Button, Notice } from '../../../shared/ui';
import type { FormHandle } from '../form-handle';
import type { LoginField, LoginNotice, PasskeyNotice } from '../sign-in.machine';
import { PASSKEY_NOTICE_MESSAGES } from '../sign-in.messages';
import { SharedComputerChoice } from './shared-computer-choice';
import styles from './screens.module.css';

/** How the end of a password form (PasswordFormEnd) is set up. */
export interface PasswordFormEndProps {
  /** A password sign-in is under way: the passkey button waits. */
  submitting: boolean;
  /** A passkey sign-in is under way: the sign-in button waits. */
  passkeyBusy?: boolean;
  /** The outcome of the last passkey attempt. */
  passkeyNotice?: PasskeyNotice | null;
  /** The login form's device-offer notification (conditional mediation is armed). */
  deviceOffer?: boolean;
  onPasskey?: () => void;
  /** "This is a shared or public computer" (docs/decisions/0116-shared-computer.md); the choice shows when given. */
  sharedComputer?: { checked: boolean; onChange: (shared: boolean) => void };
}

/** What the two password forms (login, remembered account) are given alike. */
export interface PasswordFormProps extends PasswordFormEndProps {
  notice: LoginNotice | null;
  serverFieldErrors: readonly LoginField[];
  /** Counts the failed answers: each is reported once (focus or announcement). */
  failures: number;
  onSubmit: (body: LoginBody) => void;
  /** Opens the forgot-password form with the e-mail known or typed so far. */
  onForgotPassword: (email: string) => void;
  handle?: Ref<FormHandle>;
}

/**
 * What the two password forms end with, in this order: the shared-computer choice, "Forgot
 * password?", the sign-in button, then the passkey part: the outcome of the last attempt, the
 * 'Sign in using device' button (always shown) and, below it, the device-offer notification. A
 * cancelled prompt is only a polite status; `restricted` is the dialog, not a notice.
 */
export function PasswordFormEnd({
  submitting,
  passkeyBusy = false,
  passkeyNotice = null,
  deviceOffer = false,
  onPasskey = () => undefined,
  sharedComputer,
  onForgot,
}: PasswordFormEndProps & { onForgot: () => void }) {
  const t = useT();
  return (
    <>
      {sharedComputer && <SharedComputerChoice checked={sharedComputer.checked} onChange={sharedComputer.onChange} />}
      <Button variant="link" className={styles.start} onClick={onForgot}>
        {t('signIn.login.forgotPassword')}
      </Button>
      <SubmitButton busy={submitting} aria-disabled={passkeyBusy || undefined}>
        {t('signIn.login.submit')}
      </SubmitButton>
      {passkeyNotice !== null && passkeyNotice !== 'restricted' && (
        // The passkey button keeps focus: the outcome is announced (a cancelled prompt politely).
        <Notice variant={passkeyNotice === 'cancelled' ? 'info' : 'error'} data-testid="passkey-notice" announce>
          {t(PASSKEY_NOTICE_MESSAGES[passkeyNotice])}
        </Notice>
      )}
      <Button
        variant="outlined"
        rounded
        fullWidth
        loading={passkeyBusy}
        aria-disabled={submitting || undefined}
        onClick={submitting ? undefined : onPasskey}
      >
        {t('signIn.passkey.button')}
      </Button>
      {deviceOffer && passkeyNotice === null && (
        // Below the button: it comes when conditional mediation is ready, while the person may be
        // reaching for the button, which must not move under the pointer.
        <Notice variant="info" announce>
          {t('signIn.login.deviceOffer')}
        </Notice>
      )}
    </>
  );
}
