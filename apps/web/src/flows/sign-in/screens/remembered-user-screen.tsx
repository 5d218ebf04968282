import { useId, useImperativeHandle, useRef } from 'react';
import type { Ref } from 'react';
import type { DeviceUser, LoginBody } from '@gatehouse/contract';
import {
  ScreenTitle,
  firstFailure,
  useAnswerProblems,
  useFailureReport,
  useSubmitFailures,
} from '../../../shared/a11y';
import { useSmallForm } from '../../../shared/form/use-small-form';
import { useT } from '../../../shared/i18n';
import { Button, Card, Notice, PasswordField, TruncatedText } from '../../../shared/ui';
import type { FormHandle } from '../form-handle';
import type { LoginField, LoginNotice, PasskeyNotice } from '../sign-in.machine';
import { LOGIN_FIELD_NAMES, LOGIN_NOTICE_MESSAGES, REMEMBERED_INCORRECT_PASSWORD } from '../sign-in.messages';
import { BackToListButton } from './back-to-list-button';
import { PasskeyPart } from './passkey-part';
import { SharedComputerChoice } from './shared-computer-choice';
import { validatePassword } from './validators';
import styles from './screens.module.css';

interface PasswordValues {
  password: string;
}

export interface RememberedUserScreenProps {
  user: DeviceUser;
  submitting: boolean;
  notice: LoginNotice | null;
  serverFieldErrors: readonly LoginField[];
  /** Counts the failed answers: each is reported once (focus or announcement). */
  failures: number;
  onSubmit: (body: LoginBody) => void;
  /** Back to the list of remembered accounts. */
  onBack: () => void;
  onForgotPassword: (email: string) => void;
  handle?: Ref<FormHandle>;
  passkeyBusy?: boolean;
  passkeyNotice?: PasskeyNotice | null;
  onPasskey?: () => void;
  /** "This is a shared or public computer" (docs/decisions/0116-shared-computer.md); the choice shows when given. */
  sharedComputer?: { checked: boolean; onChange: (shared: boolean) => void };
}

/** The remembered-user form: the account is known, only its password is asked. */
export function RememberedUserScreen({
  user,
  submitting,
  notice,
  serverFieldErrors,
  failures,
  onSubmit,
  onBack,
  onForgotPassword,
  handle,
  passkeyBusy = false,
  passkeyNotice = null,
  onPasskey = () => undefined,
  sharedComputer,
}: RememberedUserScreenProps) {
  const t = useT();
  const titleId = useId();
  const noticeId = useId();
  const form = useRef<HTMLFormElement>(null);
  const noticeElement = useRef<HTMLDivElement>(null);
  const { register, handleSubmit, setFocus, resetField, errors } = useSmallForm<keyof PasswordValues>({
    defaultValues: { password: '' },
  });
  const failed = useSubmitFailures(failures);
  // Here incorrect credentials are the password field's message, not a notice (the account is known).
  const server = useAnswerProblems<'password', 'incorrect' | 'required'>(failures, {
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

  const formNotice = notice !== null && notice !== 'invalid_credentials' ? t(LOGIN_NOTICE_MESSAGES[notice]) : null;
  // After a failed submit: the password when it shows a message, else the notice (docs/decisions/0010).
  useFailureReport(failed.key, () =>
    firstFailure(form.current, [['password', passwordError]], { element: noticeElement.current, message: formNotice }),
  );
  const submit = handleSubmit(
    (values) => onSubmit({ username: user.email, password: values.password }),
    failed.refused,
  );

  return (
    <Card aria-labelledby={titleId} className={styles.card}>
      <ScreenTitle id={titleId} className={styles.title} pageTitle={t('signIn.rememberedForm.pageTitle')}>
        {t('signIn.rememberedForm.title')}
      </ScreenTitle>
      <BackToListButton onClick={onBack} label={t('signIn.rememberedForm.back', { email: user.email })}>
        <TruncatedText>{user.email}</TruncatedText>
      </BackToListButton>
      <form ref={form} className={styles.form} method="post" noValidate onSubmit={submit} aria-labelledby={titleId}>
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
        {formNotice !== null && (
          <Notice variant="error" id={noticeId} ref={noticeElement} focusable>
            {formNotice}
          </Notice>
        )}
        <PasswordField
          label={t('signIn.login.password')}
          // Conditional mediation for this account offers its passkeys here (docs/flows/passkeys.md).
          autoComplete="current-password webauthn"
          required
          error={passwordError}
          {...register('password', { validate: validatePassword, onChange: () => server.edited('password') })}
        />
        {sharedComputer && <SharedComputerChoice checked={sharedComputer.checked} onChange={sharedComputer.onChange} />}
        <Button variant="link" className={styles.start} onClick={() => onForgotPassword(user.email)}>
          {t('signIn.login.forgotPassword')}
        </Button>
        <Button
          type="submit"
          variant="filled"
          rounded
          fullWidth
          loading={submitting}
          aria-disabled={passkeyBusy || undefined}
        >
          {t('signIn.login.submit')}
        </Button>
        <PasskeyPart busy={passkeyBusy} blocked={submitting} notice={passkeyNotice} onPasskey={onPasskey} />
      </form>
    </Card>
  );
}
