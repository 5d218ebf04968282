import { useT } from '../i18n';
import { Dialog } from '../ui/dialog';

export interface BiometricRestrictedDialogProps {
  /** Open or closed as the caller sets. */
  open: boolean;
  /** Called when the dialog closes (confirm, Escape or a press outside). */
  onClose: () => void;
}

export const BIOMETRIC_DIALOG_TEST_IDS = {
  title: 'biometric-dialog-title',
  content: 'biometric-dialog-content',
  confirm: 'biometric-dialog-confirm',
} as const;

/**
 * The biometric-restricted information dialog: a title, an explanatory body and
 * one confirm button that closes it. Base UI is in it, so load it lazily
 * (LazyBiometricRestrictedDialog).
 */
export function BiometricRestrictedDialog({ open, onClose }: BiometricRestrictedDialogProps) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t('biometric.title')}
      confirmLabel={t('biometric.confirm')}
      titleTestId={BIOMETRIC_DIALOG_TEST_IDS.title}
      contentTestId={BIOMETRIC_DIALOG_TEST_IDS.content}
      confirmTestId={BIOMETRIC_DIALOG_TEST_IDS.confirm}
    >
      <p>{t('biometric.body')}</p>
    </Dialog>
  );
}
