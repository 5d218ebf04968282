import type { Ref } from 'react';
import { useT } from '../i18n';
import type { MessageId } from '../i18n';
import { NewTokenForm } from './new-token-form';
import type { NewTokenFormHandle } from './new-token-form';
import type { RequestNewTokenState } from './link-request';

/** The texts of a request-new-link screen, as message ids: the page says what kind of link it sends. */
export interface LinkRequestTexts {
  title: MessageId;
  pageTitle: MessageId;
  description: MessageId;
  email: MessageId;
  submit: MessageId;
}

export interface LinkRequestScreenProps {
  texts: LinkRequestTexts;
  /** The machine's request-new-link state. */
  state: RequestNewTokenState;
  onSubmit: (email: string) => void;
  onCancel: () => void;
  handle?: Ref<NewTokenFormHandle>;
}

/** State requestNewToken of a link's page: the e-mail to send a new link to. */
export function LinkRequestScreen({ texts, state, onSubmit, onCancel, handle }: LinkRequestScreenProps) {
  const t = useT();
  return (
    <NewTokenForm
      title={t(texts.title)}
      pageTitle={t(texts.pageTitle)}
      description={t(texts.description)}
      emailLabel={t(texts.email)}
      submitLabel={t(texts.submit)}
      cancelLabel={t('common.cancel')}
      submitting={state.submitting}
      notice={state.notice}
      serverError={state.emailError}
      failures={state.failures}
      onSubmit={onSubmit}
      onCancel={onCancel}
      handle={handle}
    />
  );
}
