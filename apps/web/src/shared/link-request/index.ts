/**
 * Asking for a new e-mailed link: the request-new-link state of a page's machine (state, events,
 * effects, transition, runner), its form and screen. The page gives the screen's texts and the call;
 * nothing here knows which page it is on (docs/flows/recovery.md).
 */
export {
  NEW_TOKEN_OUTCOMES,
  isNewTokenEvent,
  onRequestNewToken,
  readNewTokenAnswer,
  requestNewTokenState,
  runNewTokenEffect,
} from './link-request';
export type {
  EmailProblem,
  NewTokenDeps,
  NewTokenEffect,
  NewTokenEvent,
  NewTokenNotice,
  NewTokenOutcome,
  NewTokenReason,
  NewTokenResultEvent,
  RequestNewTokenState,
} from './link-request';
export { EMAIL_PROBLEM_MESSAGES, NEW_TOKEN_NOTICE_MESSAGES, NEW_TOKEN_REASON_MESSAGES } from './link-request.messages';
export { answerFor } from './link-check';
export type { LinkCheck } from './link-check';
export { LinkRequestScreen } from './link-request-screen';
export type { LinkRequestScreenProps, LinkRequestTexts } from './link-request-screen';
export { NewTokenForm } from './new-token-form';
export type { NewTokenFormHandle, NewTokenFormProps } from './new-token-form';
