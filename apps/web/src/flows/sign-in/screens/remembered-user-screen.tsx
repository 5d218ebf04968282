import { useImperativeHandle } from 'react';
import type { DeviceUser } from '@gatehouse/contract';
import { FormScreen, useFormFailures } from '../../../shared/form/form-screen';
import { useSmallForm } from '../../../shared/form/use-small-form';
import { useT } from '../../../shared/i18n';
import { PasswordField, TruncatedText } from '../../../shared/ui';
import { LOGIN_FIELD_NAMES, LOGIN_NOTICE_MESSAGES, REMEMBERED_INCORRECT_PASSWORD } from '../sign-in.messages';
import { BackToListButton } from './back-to-list-button';
import { PasswordFormEnd } from './password-form-end';
import type { PasswordFormProps } from './password-form-end';
import { validatePassword } from './validators';
import styles from './screens.module.css';

export interface RememberedUserScreenProps extends PasswordFormProps {
  user: DeviceUser;
  /** Back to the list of remembered accounts. */
  onBack: () => void;
}

/** The remembered-user form: the account is known, only its password is asked. */
export function RememberedUserScreen({
  user,
  notice,
  serverFieldErrors,
  failures,
  onSubmit,
  onBack,
  onForgotPassword,
  handle,
  ...formEnd
}: RememberedUserScreenProps) {
  const t = useT();
  const { register, handleSubmit, setFocus, resetField, errors } = useSmallForm<'password'>({
    defaultValues: { password: '' },
  });
  // Here incorrect credentials are the password field's message, not a notice (the account is known).
  const { failed, server } = useFormFailures<'password', 'incorrect' | 'required'>(failures, {
    password:
      notice === 'invalid_credentials' ? 'incorrect' : serverFieldErrors.includes('password') ? 'required' : undefined,
  });

  useImperativeHandle(handle, () => ({
    focusPassword: () => setFocus('password'),
    resetField: (field) => {
      if (field === 'password') resetField('password');
    },
  }));

  const problem = errors.password?.message ?? server.problemOf('password');
  const passwordError =
    problem === undefined || problem === ''
      ? undefined
      : problem === 'incorrect'
        ? t(REMEMBERED_INCORRECT_PASSWORD)
        : t('validation.enterField', { field: t(LOGIN_FIELD_NAMES.password) });

  // After a failed submit: the password when it shows a message, else the notice (docs/decisions/0010).
  return (
    <FormScreen
      title={t('signIn.rememberedForm.title')}
      pageTitle={t('signIn.rememberedForm.pageTitle')}
      styles={styles}
      header={
        <BackToListButton onClick={onBack} label={t('signIn.rememberedForm.back', { email: user.email })}>
          <TruncatedText>{user.email}</TruncatedText>
        </BackToListButton>
      }
      onSubmit={handleSubmit((values) => onSubmit({ username: user.email, password: values.password }), failed.refused)}
      notice={notice !== null && notice !== 'invalid_credentials' ? t(LOGIN_NOTICE_MESSAGES[notice]) : null}
      failureKey={failed.key}
      fieldMessages={{ password: passwordError }}
    >
      {/* Password managers pair the password with this account. */}
      <input
        className={styles.hiddenUsername}
        type="email"
        name="username"
        autoComplete="username"
        value={user.email}
        readOnly
        tabIndex={-1}
        aria-hidden="true"
      />
      <PasswordField
        label={t('signIn.login.password')}
        // Conditional mediation for this account offers its passkeys here (docs/flows/passkeys.md).
        autoComplete="current-password webauthn"
        required
        error={passwordError}
        {...register('password', { validate: validatePassword, onChange: () => server.edited('password') })}
      />
      <PasswordFormEnd {...formEnd} onForgot={() => onForgotPassword(user.email)} />
    </FormScreen>
  );
}
