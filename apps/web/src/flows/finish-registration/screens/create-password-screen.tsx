import { SetPasswordForm } from '../../../shared/forms';
import type { PasswordFieldErrors, SetPasswordNotice, SetPasswordValues } from '../../../shared/forms';
import { useT } from '../../../shared/i18n';

export interface CreatePasswordScreenProps {
  submitting: boolean;
  notice: SetPasswordNotice | null;
  fieldErrors: PasswordFieldErrors;
  failures: number;
  onSubmit: (values: SetPasswordValues) => void;
}

/** State setPassword: the welcome variant of the set-password form (first access, its own title). */
export function CreatePasswordScreen({ submitting, notice, fieldErrors, failures, onSubmit }: CreatePasswordScreenProps) {
  const t = useT();
  return (
    <SetPasswordForm
      title={t('registration.setPassword.title')}
      pageTitle={t('registration.pageTitle.setPassword')}
      submitLabel={t('registration.setPassword.submit')}
      submitting={submitting}
      notice={notice}
      serverErrors={fieldErrors}
      failures={failures}
      onSubmit={onSubmit}
    />
  );
}
