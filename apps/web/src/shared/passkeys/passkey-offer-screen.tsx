import { useRef, useState } from 'react';
import { MessageScreen } from '../screens';
import { useT } from '../i18n';
import { Button } from '../ui';
import { LazyBiometricRestrictedDialog } from './lazy-biometric-restricted-dialog';
import { activatePasskey, browserPasskeyOfferDeps, declinePasskeyOffer } from './passkey-offer';
import type { PasskeyOfferDeps } from './passkey-offer';

export interface PasskeyOfferScreenProps {
  /** The offer is over (activated, later, declined): the caller redirects. */
  onDone: () => void;
  deps?: PasskeyOfferDeps;
}

type Busy = 'activate' | 'decline' | null;

/**
 * The passkey registration offer: Activate, Ask later, Don't ask again
 * (docs/flows/passkeys.md). A failed activation says so and leaves the other buttons
 * to go on; a cancelled prompt says nothing; an authenticator that already holds
 * a passkey of this account silently sets the offer to false.
 */
export function PasskeyOfferScreen({ onDone, deps = browserPasskeyOfferDeps }: PasskeyOfferScreenProps) {
  const t = useT();
  const [busy, setBusy] = useState<Busy>(null);
  const [failed, setFailed] = useState(false);
  const [restricted, setRestricted] = useState(false);
  const done = useRef(false);
  const finish = () => {
    if (done.current) return;
    done.current = true;
    onDone();
  };

  const activate = async () => {
    if (busy !== null) return;
    setBusy('activate');
    setFailed(false);
    const result = await activatePasskey(deps);
    switch (result) {
      case 'activated':
        return finish();
      case 'alreadyRegistered':
        await declinePasskeyOffer(deps);
        return finish();
      case 'cancelled':
        break;
      case 'restricted':
        setRestricted(true);
        break;
      case 'notAllowed':
      case 'failed':
        setFailed(true);
        break;
      default:
        result satisfies never;
    }
    setBusy(null);
  };

  const decline = async () => {
    if (busy !== null) return;
    setBusy('decline');
    await declinePasskeyOffer(deps);
    finish();
  };

  return (
    <>
      <MessageScreen
        title={t('signIn.passkeyOffer.title')}
        pageTitle={t('signIn.passkeyOffer.pageTitle')}
        body={t('signIn.passkeyOffer.body')}
        notice={failed ? t('signIn.passkeyOffer.failed') : null}
      >
        <Button
          variant="filled"
          rounded
          fullWidth
          loading={busy === 'activate'}
          aria-disabled={busy === 'decline' || undefined}
          onClick={() => void activate()}
        >
          {t('signIn.passkeyOffer.activate')}
        </Button>
        <Button
          variant="outlined"
          rounded
          fullWidth
          aria-disabled={busy !== null || undefined}
          onClick={busy !== null ? undefined : finish}
        >
          {t('signIn.passkeyOffer.askLater')}
        </Button>
        <Button
          variant="text"
          rounded
          fullWidth
          loading={busy === 'decline'}
          aria-disabled={busy === 'activate' || undefined}
          onClick={() => void decline()}
        >
          {t('signIn.passkeyOffer.dontAskAgain')}
        </Button>
      </MessageScreen>
      <LazyBiometricRestrictedDialog open={restricted} onClose={() => setRestricted(false)} />
    </>
  );
}
