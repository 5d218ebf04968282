/**
 * The sign-in flow as an explicit, pure machine (conventions 4 and 5):
 * transition(state, event) → the next state and the effects to run.
 * Effects are data; sign-in.effects.ts runs them, in order, with injected I/O,
 * timers and focus, so this file needs neither a DOM nor a network.
 *
 * The sign-in view states (docs/flows/sign-in.md), with the passkey registration
 * offer (`passkeyOffer`): `afterSignIn()` checks the offer instead of redirecting.
 * Passkey sign-in (button and conditional mediation) runs on the two login forms
 * (docs/decisions/0008-passkeys-in-the-app.md).
 */
import type { DeviceUser, LoginAnswer, LoginBody, PinAttemptsAnswer, StatusAnswer, WebauthnGetBody } from '@gatehouse/contract';

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

/** Every reason the PIN submit may return (contract: pinSubmit.reasons). */
export const PIN_REASONS = ['pin_code_required', 'missing_pin_code', 'wrong_pin_code', 'credentials_required', 'blocked', 'app_error'] as const;
export type PinReason = (typeof PIN_REASONS)[number];

/** Every reason the forgot-password call may return (contract: forgotPassword.reasons). */
export const FORGOT_REASONS = ['missing_email', 'incorrect_email', 'email_required', 'app_error', 'bot_check_failed'] as const;
export type ForgotReason = (typeof FORGOT_REASONS)[number];

function isLoginReason(value: string): value is LoginReason {
  return (LOGIN_REASONS as readonly string[]).includes(value);
}

/** The fields that effects can empty, on whichever screen shows them. */
export type FormField = 'email' | 'password';

/** The fields of the login forms that the server can report empty. */
export type LoginField = 'email' | 'password';
const FIELD_OF_REASON: Partial<Record<LoginReason, LoginField>> = {
  username_required: 'email',
  password_required: 'password',
};

/**
 * What the notice of a login form says, as a code: a login reason, or
 * - no_answer: the login got no answer at all (the login's own reaction);
 * - unexpected: an unknown reason or status (the generic fallback).
 * invalid_credentials is a form notice on the login form and a message on the
 * password field of the remembered-user form.
 */
export type LoginNotice = 'invalid_credentials' | 'email_not_verified' | 'bot_check_failed' | 'credentials_required' | 'no_answer' | 'unexpected';

/** `removing` on the account list while every account of the device is being forgotten (no user id looks like it). */
export const FORGET_ALL = '*';

/** Every reason the passkey sign-in may return (contract: webauthnGet.reasons). */
export const PASSKEY_REASONS = ['invalid_credentials', 'account_disabled', 'blocked', 'email_not_verified', 'app_error', 'bot_check_failed'] as const;
export type PasskeyReason = (typeof PASSKEY_REASONS)[number];

/** The answer of POST /api/webauthn/get: `ok` is the whole sign-in (no PIN), `email` with account_disabled. */
export type PasskeySignInAnswer = StatusAnswer & { email?: string };

/**
 * Why a passkey attempt ended without a sign-in, as reported by the effects:
 * - unsupported: the browser has no WebAuthn;
 * - optionsUnavailable: GET /api/webauthn/get failed or answered app_error;
 * - credentialsNotAvailable: 'not found' (no passkey for this account);
 * - cancelled: the user closed the prompt (NotAllowedError, AbortError): quiet;
 * - restricted: the authenticator refuses (SecurityError, NotSupportedError): the biometric-restricted dialog;
 * - internalError: POST /api/webauthn/get answered app_error;
 * - failed: anything else (no answer, an unknown error of the ceremony).
 */
export type PasskeyProblem = 'unsupported' | 'optionsUnavailable' | 'credentialsNotAvailable' | 'cancelled' | 'restricted' | 'internalError' | 'failed';

/** What a login form shows after a passkey attempt; `restricted` opens the dialog instead of a notice. */
export type PasskeyNotice = Exclude<PasskeyProblem, 'credentialsNotAvailable'> | 'invalidCredentials' | 'emailNotVerified' | 'botCheckFailed';

/** Where a passkey assertion came from: the button's modal ceremony, or the autofill (conditional mediation). */
export type PasskeySource = 'button' | 'autofill';

/** Which PIN form: the first PIN after a password, or a periodic recheck (optional: skippable once). */
export type PinVariant = 'signIn' | 'recheckOptional' | 'recheckMandatory';

/** A field message of the PIN form: wrong_pin_code / missing_pin_code, or pin_code_required. */
export type PinProblem = 'invalid' | 'required';

/** Field messages of the forgot-password form (missing_email / email_required, incorrect_email). */
export type ForgotProblem = 'required' | 'invalid_email';
export type ForgotNotice = 'server_error' | 'bot_check_failed';

/** Where "back to sign-in" leads: the login form, or the remembered-user form of that user. */
export type SignInOrigin = { type: 'login' } | { type: 'remembered'; user: DeviceUser };

/** The PIN step as it is kept in session storage, so a reload can resume it. */
export interface PinStep {
  email: string;
  variant: PinVariant;
}

export interface PinAttempts {
  remaining: number;
  silentRemaining: number;
}

/** Every state knows the remembered accounts of this device (start-up's list, then the DELETE answers). */
interface Common {
  users: readonly DeviceUser[];
}

/** Passkey sign-in on a login form. */
interface PasskeyFields {
  /** A passkey sign-in is under way (the button's ceremony, or the check of an assertion). */
  passkeyBusy: boolean;
  passkeyNotice: PasskeyNotice | null;
  /** Counts passkey attempts; conditional mediation starts again after each one. */
  passkeyRound: number;
  /** 'Activate' was chosen in the credentials-not-available snackbar: the offer comes right after this sign-in. */
  activatePasskey: boolean;
}

export type LoginFormState = Common &
  PasskeyFields & {
  type: 'loginForm';
  /** The e-mail the form starts with (e.g. back from the PIN step). */
  email: string;
  submitting: boolean;
  notice: LoginNotice | null;
  /** Fields the server reported empty (username_required, password_required). */
  serverFieldErrors: readonly LoginField[];
  /** Counts the answers that left the form in place with a message: the form reports each once (focus or announcement). */
  failures: number;
  /** A passkey can be used here (conditional mediation is armed): the device-offer notification. */
  deviceOffer: boolean;
};

export type RememberedUserState = Common &
  PasskeyFields & {
  type: 'rememberedUser';
  user: DeviceUser;
  submitting: boolean;
  notice: LoginNotice | null;
  serverFieldErrors: readonly LoginField[];
  failures: number;
};

export type PinState = Common & {
  type: 'pin';
  email: string;
  variant: PinVariant;
  back: SignInOrigin;
  /** Null until GET /api/user/pincode has answered. */
  attempts: PinAttempts | null;
  submitting: boolean;
  /** 'Don't show this prompt on this device again', as submitted. */
  rememberDevice: boolean;
  problem: PinProblem | null;
  /** Counts failed submits: the form reports each once (focus or announcement), the same message too. */
  failures: number;
  /** Carried from the login form: the passkey offer comes right after this sign-in. */
  activatePasskey: boolean;
};

export type ForgotPasswordState = Common & {
  type: 'forgotPassword';
  email: string;
  back: SignInOrigin;
  submitting: boolean;
  notice: ForgotNotice | null;
  problem: ForgotProblem | null;
  failures: number;
};

export type SignInState =
  | (Common & { type: 'unspecified' })
  | LoginFormState
  /** `removing`: the account being removed (its id), or FORGET_ALL while every account is forgotten. */
  | (Common & { type: 'rememberedUsers'; removing: string | null })
  | RememberedUserState
  | PinState
  /** Blocked after invalid PINs: 'use another account' and 'reset password'. */
  | (Common & { type: 'blocked'; email: string; back: SignInOrigin })
  /** Disabled by an administrator: the e-mail, a contact link, only 'use another account'. */
  | (Common & { type: 'disabled'; email: string })
  | ForgotPasswordState
  | (Common & { type: 'resetSent'; back: SignInOrigin })
  /** The passkey registration offer after a sign-in; `leaving` once the redirect has started. */
  | (Common & { type: 'passkeyOffer'; leaving: boolean });

export type SignInEvent =
  /**
   * `passkeyLikely`: the browser may offer passkeys in its autofill, so the login form starts with the
   * device-offer notice (a server-rendered first paint has it; docs/decisions/0117-server-rendered-first-view.md).
   */
  | { type: 'flow.started'; rememberedUsers: readonly DeviceUser[]; pinStep: PinStep | null; passkeyLikely?: boolean }
  | { type: 'login.submitted'; body: LoginBody }
  | { type: 'login.answered'; answer: LoginAnswer }
  /** No answer at all: the login's own reaction, the server-error notice. */
  | { type: 'login.unanswered' }
  /** Any other failure; the global HTTP handler has taken over. */
  | { type: 'login.abandoned' }
  | { type: 'remembered.listOpened' }
  | { type: 'remembered.userChosen'; user: DeviceUser }
  | { type: 'remembered.removeRequested'; userId: string }
  /** 'Forget all accounts on this device' (a shared computer). */
  | { type: 'remembered.forgetAllRequested' }
  | { type: 'remembered.listUpdated'; users: readonly DeviceUser[] }
  | { type: 'remembered.removeAbandoned' }
  /** 'Use another account': the empty login form. */
  | { type: 'account.anotherChosen' }
  | { type: 'pin.attemptsRead'; answer: PinAttemptsAnswer }
  | { type: 'pin.submitted'; pin: string; rememberDevice: boolean }
  | { type: 'pin.answered'; answer: StatusAnswer }
  | { type: 'pin.abandoned' }
  | { type: 'pin.skipRequested' }
  | { type: 'pin.skipAnswered'; answer: StatusAnswer }
  | { type: 'forgot.opened'; email: string }
  | { type: 'forgot.submitted'; email: string }
  | { type: 'forgot.answered'; answer: StatusAnswer }
  /** No answer at all, or app_error: the notice, and the e-mail is cleared. */
  | { type: 'forgot.unanswered' }
  | { type: 'forgot.abandoned' }
  | { type: 'forgot.cancelled' }
  | { type: 'resetSent.closed' }
  /** The passkey button: abort conditional mediation, then the modal ceremony. */
  | { type: 'passkey.requested' }
  | { type: 'passkey.asserted'; body: WebauthnGetBody; source: PasskeySource }
  | { type: 'passkey.answered'; answer: PasskeySignInAnswer }
  | { type: 'passkey.failed'; problem: PasskeyProblem }
  /** Any other failure of the check; the global HTTP handler has taken over. */
  | { type: 'passkey.abandoned' }
  /** The biometric-restricted dialog was closed. */
  | { type: 'passkey.noticeClosed' }
  /** 'Activate' in the credentials-not-available snackbar: sign in with the password, then the offer. */
  | { type: 'passkey.activateChosen' }
  /** Conditional mediation is armed on this form. */
  | { type: 'passkey.conditionalReady' }
  /** Conditional mediation cannot start in this browser (no support, no options): no device-offer notice. */
  | { type: 'passkey.conditionalUnavailable' }
  | { type: 'passkeyOffer.checked'; offer: boolean }
  /** Activated, ask later, or don't ask again (the offer screen has done its calls). */
  | { type: 'passkeyOffer.finished' };

export type SignInEffect =
  | { type: 'cache.clear' }
  | { type: 'login.call'; body: LoginBody }
  | { type: 'navigation.redirect' }
  | { type: 'field.reset'; field: FormField }
  /**
   * Focus the password field on purpose (the snackbar's Activate: type the password now). A failed
   * submit does not use it: the form reports its own failure once it is shown (useFailureReport).
   */
  | { type: 'password.focus' }
  /** Focus the current screen's h1 (e.g. after the focused row was removed). */
  | { type: 'heading.focus' }
  | { type: 'snackbar.pinMailFailed' }
  | { type: 'snackbar.recheckSkipShow' }
  | { type: 'snackbar.recheckSkipHide' }
  | { type: 'app.serverError' }
  | { type: 'pinStep.save'; step: PinStep }
  | { type: 'pinStep.clear' }
  | { type: 'pin.readAttempts' }
  | { type: 'pin.call'; pin: string }
  | { type: 'pin.skip' }
  | { type: 'device.register' }
  | { type: 'user.refresh' }
  | { type: 'remembered.remove'; userId: string }
  | { type: 'remembered.forgetAll' }
  | { type: 'forgot.call'; email: string }
  /** Aborts conditional mediation, checks support, GET options, the modal ceremony. */
  | { type: 'passkey.ceremony'; userId: string | null }
  /** POST /api/webauthn/get. */
  | { type: 'passkey.verify'; body: WebauthnGetBody }
  /** 'not found': with an Activate action on the remembered-user form, the info text on the login form. */
  | { type: 'snackbar.passkeyNotAvailable'; activation: boolean }
  /** The offer check: the browser supports passkeys and GET /api/webauthn/offer says so (or the user asked to activate). */
  | { type: 'passkeyOffer.check'; activate: boolean };

export interface Transition {
  state: SignInState;
  effects: SignInEffect[];
}

export const initialSignInState: SignInState = { type: 'unspecified', users: [] };

const stay = (state: SignInState): Transition => ({ state, effects: [] });
const go = (state: SignInState, effects: SignInEffect[] = []): Transition => ({ state, effects });

/**
 * What happens once the user is fully signed in: the passkey offer check
 * (docs/flows/passkeys.md); `passkeyOffer.checked` then shows the offer or redirects.
 * `activate`: the user asked to activate a passkey before signing in.
 */
export function afterSignIn(activate = false): SignInEffect[] {
  return [{ type: 'passkeyOffer.check', activate }];
}

const NO_PASSKEY: PasskeyFields = { passkeyBusy: false, passkeyNotice: null, passkeyRound: 0, activatePasskey: false };

const loginForm = (users: readonly DeviceUser[], patch: Partial<Omit<LoginFormState, 'type' | 'users'>> = {}): LoginFormState => ({
  type: 'loginForm',
  users,
  email: '',
  submitting: false,
  notice: null,
  serverFieldErrors: [],
  failures: 0,
  deviceOffer: false,
  ...NO_PASSKEY,
  ...patch,
});

const rememberedUser = (
  users: readonly DeviceUser[],
  user: DeviceUser,
  patch: Partial<Omit<RememberedUserState, 'type' | 'users' | 'user'>> = {},
): RememberedUserState => ({
  type: 'rememberedUser',
  users,
  user,
  submitting: false,
  notice: null,
  serverFieldErrors: [],
  failures: 0,
  ...NO_PASSKEY,
  ...patch,
});

const forgotPassword = (users: readonly DeviceUser[], email: string, back: SignInOrigin): ForgotPasswordState => ({
  type: 'forgotPassword',
  users,
  email,
  back,
  submitting: false,
  notice: null,
  problem: null,
  failures: 0,
});

/** The first view: the remembered-user form of the first remembered account, else the login form. */
function startView(users: readonly DeviceUser[]): SignInState {
  const first = users[0];
  return first ? rememberedUser(users, first) : loginForm(users);
}

/** Back to sign-in: the remembered-user form when that account is still remembered, else the login form. */
function signInView(users: readonly DeviceUser[], back: SignInOrigin, patch: { email?: string; notice?: LoginNotice | null } = {}): SignInState {
  if (back.type === 'remembered') {
    const user = users.find((u) => u.userId === back.user.userId);
    if (user) return rememberedUser(users, user, { notice: patch.notice ?? null });
  }
  return loginForm(users, patch);
}

function originOf(state: LoginFormState | RememberedUserState): SignInOrigin {
  return state.type === 'rememberedUser' ? { type: 'remembered', user: state.user } : { type: 'login' };
}

function pinVariantOf(status: string): PinVariant | null {
  switch (status) {
    case 'requested_pin_code':
      return 'signIn';
    case 'pin_code_recheck_required':
      return 'recheckOptional';
    case 'pin_code_recheck_mandatory':
      return 'recheckMandatory';
    default:
      return null;
  }
}

/** Enters the PIN form: keeps the step in session storage, reads the attempts, offers the skip on an optional recheck. */
function enterPin(users: readonly DeviceUser[], step: PinStep, back: SignInOrigin, activatePasskey = false): Transition {
  const state: PinState = {
    type: 'pin',
    users,
    ...step,
    back,
    attempts: null,
    submitting: false,
    rememberDevice: false,
    problem: null,
    failures: 0,
    activatePasskey,
  };
  const effects: SignInEffect[] = [{ type: 'pinStep.save', step }, { type: 'pin.readAttempts' }];
  if (step.variant === 'recheckOptional') effects.push({ type: 'snackbar.recheckSkipShow' });
  return go(state, effects);
}

/** Leaves the PIN step: nothing of it stays in storage, and its skip offer goes. */
const LEAVE_PIN: SignInEffect[] = [{ type: 'pinStep.clear' }, { type: 'snackbar.recheckSkipHide' }];

export function transition(state: SignInState, event: SignInEvent): Transition {
  // The same account may be chosen from three pages; handled once here.
  if (event.type === 'account.anotherChosen') {
    return state.type === 'rememberedUsers' || state.type === 'blocked' || state.type === 'disabled' ? go(loginForm(state.users)) : stay(state);
  }
  // The end of every sign-in (afterSignIn): the offer, or the redirect.
  if (event.type === 'passkeyOffer.checked') {
    if (state.type === 'passkeyOffer') return stay(state);
    return event.offer ? go({ type: 'passkeyOffer', users: state.users, leaving: false }) : go(state, [{ type: 'navigation.redirect' }]);
  }
  switch (state.type) {
    case 'unspecified':
      return onUnspecified(state, event);
    case 'loginForm':
    case 'rememberedUser':
      return onSignInForm(state, event);
    case 'rememberedUsers':
      return onRememberedUsers(state, event);
    case 'pin':
      return onPin(state, event);
    case 'blocked':
      return event.type === 'forgot.opened' ? go(forgotPassword(state.users, state.email, state.back)) : stay(state);
    case 'disabled':
      return stay(state);
    case 'forgotPassword':
      return onForgotPassword(state, event);
    case 'resetSent':
      return event.type === 'resetSent.closed' ? go(signInView(state.users, state.back)) : stay(state);
    case 'passkeyOffer':
      return event.type === 'passkeyOffer.finished' && !state.leaving ? go({ ...state, leaving: true }, [{ type: 'navigation.redirect' }]) : stay(state);
    default:
      return state satisfies never;
  }
}

function onUnspecified(state: Extract<SignInState, { type: 'unspecified' }>, event: SignInEvent): Transition {
  if (event.type !== 'flow.started') return stay(state);
  const users = event.rememberedUsers;
  if (event.pinStep !== null) {
    // A reload during the PIN step resumes it; the attempts call tells whether the server still agrees.
    const email = event.pinStep.email.toLowerCase();
    const user = users.find((u) => u.email.toLowerCase() === email);
    return enterPin(users, event.pinStep, user ? { type: 'remembered', user } : { type: 'login' });
  }
  const first = startView(users);
  return go(first.type === 'loginForm' && event.passkeyLikely === true ? { ...first, deviceOffer: true } : first);
}

function onSignInForm(state: LoginFormState | RememberedUserState, event: SignInEvent): Transition {
  switch (event.type) {
    case 'login.submitted':
      if (state.submitting || state.passkeyBusy) return stay(state);
      return go(
        state.type === 'loginForm'
          ? { ...state, email: event.body.username, submitting: true, notice: null, serverFieldErrors: [], passkeyNotice: null }
          : { ...state, submitting: true, notice: null, serverFieldErrors: [], passkeyNotice: null },
        // A login first clears the browser cache named go-cache.
        [{ type: 'cache.clear' }, { type: 'login.call', body: event.body }],
      );
    case 'login.answered':
      return state.submitting ? onLoginAnswer(state, event.answer) : stay(state);
    case 'login.unanswered':
      return state.submitting ? go({ ...state, submitting: false, notice: 'no_answer', failures: state.failures + 1 }) : stay(state);
    case 'login.abandoned':
      return go({ ...state, submitting: false });
    case 'remembered.listOpened':
      // From the remembered-user form, and from the login form reached by 'use another account'.
      return !state.submitting && !state.passkeyBusy && state.users.length > 0
        ? go({ type: 'rememberedUsers', users: state.users, removing: null })
        : stay(state);
    case 'forgot.opened':
      return state.submitting || state.passkeyBusy ? stay(state) : go(forgotPassword(state.users, event.email, originOf(state)));
    case 'passkey.requested':
      if (state.submitting || state.passkeyBusy) return stay(state);
      return go({ ...state, passkeyBusy: true, passkeyNotice: null }, [
        { type: 'passkey.ceremony', userId: state.type === 'rememberedUser' ? state.user.userId : null },
      ]);
    case 'passkey.asserted':
      // An autofill pick while a password or button sign-in is under way is not used.
      if (state.submitting || (state.passkeyBusy && event.source === 'autofill')) return stay(state);
      return go({ ...state, passkeyBusy: true, passkeyNotice: null }, [{ type: 'passkey.verify', body: event.body }]);
    case 'passkey.answered':
      return state.passkeyBusy ? onPasskeyAnswer(state, event.answer) : stay(state);
    case 'passkey.failed': {
      if (!state.passkeyBusy) return stay(state);
      const idle = { ...state, passkeyBusy: false, passkeyRound: state.passkeyRound + 1 };
      if (event.problem === 'credentialsNotAvailable') {
        return go(idle, [{ type: 'snackbar.passkeyNotAvailable', activation: state.type === 'rememberedUser' }]);
      }
      return go({ ...idle, passkeyNotice: event.problem });
    }
    case 'passkey.abandoned':
      return state.passkeyBusy ? go({ ...state, passkeyBusy: false, passkeyRound: state.passkeyRound + 1 }) : stay(state);
    case 'passkey.noticeClosed':
      return go({ ...state, passkeyNotice: null });
    case 'passkey.activateChosen':
      return go({ ...state, activatePasskey: true }, [{ type: 'password.focus' }]);
    case 'passkey.conditionalReady':
      return state.type === 'loginForm' && !state.deviceOffer ? go({ ...state, deviceOffer: true }) : stay(state);
    case 'passkey.conditionalUnavailable':
      return state.type === 'loginForm' && state.deviceOffer ? go({ ...state, deviceOffer: false }) : stay(state);
    default:
      return stay(state);
  }
}

/** POST /api/webauthn/get answered. */
function onPasskeyAnswer(state: LoginFormState | RememberedUserState, answer: PasskeySignInAnswer): Transition {
  // Still busy: the page is leaving, nothing else may start.
  if (answer.status === 'ok') return go(state, afterSignIn());
  const reasons = answer.reasons ?? [];
  const email = answer.email ?? (state.type === 'rememberedUser' ? state.user.email : state.email);
  if (answer.status === 'failed' && reasons.includes('account_disabled')) return go({ type: 'disabled', users: state.users, email });
  if (answer.status === 'failed' && reasons.includes('blocked')) return go({ type: 'blocked', users: state.users, email, back: originOf(state) });
  const idle = { ...state, passkeyBusy: false, passkeyRound: state.passkeyRound + 1 };
  const notice: PasskeyNotice = reasons.includes('invalid_credentials')
    ? 'invalidCredentials'
    : reasons.includes('email_not_verified')
      ? 'emailNotVerified'
      : reasons.includes('bot_check_failed')
        ? 'botCheckFailed'
        : reasons.includes('app_error')
          ? 'internalError'
          : 'failed';
  return go({ ...idle, passkeyNotice: notice });
}

/** The e-mail of the sign-in under way: the answer's, else the one submitted. */
function submittedEmail(state: LoginFormState | RememberedUserState, answer: LoginAnswer): string {
  return answer.email ?? (state.type === 'rememberedUser' ? state.user.email : state.email);
}

function onLoginAnswer(state: LoginFormState | RememberedUserState, answer: LoginAnswer): Transition {
  // Still on the form with a message (if the answer does not lead elsewhere).
  const idle = { ...state, submitting: false, failures: state.failures + 1 };
  const variant = pinVariantOf(answer.status);
  if (variant !== null) return enterPin(state.users, { email: submittedEmail(state, answer), variant }, originOf(state), state.activatePasskey);
  switch (answer.status) {
    case 'ok':
      // Still submitting: the page is leaving, a second submit must not start.
      return go(state, afterSignIn(state.activatePasskey));
    case 'failed':
      return onLoginFailed(idle, answer);
    default:
      return go({ ...idle, notice: 'unexpected' });
  }
}

function onLoginFailed(state: LoginFormState | RememberedUserState, answer: LoginAnswer): Transition {
  const known = (answer.reasons ?? []).filter(isLoginReason);
  const email = submittedEmail(state, answer);
  if (known.includes('app_error')) return go(state, [{ type: 'app.serverError' }]);
  if (known.includes('account_disabled')) return go({ type: 'disabled', users: state.users, email });
  if (known.includes('blocked')) return go({ type: 'blocked', users: state.users, email, back: originOf(state) });

  const fields = known.flatMap((reason) => {
    const field = FIELD_OF_REASON[reason];
    return field ? [field] : [];
  });
  // The form shows the fields' messages and reports the first one (focus on it, or an announcement).
  if (fields.length > 0) return go({ ...state, serverFieldErrors: fields });
  if (known.includes('pin_code_mail_failed')) return go(state, [{ type: 'snackbar.pinMailFailed' }]);
  if (known.includes('invalid_credentials')) {
    // The password is emptied; the form puts focus there (described by the message) so the user can type again at once.
    return go({ ...state, notice: 'invalid_credentials' }, [{ type: 'field.reset', field: 'password' }]);
  }
  const notice = known.find(
    (reason): reason is Extract<LoginNotice, LoginReason> =>
      reason === 'email_not_verified' || reason === 'bot_check_failed' || reason === 'credentials_required',
  );
  return go({ ...state, notice: notice ?? 'unexpected' });
}

function onRememberedUsers(state: Extract<SignInState, { type: 'rememberedUsers' }>, event: SignInEvent): Transition {
  switch (event.type) {
    case 'remembered.userChosen':
      return state.removing === null ? go(rememberedUser(state.users, event.user)) : stay(state);
    case 'remembered.removeRequested':
      return state.removing === null ? go({ ...state, removing: event.userId }, [{ type: 'remembered.remove', userId: event.userId }]) : stay(state);
    case 'remembered.forgetAllRequested':
      return state.removing === null ? go({ ...state, removing: FORGET_ALL }, [{ type: 'remembered.forgetAll' }]) : stay(state);
    case 'remembered.listUpdated':
      if (state.removing === null) return stay(state);
      // The removed row held focus: the heading takes it, or the login form comes.
      return event.users.length === 0
        ? go(loginForm(event.users))
        : go({ ...state, users: event.users, removing: null }, [{ type: 'heading.focus' }]);
    case 'remembered.removeAbandoned':
      return go({ ...state, removing: null });
    default:
      return stay(state);
  }
}

function onPin(state: PinState, event: SignInEvent): Transition {
  const backToSignIn = (notice: LoginNotice | null) => go(signInView(state.users, state.back, { email: state.email, notice }), LEAVE_PIN);
  switch (event.type) {
    case 'pin.attemptsRead': {
      const answer = event.answer;
      if (answer.status === 'ok') {
        return go({
          ...state,
          attempts: { remaining: answer.pin_code_remaining_attempts, silentRemaining: answer.pin_code_remaining_silent_attempts },
        });
      }
      // The PIN step is over on the server (expired, or a reload after it ended).
      return (answer.reasons ?? []).includes('credentials_required') ? backToSignIn('credentials_required') : stay(state);
    }
    case 'pin.submitted':
      if (state.submitting) return stay(state);
      // The checkbox is offered only on the first PIN, never on a recheck.
      return go({ ...state, submitting: true, rememberDevice: event.rememberDevice && state.variant === 'signIn' }, [
        { type: 'pin.call', pin: event.pin },
      ]);
    case 'pin.answered':
      return state.submitting ? onPinAnswer(state, event.answer, backToSignIn) : stay(state);
    case 'pin.abandoned':
      return go({ ...state, submitting: false });
    case 'pin.skipRequested':
      if (state.variant !== 'recheckOptional' || state.submitting) return stay(state);
      return go({ ...state, submitting: true }, [{ type: 'pin.skip' }]);
    case 'pin.skipAnswered':
      if (!state.submitting) return stay(state);
      return event.answer.status === 'ok' ? go(state, [...LEAVE_PIN, ...afterSignIn(state.activatePasskey)]) : backToSignIn('credentials_required');
    default:
      return stay(state);
  }
}

function onPinAnswer(state: PinState, answer: StatusAnswer, backToSignIn: (notice: LoginNotice | null) => Transition): Transition {
  const reasons = answer.reasons ?? [];
  if (answer.status === 'ok') {
    // Register the device if asked, refresh user info, then the after-sign-in step.
    const device: SignInEffect[] = state.rememberDevice ? [{ type: 'device.register' }, { type: 'user.refresh' }] : [];
    return go(state, [...LEAVE_PIN, ...device, ...afterSignIn(state.activatePasskey)]);
  }
  if (answer.status !== 'failed' || reasons.includes('credentials_required')) return backToSignIn('credentials_required');
  if (reasons.includes('blocked')) return go({ type: 'blocked', users: state.users, email: state.email, back: state.back }, LEAVE_PIN);
  const idle = { ...state, submitting: false, failures: state.failures + 1 };
  if (reasons.includes('wrong_pin_code') || reasons.includes('missing_pin_code')) {
    // A failed PIN updates the remaining attempts.
    return go({ ...idle, problem: 'invalid' }, [{ type: 'pin.readAttempts' }]);
  }
  if (reasons.includes('pin_code_required')) return go({ ...idle, problem: 'required' });
  return backToSignIn('credentials_required');
}

function onForgotPassword(state: ForgotPasswordState, event: SignInEvent): Transition {
  switch (event.type) {
    case 'forgot.submitted':
      if (state.submitting) return stay(state);
      return go({ ...state, email: event.email, submitting: true, notice: null, problem: null }, [{ type: 'forgot.call', email: event.email }]);
    case 'forgot.answered': {
      if (!state.submitting) return stay(state);
      const answer = event.answer;
      if (answer.status === 'ok') return go({ type: 'resetSent', users: state.users, back: state.back });
      const reasons = answer.reasons ?? [];
      const idle = { ...state, submitting: false, failures: state.failures + 1 };
      if (reasons.includes('app_error')) return onForgotUnanswered(state);
      if (reasons.includes('missing_email') || reasons.includes('email_required')) return go({ ...idle, problem: 'required' });
      if (reasons.includes('incorrect_email')) return go({ ...idle, problem: 'invalid_email' });
      if (reasons.includes('bot_check_failed')) return go({ ...idle, notice: 'bot_check_failed' });
      return onForgotUnanswered(state);
    }
    case 'forgot.unanswered':
      return state.submitting ? onForgotUnanswered(state) : stay(state);
    case 'forgot.abandoned':
      return go({ ...state, submitting: false });
    case 'forgot.cancelled':
      return state.submitting ? stay(state) : go(signInView(state.users, state.back));
    default:
      return stay(state);
  }
}

/** A forgot-password request with no answer (or app_error) shows the server-error notice and the e-mail is cleared. */
function onForgotUnanswered(state: ForgotPasswordState): Transition {
  return go({ ...state, email: '', submitting: false, notice: 'server_error', problem: null, failures: state.failures + 1 }, [
    { type: 'field.reset', field: 'email' },
  ]);
}
