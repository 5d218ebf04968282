import type { Ref } from 'react';
import { NewTokenForm } from '../../../shared/forms';
import type { EmailProblem, NewTokenFormHandle, NewTokenNotice } from '../../../shared/forms';
import { useT } from '../../../shared/i18n';

export interface RequestResetScreenProps {
  submitting: boolean;
  notice: NewTokenNotice | null;
  emailError: { problem: EmailProblem } | null;
  failures: number;
  onSubmit: (email: string) => void;
  onCancel: () => void;
  handle?: Ref<NewTokenFormHandle>;
}

/** State requestNewToken: the e-mail to send a reset link to (the same request as the reset page's). */
export function RequestResetScreen({ submitting, notice, emailError, failures, onSubmit, onCancel, handle }: RequestResetScreenProps) {
  const t = useT();
  return (
    <NewTokenForm
      title={t('reset.newToken.title')}
      pageTitle={t('reset.pageTitle.newToken')}
      description={t('reset.newToken.description')}
      emailLabel={t('reset.newToken.email')}
      submitLabel={t('reset.newToken.submit')}
      cancelLabel={t('common.cancel')}
      submitting={submitting}
      notice={notice}
      serverError={emailError}
      failures={failures}
      onSubmit={onSubmit}
      onCancel={onCancel}
      handle={handle}
    />
  );
}
