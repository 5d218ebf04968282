import { useT } from '../../../shared/i18n';
import { Button, Notice } from '../../../shared/ui';
import type { PasskeyNotice } from '../sign-in.machine';
import { PASSKEY_NOTICE_MESSAGES } from '../sign-in.messages';

export interface PasskeyPartProps {
  /** A passkey sign-in is under way. */
  busy: boolean;
  /** A password sign-in is under way: the button waits. */
  blocked: boolean;
  notice: PasskeyNotice | null;
  /** The login form's device-offer notification (conditional mediation is armed). */
  deviceOffer?: boolean;
  onPasskey: () => void;
}

/**
 * The passkey part of the login forms: the outcome of the last attempt, the
 * 'Sign in using device' button (always shown) and, below it, the device-offer
 * notification. A cancelled prompt is only a polite status; `restricted` is
 * the dialog, not a notice.
 */
export function PasskeyPart({ busy, blocked, notice, deviceOffer = false, onPasskey }: PasskeyPartProps) {
  const t = useT();
  return (
    <>
      {notice !== null && notice !== 'restricted' && (
        // The passkey button keeps focus: the outcome is announced (a cancelled prompt politely).
        <Notice variant={notice === 'cancelled' ? 'info' : 'error'} data-testid="passkey-notice" announce>
          {t(PASSKEY_NOTICE_MESSAGES[notice])}
        </Notice>
      )}
      <Button
        variant="outlined"
        rounded
        fullWidth
        loading={busy}
        aria-disabled={blocked || undefined}
        onClick={blocked ? undefined : onPasskey}
      >
        {t('signIn.passkey.button')}
      </Button>
      {deviceOffer && notice === null && (
        // Below the button: it comes when conditional mediation is ready, while the person may be
        // reaching for the button, which must not move under the pointer.
        <Notice variant="info" announce>
          {t('signIn.login.deviceOffer')}
        </Notice>
      )}
    </>
  );
}
