import { useId, useImperativeHandle } from 'react';
import { FormScreen, useFormFailures } from '../../../shared/form/form-screen';
import { useSmallForm } from '../../../shared/form/use-small-form';
import { useT } from '../../../shared/i18n';
import { EmailField, PasswordField } from '../../../shared/ui';
import type { LoginField } from '../sign-in.machine';
import { LOGIN_FIELD_NAMES, LOGIN_NOTICE_MESSAGES } from '../sign-in.messages';
import { BackToListButton } from './back-to-list-button';
import { PasswordFormEnd } from './password-form-end';
import type { PasswordFormProps } from './password-form-end';
import { validateEmail, validatePassword } from './validators';
import type { FieldProblem } from './validators';
import styles from './screens.module.css';

interface LoginValues {
  email: string;
  password: string;
}

export interface LoginScreenProps extends PasswordFormProps {
  /** The e-mail the form starts with (e.g. back from the PIN step). */
  initialEmail?: string;
  /** Back to the remembered accounts (when this device has some: the form was reached by 'use another account'). */
  onBackToList?: () => void;
}

export function LoginScreen({
  initialEmail = '',
  notice,
  serverFieldErrors,
  failures,
  onSubmit,
  onForgotPassword,
  onBackToList,
  handle,
  ...formEnd
}: LoginScreenProps) {
  const t = useT();
  const noticeId = useId();
  const { register, handleSubmit, setFocus, resetField, getValues, errors } = useSmallForm<keyof LoginValues>({
    defaultValues: { email: initialEmail, password: '' },
  });
  const { failed, server } = useFormFailures<LoginField, FieldProblem>(
    failures,
    Object.fromEntries(serverFieldErrors.map((field) => [field, 'required'])),
  );

  useImperativeHandle(handle, () => ({
    focusPassword: () => setFocus('password'),
    resetField,
  }));

  const messageFor = (field: LoginField): string | undefined => {
    const problem = errors[field]?.message ?? server.problemOf(field);
    if (problem === undefined || problem === '') return undefined;
    if (problem === 'invalid_email') return t('validation.enterValidEmail');
    return t('validation.enterField', { field: t(LOGIN_FIELD_NAMES[field]) });
  };

  // After a failed submit: the first field in error, else the emptied password the
  // incorrect-credentials notice describes, else the notice (docs/decisions/0010).
  return (
    <FormScreen
      title={t('signIn.login.title')}
      styles={styles}
      header={
        onBackToList && <BackToListButton onClick={onBackToList}>{t('signIn.login.backToAccounts')}</BackToListButton>
      }
      onSubmit={handleSubmit(
        (values) => onSubmit({ username: values.email.trim(), password: values.password }),
        failed.refused,
      )}
      notice={notice === null ? null : t(LOGIN_NOTICE_MESSAGES[notice])}
      noticeId={noticeId}
      noticeField={notice === 'invalid_credentials' ? 'password' : undefined}
      failureKey={failed.key}
      fieldMessages={{ email: messageFor('email'), password: messageFor('password') }}
    >
      <EmailField
        label={t('signIn.login.email')}
        // Conditional mediation offers passkeys in this field's autofill ('webauthn' must be the last token).
        autoComplete="username webauthn"
        required
        error={messageFor('email')}
        {...register('email', { validate: validateEmail, onChange: () => server.edited('email') })}
      />
      <PasswordField
        label={t('signIn.login.password')}
        autoComplete="current-password"
        required
        error={messageFor('password')}
        aria-describedby={notice === 'invalid_credentials' ? noticeId : undefined}
        {...register('password', { validate: validatePassword, onChange: () => server.edited('password') })}
      />
      <PasswordFormEnd {...formEnd} onForgot={() => onForgotPassword(getValues('email').trim())} />
    </FormScreen>
  );
}
