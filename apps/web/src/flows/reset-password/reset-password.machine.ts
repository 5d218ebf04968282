import type { StatusAnswer } from '@gatehouse/contract';
/**
 * The reset-password route as an explicit, pure machine (conventions 4 and 5):
 * transition(state, event) → the next state and the effects to run. The
 * effects are data; reset-password.effects.ts runs them with injected I/O.
 *
 * The password reset (docs/flows/recovery.md): the token is checked on load; an invalid
 * one leads to the expired-token page; a successful submit leads to the
 * password-changed page and the device user list is refreshed; a successful
 * new-token request leads to its confirmation.
 */
import { onRequestNewToken as onRequestNewTokenShared, readSetPasswordAnswer, readTokenInfoAnswer } from '../../shared/forms';
import type { NewTokenEvent, PasswordFieldErrors, RequestNewTokenState, SetPasswordNotice, TokenLinkEffect, TokenLinkResultEvent } from '../../shared/forms';

export type ResetPasswordState =
  /** `started`: the check is under way (a second flow.started, e.g. from StrictMode, is ignored). */
  | { type: 'checkingToken'; started: boolean }
  | {
      type: 'setPassword';
      submitting: boolean;
      notice: SetPasswordNotice | null;
      fieldErrors: PasswordFieldErrors;
      /** Counts the failed answers: the form reports each once (focus or announcement). */
      failures: number;
    }
  | { type: 'expired' }
  | RequestNewTokenState
  | { type: 'newTokenSent' }
  | { type: 'passwordChanged' };

export type ResetPasswordEvent =
  | { type: 'flow.started' }
  | { type: 'password.submitted'; password: string; password2: string }
  | { type: 'newToken.chosen' }
  /** The shared token-link events (answers of its effects; the request-new-link form; sign in). */
  | TokenLinkResultEvent
  | NewTokenEvent;

/** The token-link effects shared with finish-registration, and the device list refresh. */
export type ResetPasswordEffect = TokenLinkEffect | { type: 'deviceList.refresh' };

export interface ResetPasswordTransition {
  state: ResetPasswordState;
  effects: ResetPasswordEffect[];
}

export const initialResetPasswordState: ResetPasswordState = { type: 'checkingToken', started: false };

/**
 * The first transition: the link checked with `answer` when the page came with it (a server-rendered
 * page; docs/decisions/0117-server-rendered-first-view.md), else the check to make.
 */
export function startResetPassword(token: string | null, answer?: StatusAnswer): ResetPasswordTransition {
  const started = transition(token, initialResetPasswordState, { type: 'flow.started' });
  return answer && started.state.type === 'checkingToken' ? transition(token, started.state, { type: 'token.answered', answer }) : started;
}

const setPassword = (patch: Partial<Extract<ResetPasswordState, { type: 'setPassword' }>> = {}): ResetPasswordState => ({
  type: 'setPassword',
  submitting: false,
  notice: null,
  fieldErrors: {},
  failures: 0,
  ...patch,
});

const requestNewToken = (patch: Partial<Extract<ResetPasswordState, { type: 'requestNewToken' }>> = {}): ResetPasswordState => ({
  type: 'requestNewToken',
  submitting: false,
  notice: null,
  emailError: null,
  failures: 0,
  ...patch,
});

const stay = (state: ResetPasswordState): ResetPasswordTransition => ({ state, effects: [] });
const go = (state: ResetPasswordState, ...effects: ResetPasswordEffect[]): ResetPasswordTransition => ({ state, effects });

/**
 * @param token the `token` query parameter, read once; null when absent.
 */
export function transition(token: string | null, state: ResetPasswordState, event: ResetPasswordEvent): ResetPasswordTransition {
  switch (state.type) {
    case 'checkingToken':
      return onCheckingToken(token, state, event);
    case 'setPassword':
      return onSetPassword(token, state, event);
    case 'expired':
      if (event.type === 'newToken.chosen') return go(requestNewToken());
      if (event.type === 'signIn.chosen') return go(state, { type: 'navigation.signIn' });
      return stay(state);
    case 'requestNewToken':
      return onRequestNewToken(state, event);
    case 'newTokenSent':
    case 'passwordChanged':
      return event.type === 'signIn.chosen' ? go(state, { type: 'navigation.signIn' }) : stay(state);
    default:
      return state satisfies never;
  }
}

function onCheckingToken(
  token: string | null,
  state: Extract<ResetPasswordState, { type: 'checkingToken' }>,
  event: ResetPasswordEvent,
): ResetPasswordTransition {
  switch (event.type) {
    case 'flow.started':
      if (state.started) return stay(state);
      // missing_token without asking: there is nothing to check.
      if (token === null || token.trim() === '') return go({ type: 'expired' });
      return go({ type: 'checkingToken', started: true }, { type: 'token.check', token });
    case 'token.answered':
      return readTokenInfoAnswer(event.answer) === 'valid' ? go(setPassword()) : go({ type: 'expired' });
    default:
      // token.abandoned: the global handler shows the error page or a snackbar;
      // the page keeps its loading state. Everything else cannot happen here.
      return stay(state);
  }
}

function onSetPassword(
  token: string | null,
  state: Extract<ResetPasswordState, { type: 'setPassword' }>,
  event: ResetPasswordEvent,
): ResetPasswordTransition {
  switch (event.type) {
    case 'password.submitted':
      if (state.submitting || token === null) return stay(state);
      return go(setPassword({ submitting: true, failures: state.failures }), {
        type: 'password.call',
        token,
        password: event.password,
        password2: event.password2,
      });
    case 'password.answered': {
      if (!state.submitting) return stay(state);
      const outcome = readSetPasswordAnswer(event.answer);
      switch (outcome.type) {
        case 'ok':
          return go({ type: 'passwordChanged' }, { type: 'deviceList.refresh' });
        case 'expired':
          return go({ type: 'expired' });
        case 'fields':
          return go(setPassword({ fieldErrors: outcome.errors, failures: state.failures + 1 }));
        case 'notice':
          return go(setPassword({ notice: outcome.notice, failures: state.failures + 1 }));
        default:
          return outcome satisfies never;
      }
    }
    case 'password.unavailable':
      return go(setPassword({ notice: 'unavailable', failures: state.failures + 1 }));
    case 'password.abandoned':
      return go(setPassword({ notice: state.notice, failures: state.failures }));
    default:
      return stay(state);
  }
}

function onRequestNewToken(
  state: Extract<ResetPasswordState, { type: 'requestNewToken' }>,
  event: ResetPasswordEvent,
): ResetPasswordTransition {
  switch (event.type) {
    case 'newToken.submitted':
    case 'newToken.answered':
    case 'newToken.unavailable':
    case 'newToken.abandoned':
    case 'signIn.chosen':
      return onRequestNewTokenShared(state, event);
    default:
      return stay(state);
  }
}
