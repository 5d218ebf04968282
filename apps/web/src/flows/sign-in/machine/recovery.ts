/**
 * Recovery from the sign-in page: the forgot-password form, its confirmation, and the blocked
 * page's way to it. FORGOT_OUTCOMES is the one table from each reason of the forgot-password call
 * to what happens (docs/flows/sign-in.md, Reasons and outcomes).
 */
import type { ForgotPasswordReason } from '@gatehouse/contract';
import type { MessageId } from '../../../shared/i18n';
import { firstOutcome, forgotPassword, go, outcomesOf, signInView, stay } from './common';
import type { ForgotNotice, ForgotPasswordState, ForgotProblem, SignInEvent, StateOf, Transition } from './types';

/** What one reason of the forgot-password call does; `message` is what the person then reads. */
export type ForgotOutcome =
  /** As with no answer at all: the server-error notice, and the e-mail is cleared. */
  | { kind: 'serverError'; notice: Extract<ForgotNotice, 'server_error'>; message: MessageId }
  /** The e-mail field's message. */
  | { kind: 'problem'; problem: ForgotProblem; message: MessageId }
  /** The form's notice. */
  | { kind: 'notice'; notice: ForgotNotice; message: MessageId };

/**
 * Every reason of the forgot-password call and its outcome. When an answer has several, the first
 * of FORGOT_PRECEDENCE wins; a reason not known is handled as no answer.
 */
export const FORGOT_OUTCOMES = {
  missing_email: { kind: 'problem', problem: 'required', message: 'validation.enterEmail' },
  incorrect_email: { kind: 'problem', problem: 'invalid_email', message: 'validation.enterValidEmail' },
  email_required: { kind: 'problem', problem: 'required', message: 'validation.enterEmail' },
  app_error: { kind: 'serverError', notice: 'server_error', message: 'signIn.forgot.serverError' },
  bot_check_failed: { kind: 'notice', notice: 'bot_check_failed', message: 'signIn.notice.botCheckFailed' },
} satisfies Record<ForgotPasswordReason, ForgotOutcome>;

const FORGOT_PRECEDENCE: readonly ((outcome: ForgotOutcome) => boolean)[] = [
  (outcome) => outcome.kind === 'serverError',
  (outcome) => outcome.kind === 'problem' && outcome.problem === 'required',
  (outcome) => outcome.kind === 'problem' && outcome.problem === 'invalid_email',
  (outcome) => outcome.kind === 'notice',
];

export function onForgotPassword(state: ForgotPasswordState, event: SignInEvent): Transition {
  switch (event.type) {
    case 'forgot.submitted':
      if (state.submitting) return stay(state);
      return go({ ...state, email: event.email, submitting: true, notice: null, problem: null }, [
        { type: 'forgot.call', email: event.email },
      ]);
    case 'forgot.answered': {
      if (!state.submitting) return stay(state);
      const answer = event.answer;
      if (answer.status === 'ok')
        return go({ type: 'resetSent', users: state.users, email: state.email, back: state.back });
      const outcomes = outcomesOf<ForgotPasswordReason, ForgotOutcome>(FORGOT_OUTCOMES, answer.reasons);
      const first = firstOutcome(outcomes, FORGOT_PRECEDENCE);
      const idle = { ...state, submitting: false, failures: state.failures + 1 };
      switch (first?.kind) {
        case 'problem':
          return go({ ...idle, problem: first.problem });
        case 'notice':
          return go({ ...idle, notice: first.notice });
        case 'serverError':
        case undefined:
          return onForgotUnanswered(state);
        default:
          return first satisfies never;
      }
    }
    case 'forgot.unanswered':
      return state.submitting ? onForgotUnanswered(state) : stay(state);
    case 'forgot.abandoned':
      return go({ ...state, submitting: false });
    case 'forgot.cancelled':
      // The login form gets the e-mail back as the person left it (typed there, or corrected here).
      return state.submitting ? stay(state) : go(signInView(state.users, state.back, { email: event.email }));
    default:
      return stay(state);
  }
}

/** A forgot-password request with no answer (or app_error) shows the server-error notice and the e-mail is cleared. */
function onForgotUnanswered(state: ForgotPasswordState): Transition {
  return go(
    { ...state, email: '', submitting: false, notice: 'server_error', problem: null, failures: state.failures + 1 },
    [{ type: 'field.reset', field: 'email' }],
  );
}

/** Blocked after invalid PINs: 'reset password' opens the forgot-password form for that e-mail. */
export function onBlocked(state: StateOf<'blocked'>, event: SignInEvent): Transition {
  return event.type === 'forgot.opened' ? go(forgotPassword(state.users, state.email, state.back)) : stay(state);
}

/** The reset link is sent: 'sign in' goes back to where the person came from, the login form with that e-mail. */
export function onResetSent(state: StateOf<'resetSent'>, event: SignInEvent): Transition {
  return event.type === 'resetSent.closed'
    ? go(signInView(state.users, state.back, { email: state.email }))
    : stay(state);
}
