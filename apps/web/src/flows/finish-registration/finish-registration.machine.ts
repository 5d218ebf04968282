import type { StatusAnswer } from '@gatehouse/contract';
/**
 * The finish-registration route as an explicit, pure machine (conventions 4
 * and 5): transition(token, state, event) → the next state and the effects to
 * run. The effects are data; finish-registration.effects.ts runs them.
 *
 * The registration (docs/flows/recovery.md): the token is checked on load (an invalid
 * one leads to the expired-token page); welcome → set the first password →
 * success signs the user in → pair-device page (skip or
 * pair) → afterRegistration: the passkey offer when the browser supports
 * passkeys and the server says so (the same offer as after a sign-in), then the
 * safe redirect.
 */
import { onRequestNewToken as onRequestNewTokenShared, readSetPasswordAnswer, readTokenInfoAnswer } from '../../shared/forms';
import type { NewTokenEvent, PasswordFieldErrors, RequestNewTokenState as SharedRequestNewTokenState, SetPasswordNotice, TokenLinkEffect, TokenLinkResultEvent } from '../../shared/forms';

export type FinishRegistrationState =
  /** `started`: the check is under way (a second flow.started, e.g. from StrictMode, is ignored). */
  | { type: 'checkingToken'; started: boolean }
  | { type: 'welcome' }
  | {
      type: 'setPassword';
      submitting: boolean;
      notice: SetPasswordNotice | null;
      fieldErrors: PasswordFieldErrors;
      /** Counts the failed answers: the form reports each once (focus or announcement). */
      failures: number;
    }
  | { type: 'expired' }
  | SharedRequestNewTokenState
  | { type: 'newTokenSent' }
  | { type: 'pairDevice'; pairing: boolean; notice: 'pairFailed' | null }
  /** Registered (and paired or not): the offer check, or the redirect, is under way. */
  | { type: 'finishing' }
  /** The passkey registration offer (shared with sign-in: shared/passkeys). */
  | { type: 'passkeyOffer' };

export type FinishRegistrationEvent =
  | { type: 'flow.started' }
  | { type: 'welcome.continued' }
  | { type: 'password.submitted'; password: string; password2: string }
  | { type: 'newToken.chosen' }
  /** The shared token-link events (answers of its effects; the request-new-link form; sign in). */
  | TokenLinkResultEvent
  | NewTokenEvent
  | { type: 'device.skipped' }
  | { type: 'device.pairChosen' }
  | { type: 'device.paired' }
  /** Pairing failed in any way: the user is registered and signed in, so only a notice; skip stays open. */
  | { type: 'device.pairFailed' }
  | { type: 'passkeyOffer.checked'; offer: boolean }
  /** Activated, ask later or don't ask again: the offer screen has done its calls. */
  | { type: 'passkeyOffer.finished' };

/** The token-link effects shared with reset-password, and this flow's own. */
export type FinishRegistrationEffect =
  | TokenLinkEffect
  | { type: 'device.pair' }
  /** afterRegistration(): the passkey offer check; `passkeyOffer.checked` follows. */
  | { type: 'registration.finish' }
  | { type: 'navigation.redirect' };

export interface FinishRegistrationTransition {
  state: FinishRegistrationState;
  effects: FinishRegistrationEffect[];
}

export const initialFinishRegistrationState: FinishRegistrationState = { type: 'checkingToken', started: false };

/**
 * The first transition: the link checked with `answer` when the page came with it (a server-rendered
 * page; docs/decisions/0117-server-rendered-first-view.md), else the check to make.
 */
export function startFinishRegistration(token: string | null, answer?: StatusAnswer): FinishRegistrationTransition {
  const started = transition(token, initialFinishRegistrationState, { type: 'flow.started' });
  return answer && started.state.type === 'checkingToken' ? transition(token, started.state, { type: 'token.answered', answer }) : started;
}

type SetPasswordState = Extract<FinishRegistrationState, { type: 'setPassword' }>;
type RequestNewTokenState = Extract<FinishRegistrationState, { type: 'requestNewToken' }>;
type PairDeviceState = Extract<FinishRegistrationState, { type: 'pairDevice' }>;

const setPassword = (patch: Partial<SetPasswordState> = {}): FinishRegistrationState => ({
  type: 'setPassword',
  submitting: false,
  notice: null,
  fieldErrors: {},
  failures: 0,
  ...patch,
});

const requestNewToken = (patch: Partial<RequestNewTokenState> = {}): FinishRegistrationState => ({
  type: 'requestNewToken',
  submitting: false,
  notice: null,
  emailError: null,
  failures: 0,
  ...patch,
});

const pairDevice = (patch: Partial<PairDeviceState> = {}): FinishRegistrationState => ({ type: 'pairDevice', pairing: false, notice: null, ...patch });

const stay = (state: FinishRegistrationState): FinishRegistrationTransition => ({ state, effects: [] });
const go = (state: FinishRegistrationState, ...effects: FinishRegistrationEffect[]): FinishRegistrationTransition => ({ state, effects });

/**
 * @param token the `token` query parameter, read once; null when absent.
 */
export function transition(
  token: string | null,
  state: FinishRegistrationState,
  event: FinishRegistrationEvent,
): FinishRegistrationTransition {
  switch (state.type) {
    case 'checkingToken':
      return onCheckingToken(token, state, event);
    case 'welcome':
      return event.type === 'welcome.continued' ? go(setPassword()) : stay(state);
    case 'setPassword':
      return onSetPassword(token, state, event);
    case 'expired':
      if (event.type === 'newToken.chosen') return go(requestNewToken());
      if (event.type === 'signIn.chosen') return go(state, { type: 'navigation.signIn' });
      return stay(state);
    case 'requestNewToken':
      return onRequestNewToken(state, event);
    case 'newTokenSent':
      return event.type === 'signIn.chosen' ? go(state, { type: 'navigation.signIn' }) : stay(state);
    case 'pairDevice':
      return onPairDevice(state, event);
    case 'finishing':
      if (event.type !== 'passkeyOffer.checked') return stay(state);
      return event.offer ? go({ type: 'passkeyOffer' }) : go(state, { type: 'navigation.redirect' });
    case 'passkeyOffer':
      return event.type === 'passkeyOffer.finished' ? go({ type: 'finishing' }, { type: 'navigation.redirect' }) : stay(state);
    default:
      return state satisfies never;
  }
}

function onCheckingToken(
  token: string | null,
  state: Extract<FinishRegistrationState, { type: 'checkingToken' }>,
  event: FinishRegistrationEvent,
): FinishRegistrationTransition {
  switch (event.type) {
    case 'flow.started':
      if (state.started) return stay(state);
      // missing_token without asking: there is nothing to check.
      if (token === null || token.trim() === '') return go({ type: 'expired' });
      return go({ type: 'checkingToken', started: true }, { type: 'token.check', token });
    case 'token.answered':
      return readTokenInfoAnswer(event.answer) === 'valid' ? go({ type: 'welcome' }) : go({ type: 'expired' });
    default:
      // token.abandoned: the global handler reacts; the page keeps its loading state.
      return stay(state);
  }
}

function onSetPassword(token: string | null, state: SetPasswordState, event: FinishRegistrationEvent): FinishRegistrationTransition {
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
          // Registration signed the user in: the device can be paired with this session.
          return go(pairDevice());
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

function onRequestNewToken(state: RequestNewTokenState, event: FinishRegistrationEvent): FinishRegistrationTransition {
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

function onPairDevice(state: PairDeviceState, event: FinishRegistrationEvent): FinishRegistrationTransition {
  switch (event.type) {
    case 'device.pairChosen':
      return state.pairing ? stay(state) : go(pairDevice({ pairing: true }), { type: 'device.pair' });
    case 'device.skipped':
      return state.pairing ? stay(state) : go({ type: 'finishing' }, { type: 'registration.finish' });
    case 'device.paired':
      return state.pairing ? go({ type: 'finishing' }, { type: 'registration.finish' }) : stay(state);
    case 'device.pairFailed':
      return state.pairing ? go(pairDevice({ notice: 'pairFailed' })) : stay(state);
    default:
      return stay(state);
  }
}
