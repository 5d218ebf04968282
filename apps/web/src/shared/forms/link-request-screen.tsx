import type { Ref } from 'react';
import { useT } from '../i18n';
import type { MessageId } from '../i18n';
import { NewTokenForm } from './new-token-form';
import type { NewTokenFormHandle } from './new-token-form';
import type { EmailProblem, NewTokenNotice } from './recovery-answers';

/** The texts of each kind of link: a reset link (reset-password, secure-account) or a fresh invitation. */
const TEXTS = {
  reset: {
    title: 'reset.newToken.title',
    pageTitle: 'reset.pageTitle.newToken',
    description: 'reset.newToken.description',
    email: 'reset.newToken.email',
    submit: 'reset.newToken.submit',
  },
  registration: {
    title: 'registration.newToken.title',
    pageTitle: 'registration.pageTitle.newToken',
    description: 'registration.newToken.description',
    email: 'registration.newToken.email',
    submit: 'registration.newToken.submit',
  },
} as const satisfies Record<string, Record<string, MessageId>>;

export interface LinkRequestScreenProps {
  kind: keyof typeof TEXTS;
  submitting: boolean;
  notice: NewTokenNotice | null;
  emailError: { problem: EmailProblem } | null;
  failures: number;
  onSubmit: (email: string) => void;
  onCancel: () => void;
  handle?: Ref<NewTokenFormHandle>;
}

/** State requestNewToken of the link pages: the e-mail to send a new link of this kind to. */
export function LinkRequestScreen({ kind, submitting, notice, emailError, failures, onSubmit, onCancel, handle }: LinkRequestScreenProps) {
  const t = useT();
  const texts = TEXTS[kind];
  return (
    <NewTokenForm
      title={t(texts.title)}
      pageTitle={t(texts.pageTitle)}
      description={t(texts.description)}
      emailLabel={t(texts.email)}
      submitLabel={t(texts.submit)}
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
