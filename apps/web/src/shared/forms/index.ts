/**
 * Forms and screens shared by the reset-password and finish-registration flows
 * (both set a password from an e-mailed link and can ask for a new link), and the
 * secure-account flow (its expired screen asks for a reset link the same way).
 */
export { SetPasswordForm } from './set-password-form';
export type { SetPasswordFormProps, SetPasswordValues } from './set-password-form';
export { NewTokenForm } from './new-token-form';
export type { NewTokenFormHandle, NewTokenFormProps } from './new-token-form';
export { MessageScreen, LoadingScreen } from './message-screen';
export { LinkRequestScreen } from './link-request-screen';
export type { LinkRequestScreenProps } from './link-request-screen';
export type { MessageScreenProps } from './message-screen';
export { readNewTokenAnswer, readSetPasswordAnswer, readTokenInfoAnswer } from './recovery-answers';
export type {
  EmailProblem,
  NewTokenNotice,
  NewTokenOutcome,
  NewTokenReason,
  PasswordField,
  PasswordFieldErrors,
  PasswordProblem,
  SetPasswordNotice,
  SetPasswordOutcome,
  SetPasswordReason,
  TokenCheck,
} from './recovery-answers';
export { EMAIL_PROBLEM_MESSAGES, NEW_TOKEN_NOTICE_MESSAGES, PASSWORD_PROBLEM_MESSAGES, SET_PASSWORD_NOTICE_MESSAGES } from './recovery.messages';
export { onRequestNewToken, requestNewTokenState, runNewTokenEffect, runTokenLinkEffect } from './token-link';
export type {
  NewTokenDeps,
  NewTokenEffect,
  NewTokenEvent,
  RequestNewTokenState,
  TokenLinkDeps,
  TokenLinkEffect,
  TokenLinkResultEvent,
} from './token-link';
export { answerFor } from './token-link';
export type { LinkCheck } from './token-link';
