/**
 * The part the reset-password and finish-registration flows share: a link
 * token checked on load, a password set with it, and a new link asked for by
 * e-mail. Each flow's machine delegates its request-new-link state here and
 * its runner delegates these effects (flows never import each other).
 */
import type { ForgotPasswordBody, SetPasswordBody, StatusAnswer } from '@gatehouse/contract';
import { readNewTokenAnswer } from './recovery-answers';
import type { EmailProblem, NewTokenNotice } from './recovery-answers';

export interface RequestNewTokenState {
  type: 'requestNewToken';
  submitting: boolean;
  notice: NewTokenNotice | null;
  /** Null, or the e-mail problem of the server's last answer; the form shows it until the e-mail is edited (useAnswerProblems, keyed by `failures`). */
  emailError: { problem: EmailProblem } | null;
  /** Counts the failed answers: the form reports each once (focus or announcement). */
  failures: number;
}

/** The events of the request-new-link state. */
export type NewTokenEvent =
  | { type: 'newToken.submitted'; email: string }
  | { type: 'newToken.answered'; answer: StatusAnswer }
  /** No answer, app_error or a server fault: the form's own notice (isServiceUnavailable). */
  | { type: 'newToken.unavailable' }
  /** Any other failure; the global HTTP handler has taken over. */
  | { type: 'newToken.abandoned' }
  /** Close / sign in / cancel: the sign-in route. */
  | { type: 'signIn.chosen' };

/** The effects of the request-new-link state (also the secure-account page's). */
export type NewTokenEffect = { type: 'newToken.call'; email: string } | { type: 'email.clear' } | { type: 'navigation.signIn' };

/** The effects both flows run the same way. */
export type TokenLinkEffect =
  | { type: 'token.check'; token: string }
  | { type: 'password.call'; token: string; password: string; password2: string }
  | NewTokenEffect;

/** What those effects send back. */
export type TokenLinkResultEvent =
  | { type: 'token.answered'; answer: StatusAnswer }
  /** The token check got no usable answer; the global HTTP handler has taken over. */
  | { type: 'token.abandoned' }
  | { type: 'password.answered'; answer: StatusAnswer }
  | { type: 'password.unavailable' }
  | { type: 'password.abandoned' }
  | { type: 'newToken.answered'; answer: StatusAnswer }
  | { type: 'newToken.unavailable' }
  | { type: 'newToken.abandoned' };

export const requestNewTokenState = (patch: Partial<Omit<RequestNewTokenState, 'type'>> = {}): RequestNewTokenState => ({
  type: 'requestNewToken',
  submitting: false,
  notice: null,
  emailError: null,
  failures: 0,
  ...patch,
});

/**
 * The request-new-link state: submit, the server's answer (field problem,
 * notice, or the confirmation); a request the service could not answer
 * shows its notice and clears the e-mail.
 */
export function onRequestNewToken(
  state: RequestNewTokenState,
  e: NewTokenEvent,
): { state: RequestNewTokenState | { type: 'newTokenSent' }; effects: NewTokenEffect[] } {
  switch (e.type) {
    case 'newToken.submitted':
      if (state.submitting) return { state, effects: [] };
      return { state: requestNewTokenState({ submitting: true, failures: state.failures }), effects: [{ type: 'newToken.call', email: e.email }] };
    case 'newToken.answered': {
      if (!state.submitting) return { state, effects: [] };
      const outcome = readNewTokenAnswer(e.answer);
      const failures = state.failures + 1;
      switch (outcome.type) {
        case 'ok':
          return { state: { type: 'newTokenSent' }, effects: [] };
        case 'field':
          return { state: requestNewTokenState({ emailError: { problem: outcome.problem }, failures }), effects: [] };
        case 'notice':
          return outcome.notice === 'unavailable'
            ? { state: requestNewTokenState({ notice: 'unavailable', failures }), effects: [{ type: 'email.clear' }] }
            : { state: requestNewTokenState({ notice: outcome.notice, failures }), effects: [] };
        default:
          return outcome satisfies never;
      }
    }
    case 'newToken.unavailable':
      return { state: requestNewTokenState({ notice: 'unavailable', failures: state.failures + 1 }), effects: [{ type: 'email.clear' }] };
    case 'newToken.abandoned':
      return { state: requestNewTokenState({ notice: state.notice, failures: state.failures }), effects: [] };
    case 'signIn.chosen':
      return { state, effects: [{ type: 'navigation.signIn' }] };
    default:
      return e satisfies never;
  }
}

export interface TokenLinkDeps {
  tokenInfo: (token: string) => Promise<StatusAnswer>;
  /** POST /api/user/resetpassword or /api/user/register. */
  setPassword: (body: SetPasswordBody) => Promise<StatusAnswer>;
  /** The new-link request (for an invited account the server mails a fresh invitation). */
  forgotPassword: (body: ForgotPasswordBody) => Promise<StatusAnswer>;
  /** True when a failure gets the form's own "temporarily unavailable" notice. */
  isServiceUnavailable: (error: unknown) => boolean;
  handleGlobalFailure: (error: unknown) => void;
  clearEmail: () => void;
  goToSignIn: () => void;
}

/** Runs one of the shared effects; the events it produces go back through `send`. */
export async function runTokenLinkEffect(
  effect: TokenLinkEffect,
  deps: TokenLinkDeps,
  send: (event: TokenLinkResultEvent) => void,
): Promise<void> {
  switch (effect.type) {
    case 'token.check':
      try {
        send({ type: 'token.answered', answer: await deps.tokenInfo(effect.token) });
      } catch (error) {
        send({ type: 'token.abandoned' });
        deps.handleGlobalFailure(error);
      }
      return;
    case 'password.call':
      try {
        const answer = await deps.setPassword({ token: effect.token, password: effect.password, password2: effect.password2 });
        send({ type: 'password.answered', answer });
      } catch (error) {
        if (deps.isServiceUnavailable(error)) {
          send({ type: 'password.unavailable' });
        } else {
          send({ type: 'password.abandoned' });
          deps.handleGlobalFailure(error);
        }
      }
      return;
    default:
      return runNewTokenEffect(effect, deps, send);
  }
}

/** What the request-new-link effects need. */
export type NewTokenDeps = Pick<TokenLinkDeps, 'forgotPassword' | 'isServiceUnavailable' | 'handleGlobalFailure' | 'clearEmail' | 'goToSignIn'>;

/** Runs an effect of the request-new-link state; the events it produces go back through `send`. */
export async function runNewTokenEffect(
  effect: NewTokenEffect,
  deps: NewTokenDeps,
  send: (event: Extract<TokenLinkResultEvent, { type: `newToken.${string}` }>) => void,
): Promise<void> {
  switch (effect.type) {
    case 'newToken.call':
      try {
        send({ type: 'newToken.answered', answer: await deps.forgotPassword({ email: effect.email }) });
      } catch (error) {
        if (deps.isServiceUnavailable(error)) {
          send({ type: 'newToken.unavailable' });
        } else {
          send({ type: 'newToken.abandoned' });
          deps.handleGlobalFailure(error);
        }
      }
      return;
    case 'email.clear':
      deps.clearEmail();
      return;
    case 'navigation.signIn':
      deps.goToSignIn();
      return;
    default:
      return effect satisfies never;
  }
}

/** A link's check made by the server for the page it rendered (docs/decisions/0117-server-rendered-first-view.md). */
export interface LinkCheck {
  token: string;
  answer: StatusAnswer;
}

/** The check's answer when it is this link's (a page the app moved to itself has none). */
export function answerFor(check: LinkCheck | null | undefined, token: string | null): StatusAnswer | undefined {
  return check && token !== null && check.token === token ? check.answer : undefined;
}
