/**
 * The secure-account route as an explicit, pure machine (conventions 4 and 5): the page of the
 * link in the "Wasn't you?" mail (docs/flows/secure-account.md). Opening the link only checks it
 * (mail scanners fetch links); the person's press of the one button secures the account, and the
 * confirmation leads on to choosing a new password. An unknown, used or expired link gets a screen
 * with a way to sign in or to ask for a reset link. The link loaded again in the browser that secured
 * the account with it (a reload, the mail opened again) shows the confirmation again; the reset
 * token it came with is gone, so choosing a new password then asks for a reset link by mail.
 */
import { isNewTokenEvent, onRequestNewToken, requestNewTokenState } from '../../shared/link-request';
import type {
  LinkPage,
  NewTokenEffect,
  NewTokenEvent,
  NewTokenSentState,
  RequestNewTokenState,
} from '../../shared/link-request';
import type { SecureAccountAnswer, StatusAnswer } from '@gatehouse/contract';

/** Why the button did not secure the account, in the page's own notice (the button keeps focus). */
export type SecureNotice = 'unavailable' | 'bot_check_failed';

export type SecureAccountState =
  /** The link's check is under way. */
  | { type: 'checkingLink' }
  /** The check got no usable answer and the page is still here (a wait or a busy service told): "Try again". */
  | { type: 'checkFailed' }
  | { type: 'confirm'; submitting: boolean; notice: SecureNotice | null; failures: number }
  /** `resetToken`: null when the page was loaded again after the securing (the token was the page's only). */
  | { type: 'secured'; resetToken: string | null }
  | { type: 'expired' }
  | RequestNewTokenState
  | NewTokenSentState;

export type SecureAccountEvent =
  | { type: 'link.answered'; answer: StatusAnswer }
  /** The check got no usable answer; the global HTTP handler has taken over. */
  | { type: 'link.abandoned' }
  /** "Try again" on the page of a check that got no answer. */
  | { type: 'check.retried' }
  | { type: 'secure.chosen' }
  | { type: 'secure.answered'; answer: SecureAccountAnswer }
  /** No answer, app_error or a server fault: the page's own notice. */
  | { type: 'secure.unavailable' }
  /** Any other failure (429, …); the global HTTP handler has taken over. */
  | { type: 'secure.abandoned' }
  | { type: 'newPassword.chosen' }
  | { type: 'newToken.chosen' }
  | NewTokenEvent;

export type SecureAccountEffect =
  | { type: 'link.check'; token: string }
  | { type: 'secure.call'; token: string }
  | { type: 'navigation.resetPassword'; token: string }
  | NewTokenEffect;

export interface SecureAccountTransition {
  state: SecureAccountState;
  effects: SecureAccountEffect[];
}

/**
 * The first transition (useMachine makes it once): a link without a token is expired at once (there is
 * nothing to check); a link this browser secured the account with (`link.usedHere`, the server's word for
 * the page it rendered; docs/decisions/0178-used-link-reopened.md) shows the confirmation again; else
 * the link checked with `answer` when the page came with it (a server-rendered page;
 * docs/decisions/0117-server-rendered-first-view.md), else the check to make.
 */
export function startSecureAccount(link: LinkPage, answer?: StatusAnswer): SecureAccountTransition {
  const { token } = link;
  if (token === null || token.trim() === '') return go({ type: 'expired' });
  if (link.usedHere) return go({ type: 'secured', resetToken: null });
  const checking = check(token);
  return answer ? transition(token, checking.state, { type: 'link.answered', answer }) : checking;
}

const confirm = (patch: Partial<Extract<SecureAccountState, { type: 'confirm' }>> = {}): SecureAccountState => ({
  type: 'confirm',
  submitting: false,
  notice: null,
  failures: 0,
  ...patch,
});
const stay = (state: SecureAccountState): SecureAccountTransition => ({ state, effects: [] });
const go = (state: SecureAccountState, ...effects: SecureAccountEffect[]): SecureAccountTransition => ({
  state,
  effects,
});

/** The link's check, asked for (again). */
const check = (token: string): SecureAccountTransition => go({ type: 'checkingLink' }, { type: 'link.check', token });

/** wrong_token / missing_token: the link cannot be used (unknown, used, expired). */
const linkRefused = (answer: StatusAnswer) =>
  (answer.reasons ?? []).some((reason) => reason === 'wrong_token' || reason === 'missing_token');

/**
 * @param token the `token` query parameter, read once; null when absent.
 */
export function transition(
  token: string | null,
  state: SecureAccountState,
  event: SecureAccountEvent,
): SecureAccountTransition {
  switch (state.type) {
    case 'checkingLink':
      return onCheckingLink(state, event);
    case 'checkFailed':
      if (event.type === 'check.retried' && token !== null) return check(token);
      if (event.type === 'signIn.chosen') return go(state, { type: 'navigation.signIn' });
      return stay(state);
    case 'confirm':
      return onConfirm(token, state, event);
    case 'secured':
      if (event.type !== 'newPassword.chosen') return stay(state);
      // Without the reset token (the page loaded again), a reset link by mail.
      return state.resetToken === null
        ? go(requestNewTokenState())
        : go(state, { type: 'navigation.resetPassword', token: state.resetToken });
    case 'expired':
      if (event.type === 'newToken.chosen') return go(requestNewTokenState());
      if (event.type === 'signIn.chosen') return go(state, { type: 'navigation.signIn' });
      return stay(state);
    case 'requestNewToken':
      return isNewTokenEvent(event) ? onRequestNewToken(state, event) : stay(state);
    case 'newTokenSent':
      // The address the link went to: sign-in starts with it.
      return event.type === 'signIn.chosen'
        ? go(state, { type: 'navigation.signIn', email: state.email })
        : stay(state);
    default:
      return state satisfies never;
  }
}

function onCheckingLink(
  state: Extract<SecureAccountState, { type: 'checkingLink' }>,
  event: SecureAccountEvent,
): SecureAccountTransition {
  switch (event.type) {
    case 'link.answered':
      // A refused bot check or any other failure cannot be told from a bad link here: the expired screen offers both ways on.
      return event.answer.status === 'ok' ? go(confirm()) : go({ type: 'expired' });
    case 'link.abandoned':
      // The global handler has shown the error page, reloaded, or told the wait in a snackbar; in
      // the last case the page must offer a way on.
      return go({ type: 'checkFailed' });
    default:
      return stay(state);
  }
}

function onConfirm(
  token: string | null,
  state: Extract<SecureAccountState, { type: 'confirm' }>,
  event: SecureAccountEvent,
): SecureAccountTransition {
  switch (event.type) {
    case 'secure.chosen':
      if (state.submitting || token === null) return stay(state);
      return go(confirm({ submitting: true, notice: state.notice, failures: state.failures }), {
        type: 'secure.call',
        token,
      });
    case 'secure.answered': {
      if (!state.submitting) return stay(state);
      const { answer } = event;
      if (answer.status === 'ok' && answer.resetToken) return go({ type: 'secured', resetToken: answer.resetToken });
      if (linkRefused(answer)) return go({ type: 'expired' });
      const notice: SecureNotice = (answer.reasons ?? []).includes('bot_check_failed')
        ? 'bot_check_failed'
        : 'unavailable';
      return go(confirm({ notice, failures: state.failures + 1 }));
    }
    case 'secure.unavailable':
      return go(confirm({ notice: 'unavailable', failures: state.failures + 1 }));
    case 'secure.abandoned':
      return go(confirm({ notice: state.notice, failures: state.failures }));
    default:
      return stay(state);
  }
}
