import { useImperativeHandle } from 'react';
import type { Ref } from 'react';
import { isNonEmptyText, isValidEmail } from '@gatehouse/contract';
import { FormScreen, SubmitButton, useFormFailures } from '../form/form-screen';
import { useCheckedForm } from '../form/use-checked-form';
import { useT } from '../i18n';
import type { MessageId } from '../i18n';
import { Button, EmailField } from '../ui';
import { screenStyles as styles } from '../screens';
import type { EmailProblem, RequestNewTokenState } from './link-request';
import { EMAIL_PROBLEM_MESSAGES, NEW_TOKEN_NOTICE_MESSAGES } from './link-request.messages';

/** The texts of a request-new-link screen, as message ids: the page says what kind of link it sends. */
export interface LinkRequestTexts {
  title: MessageId;
  pageTitle: MessageId;
  description: MessageId;
  email: MessageId;
  submit: MessageId;
}

export interface NewTokenFormHandle {
  /** Empties the e-mail (the service was unavailable: no answer, app_error, a server fault); the form reports the failure itself. */
  clearEmail: () => void;
}

export interface LinkRequestScreenProps {
  texts: LinkRequestTexts;
  /**
   * The machine's request-new-link state: submitting, its notice, the e-mail problem the server
   * reported (shown until the e-mail is edited) and the count of failed answers (each reported once).
   */
  state: RequestNewTokenState;
  onSubmit: (email: string) => void;
  onCancel: () => void;
  handle?: Ref<NewTokenFormHandle>;
}

interface Values {
  email: string;
}

const validateEmail = (value: string): EmailProblem | true =>
  !isNonEmptyText(value) ? 'email_required' : isValidEmail(value) ? true : 'incorrect_email';

const isEmailProblem = (value: string | undefined): value is EmailProblem =>
  value === 'email_required' || value === 'incorrect_email';

/** State requestNewToken of a link's page: the e-mail to send a new link to, one field. */
export function LinkRequestScreen({ texts, state, onSubmit, onCancel, handle }: LinkRequestScreenProps) {
  const t = useT();
  const { register, handleSubmit, resetField, errors } = useCheckedForm<Values>({ email: '' });
  const { failed, server } = useFormFailures<'email', EmailProblem>(state.failures, {
    email: state.emailError?.problem,
  });

  useImperativeHandle(handle, () => ({
    clearEmail: () => resetField('email', { defaultValue: '' }),
  }));

  const problem = errors.email?.message ?? server.problemOf('email');
  const emailError = isEmailProblem(problem) ? t(EMAIL_PROBLEM_MESSAGES[problem]) : undefined;

  return (
    <FormScreen
      title={t(texts.title)}
      pageTitle={t(texts.pageTitle)}
      styles={styles}
      header={<p className={styles.text}>{t(texts.description)}</p>}
      onSubmit={handleSubmit((values) => onSubmit(values.email.trim()), failed.refused)}
      notice={state.notice === null ? null : t(NEW_TOKEN_NOTICE_MESSAGES[state.notice])}
      failureKey={failed.key}
      fieldMessages={{ email: emailError }}
    >
      <EmailField
        label={t(texts.email)}
        autoComplete="email"
        required
        error={emailError}
        {...register('email', { validate: validateEmail, onChange: () => server.edited('email') })}
      />
      <div className={styles.actions}>
        <SubmitButton busy={state.submitting}>{t(texts.submit)}</SubmitButton>
        <Button variant="text" rounded fullWidth onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </div>
    </FormScreen>
  );
}
