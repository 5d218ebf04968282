import { useId, useImperativeHandle, useRef } from 'react';
import type { Ref } from 'react';
import { useForm } from 'react-hook-form';
import {
  ScreenTitle,
  firstFailure,
  useAnswerProblems,
  useFailureReport,
  useSubmitFailures,
} from '../../../shared/a11y';
import { useT } from '../../../shared/i18n';
import { Button, Card, Notice, TextField } from '../../../shared/ui';
import type { FormHandle } from '../form-handle';
import type { ForgotNotice, ForgotProblem } from '../sign-in.machine';
import { FORGOT_NOTICE_MESSAGES, FORGOT_PROBLEM_MESSAGES } from '../sign-in.messages';
import styles from './screens.module.css';
import { validateEmail } from './validators';

interface ForgotValues {
  email: string;
}

export interface ForgotPasswordScreenProps {
  initialEmail: string;
  submitting: boolean;
  notice: ForgotNotice | null;
  /** The last answer's problem with the e-mail; shown until it is edited. */
  problem: ForgotProblem | null;
  /** Counts failed submits: each is reported once (focus or announcement). */
  failures: number;
  onSubmit: (email: string) => void;
  onCancel: () => void;
  handle?: Ref<FormHandle>;
}

/** Asks for the e-mail to send a reset link to. */
export function ForgotPasswordScreen({
  initialEmail,
  submitting,
  notice,
  problem,
  failures,
  onSubmit,
  onCancel,
  handle,
}: ForgotPasswordScreenProps) {
  const t = useT();
  const titleId = useId();
  const descriptionId = useId();
  const form = useRef<HTMLFormElement>(null);
  const noticeElement = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    resetField,
    formState: { errors },
  } = useForm<ForgotValues>({
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: { email: initialEmail },
    shouldFocusError: false,
  });
  const failed = useSubmitFailures(failures);
  const server = useAnswerProblems<'email', ForgotProblem>(failures, { email: problem ?? undefined });

  useImperativeHandle(handle, () => ({
    resetField: (field) => {
      if (field === 'email') resetField('email', { defaultValue: '' });
    },
  }));

  const code = errors.email?.message ?? server.problemOf('email');
  const emailError = code === 'required' || code === 'invalid_email' ? t(FORGOT_PROBLEM_MESSAGES[code]) : undefined;
  const noticeText = notice === null ? null : t(FORGOT_NOTICE_MESSAGES[notice]);
  useFailureReport(failed.key, () =>
    firstFailure(form.current, [['email', emailError]], { element: noticeElement.current, message: noticeText }),
  );
  const submit = handleSubmit((values) => onSubmit(values.email.trim()), failed.refused);

  return (
    <Card aria-labelledby={titleId} className={styles.card}>
      <ScreenTitle id={titleId} className={styles.title} pageTitle={t('signIn.forgot.pageTitle')}>
        {t('signIn.forgot.title')}
      </ScreenTitle>
      <form
        ref={form}
        className={styles.form}
        method="post"
        noValidate
        onSubmit={submit}
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
      >
        <p id={descriptionId} className={styles.text}>
          {t('signIn.forgot.description')}
        </p>
        {noticeText !== null && (
          <Notice variant="error" ref={noticeElement} focusable>
            {noticeText}
          </Notice>
        )}
        <TextField
          label={t('signIn.forgot.email')}
          type="email"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          error={emailError}
          {...register('email', { validate: validateEmail, onChange: () => server.edited('email') })}
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
