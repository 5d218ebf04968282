/**
 * The sign-in flow as an explicit, pure machine (conventions 4 and 5):
 * transition(state, event) → the next state and the effects to run.
 * Effects are data; sign-in.effects.ts runs them with injected I/O, timers
 * and focus, so this file needs neither a DOM nor a network.
 *
 * States now: unspecified and loginForm. Later issues add the remembered
 * users, the PIN form, the blocked and disabled pages, the forgot-password
 * form and the passkey offer as further members of SignInState.
 */
import type { DeviceUser, LoginAnswer, LoginBody } from '@gatehouse/contract';

/** Every reason the login call may return (contract: ENDPOINTS login.reasons). */
export const LOGIN_REASONS = [
  'username_required',
  'password_required',
  'credentials_required',
  'invalid_credentials',
  'account_disabled',
  'email_not_verified',
  'blocked',
  'pin_code_mail_failed',
  'app_error',
  'bot_check_failed',
] as const;
export type LoginReason = (typeof LOGIN_REASONS)[number];

function isLoginReason(value: string): value is LoginReason {
  return (LOGIN_REASONS as readonly string[]).includes(value);
}

/** The reasons that become messages on the form's fields rather than a form notice. */
export type LoginField = 'email' | 'password';
const FIELD_OF_REASON: Partial<Record<LoginReason, LoginField>> = {
  username_required: 'email',
  password_required: 'password',
};

/**
 * What the form notice says, as a code: a login reason, or
 * - no_answer: the login got no answer at all (own reaction, clarifications);
 * - pin_unavailable: the server asked for the PIN step, which this build cannot show yet;
 * - unexpected: an unknown reason or status (the generic fallback).
 */
export type LoginNotice =
  | Exclude<LoginReason, 'username_required' | 'password_required' | 'app_error' | 'pin_code_mail_failed'>
  | 'no_answer'
  | 'pin_unavailable'
  | 'unexpected';

export type SignInState =
  | { type: 'unspecified' }
  | {
      type: 'loginForm';
      submitting: boolean;
      notice: LoginNotice | null;
      /** Fields the server reported empty (username_required, password_required). */
      serverFieldErrors: readonly LoginField[];
    };

export type SignInEvent =
  | { type: 'flow.started'; rememberedUsers: readonly DeviceUser[] }
  | { type: 'login.submitted'; body: LoginBody }
  | { type: 'login.answered'; answer: LoginAnswer }
  /** No answer at all: the login's own reaction, the server-error notice. */
  | { type: 'login.unanswered' }
  /** Any other failure; the global HTTP handler has taken over. */
  | { type: 'login.abandoned' };

export type SignInEffect =
  | { type: 'cache.clear' }
  | { type: 'login.call'; body: LoginBody }
  | { type: 'navigation.redirect' }
  | { type: 'field.reset'; field: LoginField }
  | { type: 'field.focus'; field: LoginField }
  | { type: 'snackbar.pinMailFailed' }
  | { type: 'app.serverError' };

export interface Transition {
  state: SignInState;
  effects: SignInEffect[];
}

export const initialSignInState: SignInState = { type: 'unspecified' };

const loginForm = (patch: Partial<Extract<SignInState, { type: 'loginForm' }>> = {}): SignInState => ({
  type: 'loginForm',
  submitting: false,
  notice: null,
  serverFieldErrors: [],
  ...patch,
});

const stay = (state: SignInState): Transition => ({ state, effects: [] });

export function transition(state: SignInState, event: SignInEvent): Transition {
  switch (state.type) {
    case 'unspecified':
      // Remembered users get their own form with the remembered-users issue;
      // until then every start shows the login form.
      return event.type === 'flow.started' ? { state: loginForm(), effects: [] } : stay(state);
    case 'loginForm':
      return onLoginForm(state, event);
    default:
      return state satisfies never;
  }
}

function onLoginForm(state: Extract<SignInState, { type: 'loginForm' }>, event: SignInEvent): Transition {
  switch (event.type) {
    case 'flow.started':
      return stay(state);
    case 'login.submitted':
      if (state.submitting) return stay(state);
      return {
        state: loginForm({ submitting: true }),
        // Spec section 4: login first clears the browser cache named go-cache.
        effects: [{ type: 'cache.clear' }, { type: 'login.call', body: event.body }],
      };
    case 'login.answered':
      return state.submitting ? onLoginAnswer(event.answer) : stay(state);
    case 'login.unanswered':
      return { state: loginForm({ notice: 'no_answer' }), effects: [] };
    case 'login.abandoned':
      return { state: loginForm({ notice: state.notice }), effects: [] };
    default:
      return event satisfies never;
  }
}

function onLoginAnswer(answer: LoginAnswer): Transition {
  switch (answer.status) {
    case 'ok':
      // Still submitting: the page is leaving, a second submit must not start.
      return { state: loginForm({ submitting: true }), effects: [{ type: 'navigation.redirect' }] };
    case 'requested_pin_code':
    case 'pin_code_recheck_required':
    case 'pin_code_recheck_mandatory':
      // The PIN form is the next issue's (spec section 4, "PIN"); the server does
      // not ask for it yet, so this build says sign-in is unavailable.
      return { state: loginForm({ notice: 'pin_unavailable' }), effects: [] };
    case 'failed':
      return onLoginFailed(answer.reasons ?? []);
    default:
      return { state: loginForm({ notice: 'unexpected' }), effects: [] };
  }
}

function onLoginFailed(reasons: readonly string[]): Transition {
  const known = reasons.filter(isLoginReason);
  if (known.includes('app_error')) return { state: loginForm(), effects: [{ type: 'app.serverError' }] };

  const fields = known.flatMap((reason) => {
    const field = FIELD_OF_REASON[reason];
    return field ? [field] : [];
  });
  if (fields.length > 0) {
    const first = fields.includes('email') ? 'email' : 'password';
    return { state: loginForm({ serverFieldErrors: fields }), effects: [{ type: 'field.focus', field: first }] };
  }
  if (known.includes('pin_code_mail_failed')) {
    return { state: loginForm(), effects: [{ type: 'snackbar.pinMailFailed' }] };
  }
  if (known.includes('invalid_credentials')) {
    // The notice is an alert; the emptied password field takes focus so the
    // user can type again at once.
    return {
      state: loginForm({ notice: 'invalid_credentials' }),
      effects: [
        { type: 'field.reset', field: 'password' },
        { type: 'field.focus', field: 'password' },
      ],
    };
  }
  const notice = known.find(
    (reason): reason is Extract<LoginNotice, LoginReason> =>
      reason === 'account_disabled' ||
      reason === 'blocked' ||
      reason === 'email_not_verified' ||
      reason === 'bot_check_failed' ||
      reason === 'credentials_required',
  );
  return { state: loginForm({ notice: notice ?? 'unexpected' }), effects: [] };
}
