import { useId, useImperativeHandle, useRef } from 'react';
import type { Ref } from 'react';
import { useForm } from 'react-hook-form';
import { isNonEmptyText, isValidEmail } from '@gatehouse/contract';
import { ScreenTitle, firstFailure, useAnswerProblems, useFailureReport, useSubmitFailures } from '../a11y';
import { useT } from '../i18n';
import { Button, Card, Notice, TextField } from '../ui';
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
  const titleId = useId();
  const form = useRef<HTMLFormElement>(null);
  const noticeElement = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    resetField,
    formState: { errors },
  } = useForm<Values>({
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: { email: '' },
    shouldFocusError: false,
  });
  const failed = useSubmitFailures(failures);
  const server = useAnswerProblems<'email', EmailProblem>(failures, { email: serverError?.problem });

  useImperativeHandle(handle, () => ({
    clearEmail: () => resetField('email', { defaultValue: '' }),
  }));

  const problem = errors.email?.message ?? server.problemOf('email');
  const emailError = isEmailProblem(problem) ? t(EMAIL_PROBLEM_MESSAGES[problem]) : undefined;
  const noticeText = notice === null ? null : t(NEW_TOKEN_NOTICE_MESSAGES[notice]);
  useFailureReport(failed.key, () =>
    firstFailure(form.current, [['email', emailError]], { element: noticeElement.current, message: noticeText }),
  );
  const submit = handleSubmit((values) => onSubmit(values.email.trim()), failed.refused);

  return (
    <Card aria-labelledby={titleId} className={styles.card}>
      <ScreenTitle id={titleId} className={styles.title} pageTitle={pageTitle}>
        {title}
      </ScreenTitle>
      <p className={styles.text}>{description}</p>
      <form ref={form} className={styles.form} method="post" noValidate onSubmit={submit} aria-labelledby={titleId}>
        {noticeText !== null && (
          <Notice variant="error" ref={noticeElement} focusable>
            {noticeText}
          </Notice>
        )}
        <TextField
          label={emailLabel}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          error={emailError}
          {...register('email', { validate: validateEmail, onChange: () => server.edited('email') })}
        />
        <div className={styles.actions}>
          <Button type="submit" variant="filled" rounded fullWidth loading={submitting}>
            {submitLabel}
          </Button>
          <Button variant="text" rounded fullWidth onClick={onCancel}>
            {cancelLabel}
          </Button>
        </div>
      </form>
    </Card>
  );
}
