import { useImperativeHandle } from 'react';
import type { Ref } from 'react';
import { isNonEmptyText, isValidEmail } from '@gatehouse/contract';
import { FormScreen, SubmitButton, useFormFailures } from '../form/form-screen';
import { useCheckedForm } from '../form/use-checked-form';
import { useT } from '../i18n';
import { Button, EmailField } from '../ui';
import { screenStyles as styles } from '../screens';
import type { EmailProblem, NewTokenNotice } from './link-request';
import { EMAIL_PROBLEM_MESSAGES, NEW_TOKEN_NOTICE_MESSAGES } from './link-request.messages';

export interface NewTokenFormHandle {
  /** Empties the e-mail (the service was unavailable: no answer, app_error, a server fault); the form reports the failure itself. */
  clearEmail: () => void;
}

export interface NewTokenFormProps {
  title: string;
  /** The screen's short name in the document title. */
  pageTitle: string;
  description: string;
  emailLabel: string;
  submitLabel: string;
  cancelLabel: string;
  submitting: boolean;
  notice: NewTokenNotice | null;
  /** The e-mail problem the server reported; shown until the e-mail is edited. */
  serverError: { problem: EmailProblem } | null;
  /** Counts the failed answers: each is reported once (focus or announcement). */
  failures: number;
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

/** The request-new-link form of the expired-link pages: one e-mail field. */
export function NewTokenForm({
  title,
  pageTitle,
  description,
  emailLabel,
  submitLabel,
  cancelLabel,
  submitting,
  notice,
  serverError,
  failures,
  onSubmit,
  onCancel,
  handle,
}: NewTokenFormProps) {
  const t = useT();
  const { register, handleSubmit, resetField, errors } = useCheckedForm<Values>({ email: '' });
  const { failed, server } = useFormFailures<'email', EmailProblem>(failures, { email: serverError?.problem });

  useImperativeHandle(handle, () => ({
    clearEmail: () => resetField('email', { defaultValue: '' }),
  }));

  const problem = errors.email?.message ?? server.problemOf('email');
  const emailError = isEmailProblem(problem) ? t(EMAIL_PROBLEM_MESSAGES[problem]) : undefined;

  return (
    <FormScreen
      title={title}
      pageTitle={pageTitle}
      styles={styles}
      header={<p className={styles.text}>{description}</p>}
      onSubmit={handleSubmit((values) => onSubmit(values.email.trim()), failed.refused)}
      notice={notice === null ? null : t(NEW_TOKEN_NOTICE_MESSAGES[notice])}
      failureKey={failed.key}
      fieldMessages={{ email: emailError }}
    >
      <EmailField
        label={emailLabel}
        autoComplete="email"
        required
        error={emailError}
        {...register('email', { validate: validateEmail, onChange: () => server.edited('email') })}
      />
      <div className={styles.actions}>
        <SubmitButton busy={submitting}>{submitLabel}</SubmitButton>
        <Button variant="text" rounded fullWidth onClick={onCancel}>
          {cancelLabel}
        </Button>
      </div>
    </FormScreen>
  );
}
