import { useEffect, useId, useImperativeHandle } from 'react';
import type { Ref } from 'react';
import type { DeviceUser, LoginBody } from '@gatehouse/contract';
import { useSmallForm } from '../../../shared/form/use-small-form';
import { useT } from '../../../shared/i18n';
import { Button, Card, Notice, PasswordField, TruncatedText } from '../../../shared/ui';
import type { FormHandle } from '../form-handle';
import type { LoginField, LoginNotice, PasskeyNotice } from '../sign-in.machine';
import { LOGIN_FIELD_NAMES, LOGIN_NOTICE_MESSAGES, REMEMBERED_INCORRECT_PASSWORD } from '../sign-in.messages';
import { PasskeyPart } from './passkey-part';
import { ScreenTitle } from './screen-title';
import styles from './screens.module.css';

interface PasswordValues {
  password: string;
}

export interface RememberedUserScreenProps {
  user: DeviceUser;
  submitting: boolean;
  notice: LoginNotice | null;
  serverFieldErrors: readonly LoginField[];
  onSubmit: (body: LoginBody) => void;
  /** Back to the list of remembered accounts. */
  onBack: () => void;
  onForgotPassword: (email: string) => void;
  handle?: Ref<FormHandle>;
  passkeyBusy?: boolean;
  passkeyNotice?: PasskeyNotice | null;
  onPasskey?: () => void;
}

/** The remembered-user form: the account is known, only its password is asked (spec section 2). */
export function RememberedUserScreen({
  user,
  submitting,
  notice,
  serverFieldErrors,
  onSubmit,
  onBack,
  onForgotPassword,
  handle,
  passkeyBusy = false,
  passkeyNotice = null,
  onPasskey = () => undefined,
}: RememberedUserScreenProps) {
  const t = useT();
  const titleId = useId();
  const noticeId = useId();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    resetField,
    errors,
  } = useSmallForm<keyof PasswordValues>({ defaultValues: { password: '' } });

  useImperativeHandle(handle, () => ({
    focusField: (field) => {
      if (field === 'password') setFocus('password');
    },
    resetField: (field) => {
      if (field === 'password') resetField('password');
    },
  }));

  // Spec section 5: invalid credentials show a message on the password field.
  useEffect(() => {
    if (notice === 'invalid_credentials') setError('password', { type: 'server', message: 'incorrect' });
    else if (serverFieldErrors.includes('password')) setError('password', { type: 'server', message: 'required' });
  }, [notice, serverFieldErrors, setError]);

  const problem = errors.password?.message;
  const passwordError =
    problem === undefined || problem === ''
      ? undefined
      : problem === 'incorrect'
        ? t(REMEMBERED_INCORRECT_PASSWORD)
        : t('validation.enterField', { field: t(LOGIN_FIELD_NAMES.password) });

  const submit = handleSubmit((values) => onSubmit({ username: user.email, password: values.password }));
  const formNotice = notice !== null && notice !== 'invalid_credentials' ? notice : null;

  return (
    <Card aria-labelledby={titleId} className={styles.card}>
      <ScreenTitle id={titleId}>{t('signIn.rememberedForm.title')}</ScreenTitle>
      <button type="button" className={styles.backButton} onClick={onBack} aria-label={t('signIn.rememberedForm.back', { email: user.email })}>
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M20 11H7.8l5.6-5.6L12 4l-8 8 8 8 1.4-1.4L7.8 13H20v-2Z" />
        </svg>
        <TruncatedText>{user.email}</TruncatedText>
      </button>
      <form className={styles.form} noValidate onSubmit={submit} aria-labelledby={titleId}>
        {/* Password managers pair the password with this account. */}
        <input className={styles.hiddenUsername} type="email" name="username" autoComplete="username" value={user.email} readOnly tabIndex={-1} aria-hidden="true" />
        {formNotice !== null && (
          <Notice variant="error" id={noticeId}>
            {t(LOGIN_NOTICE_MESSAGES[formNotice])}
          </Notice>
        )}
        <PasswordField
          label={t('signIn.login.password')}
          // Conditional mediation for this account offers its passkeys here (clarifications, Passkeys).
          autoComplete="current-password webauthn"
          required
          error={passwordError}
          {...register('password', { validate: (value) => (value.length > 0 ? true : 'required') })}
        />
        <Button variant="link" className={styles.start} onClick={() => onForgotPassword(user.email)}>
          {t('signIn.login.forgotPassword')}
        </Button>
        <Button type="submit" variant="filled" rounded fullWidth loading={submitting} aria-disabled={passkeyBusy || undefined}>
          {t('signIn.login.submit')}
        </Button>
        <PasskeyPart busy={passkeyBusy} blocked={submitting} notice={passkeyNotice} onPasskey={onPasskey} />
      </form>
    </Card>
  );
}
