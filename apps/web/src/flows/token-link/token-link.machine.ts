/**
 * The token-link pages (a password reset link, an invitation link) as one explicit, pure machine
 * (conventions 4 and 5): transition(steps, link, state, event) → the next state and the effects
 * to run. The effects are data; token-link.effects.ts runs them with injected I/O.
 *
 * docs/flows/recovery.md: the token is checked on load (an invalid one leads to the expired page,
 * from which a new link can be asked for by e-mail); a live link leads to the set-password form,
 * or first to a welcome page (`steps.first`). What follows the password is the kind's:
 * - 'passwordChanged' (a reset): the confirmation, the device user list refreshed, then sign in;
 * - 'pairDevice' (a registration, which signs the user in): pair this device or skip, then the
 *   passkey offer when the browser supports passkeys and the server says so (the same offer as
 *   after a sign-in), then the safe redirect. A visitor who came signed in and whose link no longer
 *   works has most likely used it already (a reload of a later step, the mail opened again): the
 *   page goes on to the redirect target instead of calling the link expired (`steps.signsIn`).
 * A reset link this browser has set its password with (the server knows it from a cookie) starts at
 * the confirmation: the page was reloaded or the mail opened again (`TokenLinkPage.usedHere`).
 */
import type { StatusAnswer, TokenInfoAnswer } from '@gatehouse/contract';
import { isNewTokenEvent, onRequestNewToken, requestNewTokenState } from '../../shared/link-request';
import type {
  LinkPage,
  NewTokenEffect,
  NewTokenEvent,
  NewTokenSentState,
  RequestNewTokenState,
} from '../../shared/link-request';
import { accountOfLink, readSetPasswordAnswer, readTokenInfoAnswer } from './set-password-answers';
import type { PasswordFieldErrors, SetPasswordNotice } from './set-password-answers';

/** The steps that differ between the kinds of link. */
export interface TokenLinkSteps {
  /** The first page of a live link. */
  first: 'welcome' | 'setPassword';
  /** What follows a password set. */
  afterPassword: 'passwordChanged' | 'pairDevice';
  /**
   * Setting the password signs the person in (a registration): a visitor already signed in whose
   * link no longer works is sent on to the redirect target rather than shown the expired page.
   */
  signsIn: boolean;
}

/** The page's link and what the page knows of its visitor: read once when the page starts, fixed for its life. */
export interface TokenLinkPage extends LinkPage {
  /** Signed in when the page loaded (the start-up user info). */
  signedIn: boolean;
}

export type TokenLinkState =
  /** The link's check is under way. */
  | { type: 'checkingToken' }
  /**
   * The check got no usable answer and the page is still here (the global handler told the person
   * to wait, or that the service is busy): the link may well be live, so the page offers the check
   * again rather than a spinner that never ends.
   */
  | { type: 'checkFailed' }
  /** `account`: the e-mail of the account the link is for, when its check named it (else null). */
  | { type: 'welcome'; account: string | null }
  | {
      type: 'setPassword';
      /** Shown, and given to the password manager as the username (docs/flows/recovery.md). */
      account: string | null;
      submitting: boolean;
      notice: SetPasswordNotice | null;
      fieldErrors: PasswordFieldErrors;
      /** Counts the failed answers: the form reports each once (focus or announcement). */
      failures: number;
    }
  | { type: 'expired' }
  | RequestNewTokenState
  | NewTokenSentState
  /** `account`: the e-mail of the account, when the link's check named it (its "Sign in" hands it over). */
  | { type: 'passwordChanged'; account: string | null }
  | { type: 'pairDevice'; pairing: boolean; notice: 'pairFailed' | null }
  /** Registered (and paired or not): the offer check, or the redirect, is under way. */
  | { type: 'finishing' }
  /** The passkey registration offer (shared with sign-in: shared/passkeys). */
  | { type: 'passkeyOffer' };

export type TokenLinkEvent =
  | { type: 'token.answered'; answer: TokenInfoAnswer }
  /** The token check got no usable answer; the global HTTP handler has taken over. */
  | { type: 'token.abandoned' }
  /** "Try again" on the page of a check that got no answer. */
  | { type: 'check.retried' }
  | { type: 'welcome.continued' }
  | { type: 'password.submitted'; password: string; password2: string }
  | { type: 'password.answered'; answer: StatusAnswer }
  | { type: 'password.unavailable' }
  | { type: 'password.abandoned' }
  | { type: 'newToken.chosen' }
  /** The request-new-link form's events (shared/link-request), sign in included. */
  | NewTokenEvent
  | { type: 'device.skipped' }
  | { type: 'device.pairChosen' }
  | { type: 'device.paired' }
  /** Pairing failed in any way: the user is registered and signed in, so only a notice; skip stays open. */
  | { type: 'device.pairFailed' }
  | { type: 'passkeyOffer.checked'; offer: boolean }
  /** Activated, ask later or don't ask again: the offer screen has done its calls. */
  | { type: 'passkeyOffer.finished' };

export type TokenLinkEffect =
  | { type: 'token.check'; token: string }
  | { type: 'password.call'; token: string; password: string; password2: string }
  | NewTokenEffect
  /** After a reset: the device user list, for the sign-in page. */
  | { type: 'deviceList.refresh' }
  | { type: 'device.pair' }
  /** After a registration: the passkey offer check; `passkeyOffer.checked` follows. */
  | { type: 'registration.finish' }
  | { type: 'navigation.redirect' };

export interface TokenLinkTransition {
  state: TokenLinkState;
  effects: TokenLinkEffect[];
}

/**
 * The first transition (useMachine makes it once): a link without a token is expired at once (there is
 * nothing to check); a reset link this browser has used shows its confirmation again, without a check
 * (the link is used: the check could only call it expired); else the link checked with `answer` when
 * the page came with it (a server-rendered page; docs/decisions/0117-server-rendered-first-view.md),
 * else the check to make.
 */
export function startTokenLink(
  steps: TokenLinkSteps,
  link: TokenLinkPage,
  answer?: TokenInfoAnswer,
): TokenLinkTransition {
  const { token } = link;
  if (token === null || token.trim() === '') return go({ type: 'expired' });
  if (link.usedHere && steps.afterPassword === 'passwordChanged') return go({ type: 'passwordChanged', account: null });
  const checking = check(token);
  return answer ? transition(steps, link, checking.state, { type: 'token.answered', answer }) : checking;
}

/** The link's check, asked for (again). */
const check = (token: string): TokenLinkTransition => go({ type: 'checkingToken' }, { type: 'token.check', token });

type SetPasswordState = Extract<TokenLinkState, { type: 'setPassword' }>;
type PairDeviceState = Extract<TokenLinkState, { type: 'pairDevice' }>;

const setPassword = (account: string | null, patch: Partial<SetPasswordState> = {}): TokenLinkState => ({
  type: 'setPassword',
  account,
  submitting: false,
  notice: null,
  fieldErrors: {},
  failures: 0,
  ...patch,
});

const pairDevice = (patch: Partial<PairDeviceState> = {}): TokenLinkState => ({
  type: 'pairDevice',
  pairing: false,
  notice: null,
  ...patch,
});

const stay = (state: TokenLinkState): TokenLinkTransition => ({ state, effects: [] });
const go = (state: TokenLinkState, ...effects: TokenLinkEffect[]): TokenLinkTransition => ({ state, effects });
/** The account a screen is about, when it knows it: sign-in starts with it. */
const emailOf = (state: TokenLinkState): string | null =>
  state.type === 'passwordChanged' ? state.account : state.type === 'newTokenSent' ? state.email : null;
/** Close, sign in: the sign-in route, with the screen's account. */
const leave = (state: TokenLinkState, event: TokenLinkEvent) => {
  if (event.type !== 'signIn.chosen') return stay(state);
  const email = emailOf(state);
  return go(state, email === null ? { type: 'navigation.signIn' } : { type: 'navigation.signIn', email });
};

/**
 * @param steps the kind's steps (token-link.kinds.ts).
 * @param link the page's link and visitor, as the page started with them.
 */
export function transition(
  steps: TokenLinkSteps,
  link: TokenLinkPage,
  state: TokenLinkState,
  event: TokenLinkEvent,
): TokenLinkTransition {
  const { token } = link;
  switch (state.type) {
    case 'checkingToken':
      return onCheckingToken(steps, link, state, event);
    case 'checkFailed':
      return event.type === 'check.retried' && token !== null ? check(token) : leave(state, event);
    case 'welcome':
      return event.type === 'welcome.continued' ? go(setPassword(state.account)) : stay(state);
    case 'setPassword':
      return onSetPassword(steps, token, state, event);
    case 'expired':
      return event.type === 'newToken.chosen' ? go(requestNewTokenState()) : leave(state, event);
    case 'requestNewToken':
      return isNewTokenEvent(event) ? onRequestNewToken(state, event) : stay(state);
    case 'newTokenSent':
    case 'passwordChanged':
      return leave(state, event);
    case 'pairDevice':
      return onPairDevice(state, event);
    case 'finishing':
      if (event.type !== 'passkeyOffer.checked') return stay(state);
      return event.offer ? go({ type: 'passkeyOffer' }) : go(state, { type: 'navigation.redirect' });
    case 'passkeyOffer':
      return event.type === 'passkeyOffer.finished'
        ? go({ type: 'finishing' }, { type: 'navigation.redirect' })
        : stay(state);
    default:
      return state satisfies never;
  }
}

function onCheckingToken(
  steps: TokenLinkSteps,
  link: TokenLinkPage,
  state: Extract<TokenLinkState, { type: 'checkingToken' }>,
  event: TokenLinkEvent,
): TokenLinkTransition {
  switch (event.type) {
    case 'token.answered': {
      if (readTokenInfoAnswer(event.answer) !== 'valid')
        return steps.signsIn && link.signedIn
          ? go({ type: 'finishing' }, { type: 'navigation.redirect' })
          : go({ type: 'expired' });
      const account = accountOfLink(event.answer);
      return steps.first === 'welcome' ? go({ type: 'welcome', account }) : go(setPassword(account));
    }
    case 'token.abandoned':
      // The global handler has shown the error page, reloaded, or told the wait in a snackbar; in
      // the last case the page must offer a way on.
      return go({ type: 'checkFailed' });
    default:
      return stay(state);
  }
}

function onSetPassword(
  steps: TokenLinkSteps,
  token: string | null,
  state: SetPasswordState,
  event: TokenLinkEvent,
): TokenLinkTransition {
  switch (event.type) {
    case 'password.submitted':
      if (state.submitting || token === null) return stay(state);
      return go(setPassword(state.account, { submitting: true, failures: state.failures }), {
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
          // A registration signed the user in: the device can be paired with this session.
          return steps.afterPassword === 'pairDevice'
            ? go(pairDevice())
            : go({ type: 'passwordChanged', account: state.account }, { type: 'deviceList.refresh' });
        case 'expired':
          return go({ type: 'expired' });
        case 'fields':
          return go(setPassword(state.account, { fieldErrors: outcome.errors, failures: state.failures + 1 }));
        case 'notice':
          return go(setPassword(state.account, { notice: outcome.notice, failures: state.failures + 1 }));
        default:
          return outcome satisfies never;
      }
    }
    case 'password.unavailable':
      return go(setPassword(state.account, { notice: 'unavailable', failures: state.failures + 1 }));
    case 'password.abandoned':
      return go(setPassword(state.account, { notice: state.notice, failures: state.failures }));
    default:
      return stay(state);
  }
}

function onPairDevice(state: PairDeviceState, event: TokenLinkEvent): TokenLinkTransition {
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
