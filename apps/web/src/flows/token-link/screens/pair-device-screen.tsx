import { MessageScreen } from '../../../shared/screens';
import { useT } from '../../../shared/i18n';
import { Button } from '../../../shared/ui';

export interface PairDeviceScreenProps {
  pairing: boolean;
  notice: 'pairFailed' | null;
  onPair: () => void;
  onSkip: () => void;
}

/** State pairDevice: remember this device (mark it as trustworthy) or skip. */
export function PairDeviceScreen({ pairing, notice, onPair, onSkip }: PairDeviceScreenProps) {
  const t = useT();
  return (
    <MessageScreen
      title={t('registration.pairDevice.title')}
      pageTitle={t('registration.pageTitle.pairDevice')}
      body={t('registration.pairDevice.body')}
      notice={notice === 'pairFailed' ? t('registration.pairDevice.failed') : null}
    >
      <Button variant="filled" rounded fullWidth loading={pairing} onClick={onPair}>
        {t('registration.pairDevice.pair')}
      </Button>
      <Button variant="outlined" rounded fullWidth aria-disabled={pairing || undefined} onClick={pairing ? undefined : onSkip}>
        {t('registration.pairDevice.skip')}
      </Button>
    </MessageScreen>
  );
}
