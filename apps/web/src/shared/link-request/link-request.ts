/**
 * Asking for a new e-mailed link (POST /api/user/forgotpassword): the state of a page's
 * request-new-link form, its events and effects, the pure transition and the effect runner.
 * A machine that has such a state delegates to these; the call itself is injected.
 * No DOM; knows no flow.
 */
import type { ForgotPasswordBody, ForgotPasswordReason, StatusAnswer } from '@gatehouse/contract';
import { sendCallOutcome } from '../machine';
import type { CallFailureDeps } from '../machine';

/** The e-mail field of the request form. */
export type EmailProblem = 'email_required' | 'incorrect_email';

export type NewTokenNotice = 'unavailable' | 'bot_check_failed';

/** Every reason the new-link request may return: the contract's (forgotPassword). */
export type NewTokenReason = ForgotPasswordReason;

export type NewTokenFailure = { type: 'field'; problem: EmailProblem } | { type: 'notice'; notice: NewTokenNotice };
export type NewTokenOutcome = { type: 'ok' } | NewTokenFailure;

/**
 * What each reason of the new-link request leads to, read by the form's machine; the form shows an
 * outcome's text from EMAIL_PROBLEM_MESSAGES or NEW_TOKEN_NOTICE_MESSAGES (the messages test checks
 * every reason has one, through NEW_TOKEN_REASON_MESSAGES). When an answer has several, the first in
 * this table wins.
 * email_required is the empty e-mail of these forms; missing_email, the contract's other name for it, too.
 */
export const NEW_TOKEN_OUTCOMES = {
  app_error: { type: 'notice', notice: 'unavailable' },
  email_required: { type: 'field', problem: 'email_required' },
  missing_email: { type: 'field', problem: 'email_required' },
  incorrect_email: { type: 'field', problem: 'incorrect_email' },
  bot_check_failed: { type: 'notice', notice: 'bot_check_failed' },
} as const satisfies Record<NewTokenReason, NewTokenFailure>;

/** Reads an answer of POST /api/user/forgotpassword on a request-new-link form. */
export function readNewTokenAnswer(answer: StatusAnswer): NewTokenOutcome {
  if (answer.status === 'ok') return { type: 'ok' };
  const reasons = answer.status === 'failed' ? (answer.reasons ?? []) : [];
  const first = (Object.keys(NEW_TOKEN_OUTCOMES) as NewTokenReason[]).find((reason) => reasons.includes(reason));
  // An unknown reason or status: the form's one generic text.
  return first ? NEW_TOKEN_OUTCOMES[first] : { type: 'notice', notice: 'unavailable' };
}

export interface RequestNewTokenState {
  type: 'requestNewToken';
  submitting: boolean;
  notice: NewTokenNotice | null;
  /** Null, or the e-mail problem of the server's last answer; the form shows it until the e-mail is edited (useAnswerProblems, keyed by `failures`). */
  emailError: { problem: EmailProblem } | null;
  /** Counts the failed answers: the form reports each once (focus or announcement). */
  failures: number;
  /** The address of the request under way ('' before the first): the confirmation shows it. */
  email: string;
}

/** The confirmation: a link is on its way to `email`, if it is an account's. */
export interface NewTokenSentState {
  type: 'newTokenSent';
  email: string;
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

/** What the request-new-link effects send back. */
export type NewTokenResultEvent = Extract<
  NewTokenEvent,
  { type: 'newToken.answered' | 'newToken.unavailable' | 'newToken.abandoned' }
>;

/** The effects of the request-new-link state. */
export type NewTokenEffect =
  | { type: 'newToken.call'; email: string }
  | { type: 'email.clear' }
  /** `email`: the account the page is about, handed to sign-in when the page knows it. */
  | { type: 'navigation.signIn'; email?: string };

/** The request-new-link state: a fresh form, or one patched (submitting, a notice, a field problem). */
export const requestNewTokenState = (
  patch: Partial<Omit<RequestNewTokenState, 'type'>> = {},
): RequestNewTokenState => ({
  type: 'requestNewToken',
  submitting: false,
  notice: null,
  emailError: null,
  failures: 0,
  email: '',
  ...patch,
});

const NEW_TOKEN_EVENTS: ReadonlySet<string> = new Set<NewTokenEvent['type']>([
  'newToken.submitted',
  'newToken.answered',
  'newToken.unavailable',
  'newToken.abandoned',
  'signIn.chosen',
]);

/** True for the events the request-new-link state handles (a machine's other events leave it as it is). */
export function isNewTokenEvent<E extends { type: string }>(event: E): event is Extract<E, NewTokenEvent> {
  return NEW_TOKEN_EVENTS.has(event.type);
}

/**
 * The request-new-link state: submit, the server's answer (field problem,
 * notice, or the confirmation); a request the service could not answer
 * shows its notice and clears the e-mail.
 */
export function onRequestNewToken(
  state: RequestNewTokenState,
  e: NewTokenEvent,
): { state: RequestNewTokenState | NewTokenSentState; effects: NewTokenEffect[] } {
  switch (e.type) {
    case 'newToken.submitted':
      if (state.submitting) return { state, effects: [] };
      return {
        state: requestNewTokenState({ submitting: true, failures: state.failures, email: e.email }),
        effects: [{ type: 'newToken.call', email: e.email }],
      };
    case 'newToken.answered': {
      if (!state.submitting) return { state, effects: [] };
      const outcome = readNewTokenAnswer(e.answer);
      const failures = state.failures + 1;
      switch (outcome.type) {
        case 'ok':
          return { state: { type: 'newTokenSent', email: state.email }, effects: [] };
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
      return {
        state: requestNewTokenState({ notice: 'unavailable', failures: state.failures + 1 }),
        effects: [{ type: 'email.clear' }],
      };
    case 'newToken.abandoned':
      return { state: requestNewTokenState({ notice: state.notice, failures: state.failures }), effects: [] };
    case 'signIn.chosen':
      return { state, effects: [{ type: 'navigation.signIn' }] };
    default:
      return e satisfies never;
  }
}

/** What the request-new-link effects need, injected. */
export interface NewTokenDeps extends CallFailureDeps {
  /** True when a failure gets the form's own notice (no answer, app_error, a server fault: shared/api isServiceUnavailable). */
  isServiceUnavailable: (error: unknown) => boolean;
  /** The new-link request (for an invited account the server mails a fresh invitation). */
  forgotPassword: (body: ForgotPasswordBody) => Promise<StatusAnswer>;
  clearEmail: () => void;
  /** To the sign-in route, with the account to sign in to when the page knows it. */
  goToSignIn: (email?: string) => void;
}

/** Runs an effect of the request-new-link state; the events it produces go back through `send`. */
export async function runNewTokenEffect(
  effect: NewTokenEffect,
  deps: NewTokenDeps,
  send: (event: NewTokenResultEvent) => void,
): Promise<void> {
  switch (effect.type) {
    case 'newToken.call':
      return sendCallOutcome(
        () => deps.forgotPassword({ email: effect.email }),
        {
          answered: (answer) => ({ type: 'newToken.answered' as const, answer }),
          own: [[deps.isServiceUnavailable, { type: 'newToken.unavailable' }]],
          abandoned: { type: 'newToken.abandoned' },
        },
        deps,
        send,
      );
    case 'email.clear':
      deps.clearEmail();
      return;
    case 'navigation.signIn':
      deps.goToSignIn(effect.email);
      return;
    default:
      return effect satisfies never;
  }
}
