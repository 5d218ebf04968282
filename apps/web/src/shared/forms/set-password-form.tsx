import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { checkNewPassword, checkPasswordConfirmation } from '@gatehouse/contract';
import { useT } from '../i18n';
import { Button, Card, Notice, PasswordField } from '../ui';
import type { PasswordField as PasswordFieldName, PasswordFieldErrors, PasswordProblem, SetPasswordNotice } from './recovery-answers';
import { PASSWORD_PROBLEM_MESSAGES, SET_PASSWORD_NOTICE_MESSAGES } from './recovery.messages';
import { ScreenTitle } from './screen-title';
import styles from './forms.module.css';

export interface SetPasswordValues {
  password: string;
  password2: string;
}

export interface SetPasswordFormProps {
  /** The screen's h1 (already translated): a new password, or the first password of a registration. */
  title: string;
  /** Optional text under the title. */
  intro?: string;
  submitLabel: string;
  submitting: boolean;
  notice: SetPasswordNotice | null;
  /** Field problems the server reported; a new object for each answer. */
  serverErrors: PasswordFieldErrors;
  onSubmit: (values: SetPasswordValues) => void;
}

const PROBLEMS = new Set<string>(Object.keys(PASSWORD_PROBLEM_MESSAGES));
const isProblem = (value: string | undefined): value is PasswordProblem => value !== undefined && PROBLEMS.has(value);

/**
 * The set-password form of the reset and registration routes: a new password
 * with the rule as its hint, and its confirmation. Field messages appear once
 * a field has been left or after a submit (spec section 5).
 */
export function SetPasswordForm({ title, intro, submitLabel, submitting, notice, serverErrors, onSubmit }: SetPasswordFormProps) {
  const t = useT();
  const titleId = useId();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    trigger,
    getFieldState,
    formState: { errors, isSubmitted },
  } = useForm<SetPasswordValues>({
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: { password: '', password2: '' },
    shouldFocusError: true,
  });

  useEffect(() => {
    const fields: PasswordFieldName[] = ['password', 'password2'];
    let first: PasswordFieldName | null = null;
    for (const field of fields) {
      const problem = serverErrors[field];
      if (problem === undefined) continue;
      setError(field, { type: 'server', message: problem });
      first ??= field;
    }
    if (first !== null) setFocus(first);
  }, [serverErrors, setError, setFocus]);

  const messageFor = (field: PasswordFieldName): string | undefined => {
    const problem = errors[field]?.message;
    return isProblem(problem) ? t(PASSWORD_PROBLEM_MESSAGES[problem]) : undefined;
  };

  const submit = handleSubmit((values) => onSubmit(values));

  return (
    <Card aria-labelledby={titleId} className={styles.card}>
      <ScreenTitle id={titleId}>{title}</ScreenTitle>
      {intro !== undefined && <p className={styles.text}>{intro}</p>}
      <form className={styles.form} noValidate onSubmit={submit} aria-labelledby={titleId}>
        {notice !== null && <Notice variant="error">{t(SET_PASSWORD_NOTICE_MESSAGES[notice])}</Notice>}
        <PasswordField
          label={t('setPassword.password')}
          hint={t('setPassword.rules')}
          autoComplete="new-password"
          required
          error={messageFor('password')}
          {...register('password', {
            validate: (value) => checkNewPassword(value) ?? true,
            // A changed password can make a shown confirmation message right or wrong.
            onChange: () => {
              if (isSubmitted || getFieldState('password2').isTouched) void trigger('password2');
            },
          })}
        />
        <PasswordField
          label={t('setPassword.password2')}
          autoComplete="new-password"
          required
          error={messageFor('password2')}
          {...register('password2', {
            validate: (value, values) => checkPasswordConfirmation(values.password, value) ?? true,
          })}
        />
        <Button type="submit" variant="filled" rounded fullWidth loading={submitting}>
          {submitLabel}
        </Button>
      </form>
    </Card>
  );
}
