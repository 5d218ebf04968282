import { useEffect, useId, useImperativeHandle } from 'react';
import type { Ref } from 'react';
import { useForm } from 'react-hook-form';
import { isNonEmptyText, isValidEmail } from '@gatehouse/contract';
import { useT } from '../i18n';
import { Button, Card, Notice, TextField } from '../ui';
import type { EmailProblem, NewTokenNotice } from './recovery-answers';
import { EMAIL_PROBLEM_MESSAGES, NEW_TOKEN_NOTICE_MESSAGES } from './recovery.messages';
import { ScreenTitle } from './screen-title';
import styles from './forms.module.css';

export interface NewTokenFormHandle {
  /** Empties the e-mail (after a failed request, spec section 8) and focuses it. */
  clearEmail: () => void;
}

export interface NewTokenFormProps {
  title: string;
  description: string;
  emailLabel: string;
  submitLabel: string;
  cancelLabel: string;
  submitting: boolean;
  notice: NewTokenNotice | null;
  /** The e-mail problem the server reported; a new object for each answer. */
  serverError: { problem: EmailProblem } | null;
  onSubmit: (email: string) => void;
  onCancel: () => void;
  handle?: Ref<NewTokenFormHandle>;
}

interface Values {
  email: string;
}

const validateEmail = (value: string): EmailProblem | true =>
  !isNonEmptyText(value) ? 'email_required' : isValidEmail(value) ? true : 'incorrect_email';

const isEmailProblem = (value: string | undefined): value is EmailProblem => value === 'email_required' || value === 'incorrect_email';

/** The request-new-token form of the expired-link pages: one e-mail field. */
export function NewTokenForm({
  title,
  description,
  emailLabel,
  submitLabel,
  cancelLabel,
  submitting,
  notice,
  serverError,
  onSubmit,
  onCancel,
  handle,
}: NewTokenFormProps) {
  const t = useT();
  const titleId = useId();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    resetField,
    formState: { errors },
  } = useForm<Values>({ mode: 'onTouched', reValidateMode: 'onChange', defaultValues: { email: '' }, shouldFocusError: true });

  useImperativeHandle(handle, () => ({
    clearEmail: () => {
      resetField('email', { defaultValue: '' });
      setFocus('email');
    },
  }));

  useEffect(() => {
    if (serverError === null) return;
    setError('email', { type: 'server', message: serverError.problem });
    setFocus('email');
  }, [serverError, setError, setFocus]);

  const problem = errors.email?.message;
  const submit = handleSubmit((values) => onSubmit(values.email.trim()));

  return (
    <Card aria-labelledby={titleId} className={styles.card}>
      <ScreenTitle id={titleId}>{title}</ScreenTitle>
      <p className={styles.text}>{description}</p>
      <form className={styles.form} noValidate onSubmit={submit} aria-labelledby={titleId}>
        {notice !== null && <Notice variant="error">{t(NEW_TOKEN_NOTICE_MESSAGES[notice])}</Notice>}
        <TextField
          label={emailLabel}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          error={isEmailProblem(problem) ? t(EMAIL_PROBLEM_MESSAGES[problem]) : undefined}
          {...register('email', { validate: validateEmail })}
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
