import { checkNewPassword, checkPasswordConfirmation } from '@gatehouse/contract';
import { FormScreen, SubmitButton, useFormFailures } from '../../../shared/form/form-screen';
import { useCheckedForm } from '../../../shared/form/use-checked-form';
import { Message, useT } from '../../../shared/i18n';
import { PasswordField } from '../../../shared/ui';
import { Address } from '../../../shared/ui/address';
import { screenStyles as styles } from '../../../shared/screens';
import type {
  PasswordField as PasswordFieldName,
  PasswordFieldErrors,
  PasswordProblem,
  SetPasswordNotice,
} from '../set-password-answers';
import { PASSWORD_PROBLEM_MESSAGES, SET_PASSWORD_NOTICE_MESSAGES } from '../token-link.messages';

export interface SetPasswordValues {
  password: string;
  password2: string;
}

export interface SetPasswordFormProps {
  /** The e-mail of the account the link is for, when the link's check named it: shown, and the username for the password manager. */
  account: string | null;
  /** The screen's h1 (already translated): a new password, or the first password of a registration. */
  title: string;
  /** The screen's short name in the document title. */
  pageTitle: string;
  submitLabel: string;
  submitting: boolean;
  notice: SetPasswordNotice | null;
  /** Field problems the server reported; each shown until its field is edited. */
  serverErrors: PasswordFieldErrors;
  /** Counts the failed answers: each is reported once (focus or announcement). */
  failures: number;
  onSubmit: (values: SetPasswordValues) => void;
}

const PROBLEMS = new Set<string>(Object.keys(PASSWORD_PROBLEM_MESSAGES));
const isProblem = (value: string | undefined): value is PasswordProblem => value !== undefined && PROBLEMS.has(value);

/**
 * The set-password form of the reset and registration routes: a new password
 * with the rule as its hint, and its confirmation. Field messages appear once
 * a field has been left or after a submit.
 */
export function SetPasswordForm({
  account,
  title,
  pageTitle,
  submitLabel,
  submitting,
  notice,
  serverErrors,
  failures,
  onSubmit,
}: SetPasswordFormProps) {
  const t = useT();
  const { register, handleSubmit, trigger, getFieldState, formState, errors } = useCheckedForm<SetPasswordValues>({
    password: '',
    password2: '',
  });
  const { isSubmitted } = formState;
  const { failed, server } = useFormFailures<PasswordFieldName, PasswordProblem>(failures, serverErrors);

  const messageFor = (field: PasswordFieldName): string | undefined => {
    const problem = errors[field]?.message ?? server.problemOf(field);
    return isProblem(problem) ? t(PASSWORD_PROBLEM_MESSAGES[problem]) : undefined;
  };

  return (
    <FormScreen
      title={title}
      pageTitle={pageTitle}
      styles={styles}
      onSubmit={handleSubmit((values) => onSubmit(values), failed.refused)}
      notice={notice === null ? null : t(SET_PASSWORD_NOTICE_MESSAGES[notice])}
      failureKey={failed.key}
      fieldMessages={{ password: messageFor('password'), password2: messageFor('password2') }}
      header={
        account !== null && (
          <p className={styles.address}>
            <Message id="setPassword.account" values={{ email: <Address>{account}</Address> }} />
          </p>
        )
      }
    >
      {account !== null && (
        // The account's name for the browser's password manager, so that it saves the new password
        // under the right username (a hidden field, as browsers advise for a new-password form).
        <input type="text" name="username" autoComplete="username" value={account} readOnly hidden />
      )}
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
            server.edited('password');
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
          onChange: () => server.edited('password2'),
        })}
      />
      <SubmitButton busy={submitting}>{submitLabel}</SubmitButton>
    </FormScreen>
  );
}
