import { useEffect, useId, useImperativeHandle } from 'react';
import type { Ref } from 'react';
import { useForm } from 'react-hook-form';
import { isNonEmptyText, isValidEmail } from '@gatehouse/contract';
import { useT } from '../../../shared/i18n';
import { Button, Card, Notice, TextField } from '../../../shared/ui';
import type { FormHandle } from '../form-handle';
import type { ForgotNotice, ForgotProblem } from '../sign-in.machine';
import { FORGOT_NOTICE_MESSAGES, FORGOT_PROBLEM_MESSAGES } from '../sign-in.messages';
import { ScreenTitle } from './screen-title';
import styles from './screens.module.css';

interface ForgotValues {
  email: string;
}

export interface ForgotPasswordScreenProps {
  initialEmail: string;
  submitting: boolean;
  notice: ForgotNotice | null;
  problem: ForgotProblem | null;
  /** Changes with every failed submit, so the same message shows again. */
  failures: number;
  onSubmit: (email: string) => void;
  onCancel: () => void;
  handle?: Ref<FormHandle>;
}

const validateEmail = (value: string): ForgotProblem | true => (!isNonEmptyText(value) ? 'required' : isValidEmail(value) ? true : 'invalid_email');

/** Asks for the e-mail to send a reset link to (spec section 2). */
export function ForgotPasswordScreen({ initialEmail, submitting, notice, problem, failures, onSubmit, onCancel, handle }: ForgotPasswordScreenProps) {
  const t = useT();
  const titleId = useId();
  const descriptionId = useId();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    resetField,
    formState: { errors },
  } = useForm<ForgotValues>({ mode: 'onTouched', reValidateMode: 'onChange', defaultValues: { email: initialEmail }, shouldFocusError: true });

  useImperativeHandle(handle, () => ({
    focusField: (field) => {
      if (field === 'email') setFocus('email');
    },
    resetField: (field) => {
      if (field === 'email') resetField('email', { defaultValue: '' });
    },
  }));

  useEffect(() => {
    if (problem !== null) setError('email', { type: 'server', message: problem });
  }, [problem, failures, setError]);

  const code = errors.email?.message;
  const emailError = code === 'required' || code === 'invalid_email' ? t(FORGOT_PROBLEM_MESSAGES[code]) : undefined;
  const submit = handleSubmit((values) => onSubmit(values.email.trim()));

  return (
    <Card aria-labelledby={titleId} className={styles.card}>
      <ScreenTitle id={titleId}>{t('signIn.forgot.title')}</ScreenTitle>
      <form className={styles.form} noValidate onSubmit={submit} aria-labelledby={titleId} aria-describedby={descriptionId}>
        <p id={descriptionId} className={styles.text}>
          {t('signIn.forgot.description')}
        </p>
        {notice !== null && <Notice variant="error">{t(FORGOT_NOTICE_MESSAGES[notice])}</Notice>}
        <TextField
          label={t('signIn.forgot.email')}
          type="email"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          error={emailError}
          {...register('email', { validate: validateEmail })}
        />
        <div className={styles.actions}>
          <Button variant="text" rounded onClick={onCancel}>
            {t('signIn.forgot.cancel')}
          </Button>
          <Button type="submit" variant="filled" rounded loading={submitting}>
            {t('signIn.forgot.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
