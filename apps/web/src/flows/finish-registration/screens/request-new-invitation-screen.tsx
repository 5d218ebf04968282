import type { Ref } from 'react';
import { NewTokenForm } from '../../../shared/forms';
import type { EmailProblem, NewTokenFormHandle, NewTokenNotice } from '../../../shared/forms';
import { useT } from '../../../shared/i18n';

export interface RequestNewInvitationScreenProps {
  submitting: boolean;
  notice: NewTokenNotice | null;
  emailError: { problem: EmailProblem } | null;
  failures: number;
  onSubmit: (email: string) => void;
  onCancel: () => void;
  handle?: Ref<NewTokenFormHandle>;
}

/** State requestNewToken: the e-mail to send a fresh registration link to. */
export function RequestNewInvitationScreen({ submitting, notice, emailError, failures, onSubmit, onCancel, handle }: RequestNewInvitationScreenProps) {
  const t = useT();
  return (
    <NewTokenForm
      title={t('registration.newToken.title')}
      pageTitle={t('registration.pageTitle.newToken')}
      description={t('registration.newToken.description')}
      emailLabel={t('registration.newToken.email')}
      submitLabel={t('registration.newToken.submit')}
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
