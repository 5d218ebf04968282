/**
 * The password step of the two sign-in forms (login and remembered user): the login call and what
 * its answer leads to. LOGIN_OUTCOMES is the one table from each reason of the login call to what
 * happens, read here for the next state and by the screens for the message
 * (docs/flows/sign-in.md, Reasons and outcomes).
 */
import type { LoginAnswer, LoginReason } from '@gatehouse/contract';
import type { MessageId } from '../../../shared/i18n';
import { afterSignIn, formEmail, go, originOf, outcomesOf, stay } from './common';
import { enterPin, pinVariantOf } from './pin-step';
import type { LoginField, LoginNotice, SignInEvent, SignInFormState, Transition } from './types';

/** What one reason of the login answer does; `message` is what the person then reads. */
export type LoginOutcome =
  /** The error page (app_error). */
  | { kind: 'serverError'; message: MessageId }
  /** The disabled-account page. */
  | { kind: 'disabled'; message: MessageId }
  /** The blocked page (PIN attempts used up). */
  | { kind: 'blocked'; message: MessageId }
  /** A field the server found empty: its message ('Enter {field}'). */
  | { kind: 'field'; field: LoginField; message: MessageId }
  /** The PIN mail could not be sent: a snackbar, the form stays. */
  | { kind: 'pinMailFailed'; message: MessageId }
  /**
   * Wrong e-mail or password: the password is emptied; the login form shows `message` as its notice,
   * the remembered-user form `passwordFieldMessage` on the password field.
   */
  | { kind: 'retypePassword'; notice: 'invalid_credentials'; message: MessageId; passwordFieldMessage: MessageId }
  /** The form's notice. */
  | { kind: 'notice'; notice: Extract<LoginNotice, LoginReason>; message: MessageId };

/**
 * Every reason of the login call and its outcome. When an answer has several, the first kind of
 * LOGIN_PRECEDENCE wins (every field is marked; of the notices, the answer's first).
 */
export const LOGIN_OUTCOMES = {
  username_required: { kind: 'field', field: 'email', message: 'validation.enterField' },
  password_required: { kind: 'field', field: 'password', message: 'validation.enterField' },
  credentials_required: { kind: 'notice', notice: 'credentials_required', message: 'signIn.notice.generic' },
  invalid_credentials: {
    kind: 'retypePassword',
    notice: 'invalid_credentials',
    message: 'signIn.notice.invalidCredentials',
    passwordFieldMessage: 'signIn.notice.incorrectPassword',
  },
  account_disabled: { kind: 'disabled', message: 'signIn.disabled.body' },
  email_not_verified: { kind: 'notice', notice: 'email_not_verified', message: 'signIn.notice.emailNotVerified' },
  blocked: { kind: 'blocked', message: 'signIn.blocked.pinBody' },
  pin_code_mail_failed: { kind: 'pinMailFailed', message: 'signIn.snackbar.pinMailFailed' },
  app_error: { kind: 'serverError', message: 'app.error.internal.message' },
  bot_check_failed: { kind: 'notice', notice: 'bot_check_failed', message: 'signIn.notice.botCheckFailed' },
} satisfies Record<LoginReason, LoginOutcome>;

/** Which outcome wins when a login answer has several reasons. */
const LOGIN_PRECEDENCE = [
  'serverError',
  'disabled',
  'blocked',
  'field',
  'pinMailFailed',
  'retypePassword',
  'notice',
] as const satisfies readonly LoginOutcome['kind'][];

type LoginEvent = Extract<SignInEvent, { type: `login.${string}` }>;

export function onPasswordStep(state: SignInFormState, event: LoginEvent): Transition {
  switch (event.type) {
    case 'login.submitted':
      if (state.submitting || state.passkeyBusy) return stay(state);
      return go(
        state.type === 'loginForm'
          ? {
              ...state,
              email: event.body.username,
              submitting: true,
              notice: null,
              serverFieldErrors: [],
              passkeyNotice: null,
            }
          : { ...state, submitting: true, notice: null, serverFieldErrors: [], passkeyNotice: null },
        // A login first clears the browser cache named go-cache.
        [{ type: 'cache.clear' }, { type: 'login.call', body: event.body }],
      );
    case 'login.answered':
      return state.submitting ? onLoginAnswer(state, event.answer) : stay(state);
    case 'login.unanswered':
      return state.submitting
        ? go({ ...state, submitting: false, notice: 'no_answer', failures: state.failures + 1 })
        : stay(state);
    case 'login.abandoned':
      return go({ ...state, submitting: false });
    default:
      return event satisfies never;
  }
}

function onLoginAnswer(state: SignInFormState, answer: LoginAnswer): Transition {
  const variant = pinVariantOf(answer.status);
  if (variant !== null)
    return enterPin(
      state.users,
      { email: formEmail(state, answer.email), variant },
      originOf(state),
      state.activatePasskey,
    );
  switch (answer.status) {
    case 'ok':
      // Still submitting: the page is leaving, a second submit must not start.
      return go(state, afterSignIn(state.activatePasskey));
    case 'failed':
      return onLoginFailed(state, answer);
    default:
      return go({ ...state, submitting: false, failures: state.failures + 1, notice: 'unexpected' });
  }
}

function onLoginFailed(state: SignInFormState, answer: LoginAnswer): Transition {
  // Still on the form with a message (if the answer does not lead elsewhere).
  const idle = { ...state, submitting: false, failures: state.failures + 1 };
  const outcomes = outcomesOf<LoginReason, LoginOutcome>(LOGIN_OUTCOMES, answer.reasons);
  const kind = LOGIN_PRECEDENCE.find((k) => outcomes.some((outcome) => outcome.kind === k));
  const email = formEmail(state, answer.email);
  switch (kind) {
    case 'serverError':
      return go(idle, [{ type: 'app.serverError' }]);
    case 'disabled':
      return go({ type: 'disabled', users: state.users, email });
    case 'blocked':
      return go({ type: 'blocked', users: state.users, email, back: originOf(state) });
    case 'field':
      // The form shows the fields' messages and reports the first one (focus on it, or an announcement).
      return go({
        ...idle,
        serverFieldErrors: outcomes.flatMap((outcome) => (outcome.kind === 'field' ? [outcome.field] : [])),
      });
    case 'pinMailFailed':
      return go(idle, [{ type: 'snackbar.pinMailFailed' }]);
    case 'retypePassword':
      // The password is emptied; the form puts focus there (described by the message) so the user can type again at once.
      return go({ ...idle, notice: 'invalid_credentials' }, [{ type: 'field.reset', field: 'password' }]);
    case 'notice': {
      const notice = outcomes.find((outcome) => outcome.kind === 'notice');
      return go({ ...idle, notice: notice?.notice ?? 'unexpected' });
    }
    case undefined:
      return go({ ...idle, notice: 'unexpected' });
    default:
      return kind satisfies never;
  }
}
