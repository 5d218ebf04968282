import { useEffect, useId, useImperativeHandle } from 'react';
import type { Ref } from 'react';
import { isNonEmptyText, isValidEmail } from '@gatehouse/contract';
import type { LoginBody } from '@gatehouse/contract';
import { useSmallForm } from '../../../shared/form/use-small-form';
import { useT } from '../../../shared/i18n';
import { Button, Card, Notice, PasswordField, TextField } from '../../../shared/ui';
import type { FormHandle } from '../form-handle';
import type { LoginField, LoginNotice, PasskeyNotice } from '../sign-in.machine';
import { LOGIN_FIELD_NAMES, LOGIN_NOTICE_MESSAGES } from '../sign-in.messages';
import { PasskeyPart } from './passkey-part';
import { ScreenTitle } from './screen-title';
import styles from './screens.module.css';

interface LoginValues {
  email: string;
  password: string;
}

/** Field problems as codes; the messages come from the catalogue at render time. */
type FieldProblem = 'required' | 'invalid_email';

export interface LoginScreenProps {
  /** The e-mail the form starts with (e.g. back from the PIN step). */
  initialEmail?: string;
  submitting: boolean;
  notice: LoginNotice | null;
  serverFieldErrors: readonly LoginField[];
  onSubmit: (body: LoginBody) => void;
  /** Opens the forgot-password form with what was typed as the e-mail. */
  onForgotPassword: (email: string) => void;
  handle?: Ref<FormHandle>;
  passkeyBusy?: boolean;
  passkeyNotice?: PasskeyNotice | null;
  /** A passkey can be used here: the 'sign in using device' offer notification. */
  deviceOffer?: boolean;
  onPasskey?: () => void;
}

const validateEmail = (value: string): FieldProblem | true =>
  !isNonEmptyText(value) ? 'required' : isValidEmail(value) ? true : 'invalid_email';
const validatePassword = (value: string): FieldProblem | true => (value.length > 0 ? true : 'required');

export function LoginScreen({
  initialEmail = '',
  submitting,
  notice,
  serverFieldErrors,
  onSubmit,
  onForgotPassword,
  handle,
  passkeyBusy = false,
  passkeyNotice = null,
  deviceOffer = false,
  onPasskey = () => undefined,
}: LoginScreenProps) {
  const t = useT();
  const titleId = useId();
  const noticeId = useId();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    resetField,
    getValues,
    errors,
  } = useSmallForm<keyof LoginValues>({ defaultValues: { email: initialEmail, password: '' } });

  useImperativeHandle(handle, () => ({
    focusField: (field) => {
      if (field !== 'pin') setFocus(field);
    },
    resetField: (field) => {
      if (field !== 'pin') resetField(field);
    },
  }));

  useEffect(() => {
    for (const field of serverFieldErrors) setError(field, { type: 'server', message: 'required' });
  }, [serverFieldErrors, setError]);

  const messageFor = (field: LoginField): string | undefined => {
    const problem = errors[field]?.message;
    if (problem === undefined || problem === '') return undefined;
    if (problem === 'invalid_email') return t('validation.enterValidEmail');
    return t('validation.enterField', { field: t(LOGIN_FIELD_NAMES[field]) });
  };

  const submit = handleSubmit((values) => onSubmit({ username: values.email.trim(), password: values.password }));

  return (
    <Card aria-labelledby={titleId} className={styles.card}>
      <ScreenTitle id={titleId}>{t('signIn.login.title')}</ScreenTitle>
      <form className={styles.form} noValidate onSubmit={submit} aria-labelledby={titleId}>
        {notice !== null && (
          <Notice variant="error" id={noticeId}>
            {t(LOGIN_NOTICE_MESSAGES[notice])}
          </Notice>
        )}
        <TextField
          label={t('signIn.login.email')}
          type="email"
          inputMode="email"
          // Conditional mediation offers passkeys in this field's autofill ('webauthn' must be the last token).
          autoComplete="username webauthn"
          autoCapitalize="none"
          spellCheck={false}
          required
          error={messageFor('email')}
          {...register('email', { validate: validateEmail })}
        />
        <PasswordField
          label={t('signIn.login.password')}
          autoComplete="current-password"
          required
          error={messageFor('password')}
          aria-describedby={notice === 'invalid_credentials' ? noticeId : undefined}
          {...register('password', { validate: validatePassword })}
        />
        <Button variant="link" className={styles.start} onClick={() => onForgotPassword(getValues('email').trim())}>
          {t('signIn.login.forgotPassword')}
        </Button>
        <Button type="submit" variant="filled" rounded fullWidth loading={submitting} aria-disabled={passkeyBusy || undefined}>
          {t('signIn.login.submit')}
        </Button>
        <PasskeyPart busy={passkeyBusy} blocked={submitting} notice={passkeyNotice} deviceOffer={deviceOffer} onPasskey={onPasskey} />
      </form>
    </Card>
  );
}
