import type { MessageId } from '../i18n';
import type { EmailProblem, NewTokenNotice, PasswordProblem, SetPasswordNotice } from './recovery-answers';

/** Field messages of the set-password form, a common password included. */
export const PASSWORD_PROBLEM_MESSAGES = {
  // "The required and weak messages share one text."
  password_required: 'validation.weakPassword',
  weak_password: 'validation.weakPassword',
  common_password: 'validation.commonPassword',
  password_verification_required: 'validation.confirmNewPassword',
  passwords_do_not_match: 'validation.passwordsDoNotMatch',
} as const satisfies Record<PasswordProblem, MessageId>;

export const SET_PASSWORD_NOTICE_MESSAGES = {
  unavailable: 'setPassword.serviceUnavailable',
  bot_check_failed: 'recovery.botCheckFailed',
} as const satisfies Record<SetPasswordNotice, MessageId>;

/** The e-mail field of the new-token request forms. */
export const EMAIL_PROBLEM_MESSAGES = {
  email_required: 'validation.enterEmail',
  incorrect_email: 'validation.enterValidEmail',
} as const satisfies Record<EmailProblem, MessageId>;

export const NEW_TOKEN_NOTICE_MESSAGES = {
  unavailable: 'recovery.newToken.serverError',
  bot_check_failed: 'recovery.botCheckFailed',
} as const satisfies Record<NewTokenNotice, MessageId>;
