import { SetPasswordForm } from '../../../shared/forms';
import type { PasswordFieldErrors, SetPasswordNotice, SetPasswordValues } from '../../../shared/forms';
import { useT } from '../../../shared/i18n';

export interface SetNewPasswordScreenProps {
  submitting: boolean;
  notice: SetPasswordNotice | null;
  fieldErrors: PasswordFieldErrors;
  failures: number;
  onSubmit: (values: SetPasswordValues) => void;
}

/** State setPassword: the new password and its confirmation. */
export function SetNewPasswordScreen({ submitting, notice, fieldErrors, failures, onSubmit }: SetNewPasswordScreenProps) {
  const t = useT();
  return (
    <SetPasswordForm
      title={t('reset.title')}
      pageTitle={t('reset.pageTitle.newPassword')}
      submitLabel={t('reset.submit')}
      submitting={submitting}
      notice={notice}
      serverErrors={fieldErrors}
      failures={failures}
      onSubmit={onSubmit}
    />
  );
}
