import { useId, useImperativeHandle, useRef } from 'react';
import type { Ref } from 'react';
import type { LoginBody } from '@gatehouse/contract';
import {
  ScreenTitle,
  firstFailure,
  useAnswerProblems,
  useFailureReport,
  useSubmitFailures,
} from '../../../shared/a11y';
import { useSmallForm } from '../../../shared/form/use-small-form';
import { useT } from '../../../shared/i18n';
import { Button, Card, Notice, PasswordField, TextField } from '../../../shared/ui';
import type { FormHandle } from '../form-handle';
import type { LoginField, LoginNotice, PasskeyNotice } from '../sign-in.machine';
import { LOGIN_FIELD_NAMES, LOGIN_NOTICE_MESSAGES } from '../sign-in.messages';
import { BackToListButton } from './back-to-list-button';
import { PasskeyPart } from './passkey-part';
import { SharedComputerChoice } from './shared-computer-choice';
import { validateEmail, validatePassword } from './validators';
import type { FieldProblem } from './validators';
import styles from './screens.module.css';

interface LoginValues {
  email: string;
  password: string;
}

export interface LoginScreenProps {
  /** The e-mail the form starts with (e.g. back from the PIN step). */
  initialEmail?: string;
  submitting: boolean;
  notice: LoginNotice | null;
  serverFieldErrors: readonly LoginField[];
  /** Counts the failed answers: each is reported once (focus or announcement). */
  failures: number;
  onSubmit: (body: LoginBody) => void;
  /** Opens the forgot-password form with what was typed as the e-mail. */
  onForgotPassword: (email: string) => void;
  /** Back to the remembered accounts (when this device has some: the form was reached by 'use another account'). */
  onBackToList?: () => void;
  handle?: Ref<FormHandle>;
  passkeyBusy?: boolean;
  passkeyNotice?: PasskeyNotice | null;
  /** A passkey can be used here: the 'sign in using device' offer notification. */
  deviceOffer?: boolean;
  onPasskey?: () => void;
  /** "This is a shared or public computer" (docs/decisions/0116-shared-computer.md); the choice shows when given. */
  sharedComputer?: { checked: boolean; onChange: (shared: boolean) => void };
}

export function LoginScreen({
  initialEmail = '',
  submitting,
  notice,
  serverFieldErrors,
  failures,
  onSubmit,
  onForgotPassword,
  onBackToList,
  handle,
  passkeyBusy = false,
  passkeyNotice = null,
  deviceOffer = false,
  onPasskey = () => undefined,
  sharedComputer,
}: LoginScreenProps) {
  const t = useT();
  const titleId = useId();
  const noticeId = useId();
  const form = useRef<HTMLFormElement>(null);
  const noticeElement = useRef<HTMLDivElement>(null);
  const { register, handleSubmit, setFocus, resetField, getValues, errors } = useSmallForm<keyof LoginValues>({
    defaultValues: { email: initialEmail, password: '' },
  });
  const failed = useSubmitFailures(failures);
  const server = useAnswerProblems<LoginField, FieldProblem>(
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
  const noticeText = notice === null ? null : t(LOGIN_NOTICE_MESSAGES[notice]);

  // After a failed submit: the first field in error, else the emptied password the
  // incorrect-credentials notice describes, else the notice (docs/decisions/0010).
  useFailureReport(failed.key, () =>
    firstFailure(
      form.current,
      [
        ['email', messageFor('email')],
        ['password', messageFor('password')],
      ],
      {
        element:
          notice === 'invalid_credentials'
            ? (form.current?.elements.namedItem('password') as HTMLElement | null)
            : noticeElement.current,
        message: noticeText,
      },
    ),
  );

  const submit = handleSubmit(
    (values) => onSubmit({ username: values.email.trim(), password: values.password }),
    failed.refused,
  );

  return (
    <Card aria-labelledby={titleId} className={styles.card}>
      <ScreenTitle id={titleId} className={styles.title}>
        {t('signIn.login.title')}
      </ScreenTitle>
      {onBackToList && <BackToListButton onClick={onBackToList}>{t('signIn.login.backToAccounts')}</BackToListButton>}
      <form ref={form} className={styles.form} method="post" noValidate onSubmit={submit} aria-labelledby={titleId}>
        {noticeText !== null && (
          <Notice variant="error" id={noticeId} ref={noticeElement} focusable>
            {noticeText}
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
        {sharedComputer && <SharedComputerChoice checked={sharedComputer.checked} onChange={sharedComputer.onChange} />}
        <Button variant="link" className={styles.start} onClick={() => onForgotPassword(getValues('email').trim())}>
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
        <PasskeyPart
          busy={passkeyBusy}
          blocked={submitting}
          notice={passkeyNotice}
          deviceOffer={deviceOffer}
          onPasskey={onPasskey}
        />
      </form>
    </Card>
  );
}
