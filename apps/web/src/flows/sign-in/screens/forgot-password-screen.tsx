import { useImperativeHandle } from 'react';
import type { Ref } from 'react';
import { FormScreen, SubmitButton, useFormFailures } from '../../../shared/form/form-screen';
import { useCheckedForm } from '../../../shared/form/use-checked-form';
import { useT } from '../../../shared/i18n';
import { Button, EmailField } from '../../../shared/ui';
import type { FormHandle } from '../form-handle';
import type { ForgotNotice, ForgotProblem } from '../sign-in.machine';
import { FORGOT_NOTICE_MESSAGES, FORGOT_PROBLEM_MESSAGES } from '../sign-in.messages';
import { useBackStep } from '../use-back-step';
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
  /**
   * Cancel, or the browser's Back (the form has a history entry of its own: useBackStep), with the
   * e-mail as the field holds it, trimmed: the login form keeps it.
   */
  onCancel: (email: string) => void;
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
  const { register, handleSubmit, resetField, getValues, errors } = useCheckedForm<ForgotValues>({
    email: initialEmail,
  });
  const cancel = useBackStep(() => onCancel(getValues('email').trim()));
  const { failed, server } = useFormFailures<'email', ForgotProblem>(failures, { email: problem ?? undefined });

  useImperativeHandle(handle, () => ({
    resetField: (field) => {
      if (field === 'email') resetField('email', { defaultValue: '' });
    },
  }));

  const code = errors.email?.message ?? server.problemOf('email');
  const emailError = code === 'required' || code === 'invalid_email' ? t(FORGOT_PROBLEM_MESSAGES[code]) : undefined;

  return (
    <FormScreen
      title={t('signIn.forgot.title')}
      pageTitle={t('signIn.forgot.pageTitle')}
      styles={styles}
      description={t('signIn.forgot.description')}
      onSubmit={handleSubmit((values) => onSubmit(values.email.trim()), failed.refused)}
      notice={notice === null ? null : t(FORGOT_NOTICE_MESSAGES[notice])}
      failureKey={failed.key}
      fieldMessages={{ email: emailError }}
    >
      <EmailField
        label={t('signIn.forgot.email')}
        autoComplete="username"
        required
        error={emailError}
        {...register('email', { validate: validateEmail, onChange: () => server.edited('email') })}
      />
      <div className={styles.actions}>
        <Button variant="text" rounded onClick={cancel}>
          {t('signIn.forgot.cancel')}
        </Button>
        <SubmitButton busy={submitting} fullWidth={false}>
          {t('signIn.forgot.submit')}
        </SubmitButton>
      </div>
    </FormScreen>
  );
}
