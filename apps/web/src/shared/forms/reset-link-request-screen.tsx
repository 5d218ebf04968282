import type { Ref } from 'react';
import { useT } from '../i18n';
import { NewTokenForm } from './new-token-form';
import type { NewTokenFormHandle } from './new-token-form';
import type { EmailProblem, NewTokenNotice } from './recovery-answers';

export interface ResetLinkRequestScreenProps {
  submitting: boolean;
  notice: NewTokenNotice | null;
  emailError: { problem: EmailProblem } | null;
  failures: number;
  onSubmit: (email: string) => void;
  onCancel: () => void;
  handle?: Ref<NewTokenFormHandle>;
}

/**
 * State requestNewToken of the reset-password and secure-account pages: the e-mail to send a
 * (new) reset link to, with the reset texts.
 */
export function ResetLinkRequestScreen({ submitting, notice, emailError, failures, onSubmit, onCancel, handle }: ResetLinkRequestScreenProps) {
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
