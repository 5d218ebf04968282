/**
 * Asking for a new e-mailed link: the request-new-link state of a page's machine (state, events,
 * effects, transition, runner), its form and screen. The page gives the screen's texts and the call;
 * nothing here knows which page it is on (docs/flows/recovery.md).
 */
export { isNewTokenEvent, onRequestNewToken, requestNewTokenState, runNewTokenEffect } from './link-request';
export type {
  NewTokenDeps,
  NewTokenEffect,
  NewTokenEvent,
  NewTokenSentState,
  RequestNewTokenState,
} from './link-request';
export {
  LINK_CHECK_FAILED_TEXTS,
  LINK_CHECK_RETRY,
  NEW_TOKEN_REASON_MESSAGES,
  RESET_LINK_VALIDITY,
  linkValidity,
} from './link-request.messages';
export { answerFor, markUsedHere, usedHere } from './link-check';
export type { LinkCheck, LinkPage } from './link-check';
export { LinkRequestScreen } from './link-request-screen';
export type { LinkRequestTexts } from './link-request-screen';
export type { NewTokenFormHandle } from './link-request-screen';
