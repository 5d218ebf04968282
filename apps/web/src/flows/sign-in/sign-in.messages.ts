/**
 * What the sign-in screens say, per code of the machine (conventions 3). A message that answers a
 * reason comes from that call's reason → outcome table (machine/*-step.ts, machine/recovery.ts), so
 * the machine and the screens read one table (docs/flows/sign-in.md, Reasons and outcomes).
 */
import type { MessageId } from '../../shared/i18n';
import { FORGOT_OUTCOMES } from './machine/recovery';
import { LOGIN_OUTCOMES } from './machine/password-step';
import { PASSKEY_OUTCOMES } from './machine/passkey-step';
import { PIN_SUBMIT_OUTCOMES } from './machine/pin-step';
import type {
  ForgotNotice,
  ForgotProblem,
  LoginField,
  LoginNotice,
  PasskeyNotice,
  PinProblem,
} from './sign-in.machine';

export { FORGOT_OUTCOMES, LOGIN_OUTCOMES, PASSKEY_OUTCOMES, PIN_SUBMIT_OUTCOMES };

/** The form notice of the login forms, per notice code: a login reason's, or the login's own reactions. */
export const LOGIN_NOTICE_MESSAGES = {
  invalid_credentials: LOGIN_OUTCOMES.invalid_credentials.message,
  email_not_verified: LOGIN_OUTCOMES.email_not_verified.message,
  bot_check_failed: LOGIN_OUTCOMES.bot_check_failed.message,
  credentials_required: LOGIN_OUTCOMES.credentials_required.message,
  code_expired: PIN_SUBMIT_OUTCOMES.missing_pin_code.message,
  no_answer: 'signIn.notice.serverError',
  unexpected: 'signIn.notice.generic',
} as const satisfies Record<LoginNotice, MessageId>;

/** On the remembered-user form, invalid credentials are a message on the password field. */
export const REMEMBERED_INCORRECT_PASSWORD: MessageId = LOGIN_OUTCOMES.invalid_credentials.passwordFieldMessage;

/** The localized field name used in 'Enter {field}'. */
export const LOGIN_FIELD_NAMES = {
  email: 'field.email',
  password: 'field.password',
} as const satisfies Record<LoginField, MessageId>;

export const PIN_PROBLEM_MESSAGES = {
  invalid: PIN_SUBMIT_OUTCOMES.wrong_pin_code.message,
  required: PIN_SUBMIT_OUTCOMES.pin_code_required.message,
} as const satisfies Record<PinProblem, MessageId>;

export const FORGOT_PROBLEM_MESSAGES = {
  required: FORGOT_OUTCOMES.email_required.message,
  invalid_email: FORGOT_OUTCOMES.incorrect_email.message,
} as const satisfies Record<ForgotProblem, MessageId>;

export const FORGOT_NOTICE_MESSAGES = {
  server_error: FORGOT_OUTCOMES.app_error.message,
  bot_check_failed: FORGOT_OUTCOMES.bot_check_failed.message,
} as const satisfies Record<ForgotNotice, MessageId>;

/** What a login form shows after a passkey attempt; `restricted` is the dialog's body. */
export const PASSKEY_NOTICE_MESSAGES = {
  unsupported: 'signIn.passkey.unsupported',
  optionsUnavailable: 'signIn.passkey.userOptionsUnavailable',
  cancelled: 'signIn.passkey.cancelled',
  restricted: 'biometric.body',
  internalError: PASSKEY_OUTCOMES.app_error.message,
  failed: 'signIn.passkey.failed',
  invalidCredentials: PASSKEY_OUTCOMES.invalid_credentials.message,
  emailNotVerified: PASSKEY_OUTCOMES.email_not_verified.message,
  botCheckFailed: PASSKEY_OUTCOMES.bot_check_failed.message,
} as const satisfies Record<PasskeyNotice, MessageId>;

/** 'not found': on the remembered-user form with the Activate action; on the login form the info text. */
export const PASSKEY_NOT_AVAILABLE_MESSAGES = {
  activation: 'signIn.passkey.credentialsNotAvailable',
  activationAction: 'signIn.passkey.credentialsNotAvailable.action',
  info: 'signIn.passkey.credentialsNotAvailableInfo',
} as const satisfies Record<string, MessageId>;
