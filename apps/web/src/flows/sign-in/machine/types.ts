/**
 * The sign-in machine's vocabulary: its states, the events it takes and the effects it asks for
 * (conventions 4 and 5). Types only; the transitions are in the step modules beside this file.
 */
import type {
  DeviceUser,
  LoginAnswer,
  LoginBody,
  PinAttemptsAnswer,
  StatusAnswer,
  WebauthnGetBody,
  WebauthnSignInAnswer,
} from '@gatehouse/contract';

/** The fields that effects can empty, on whichever screen shows them. */
export type FormField = 'email' | 'password';

/** The fields of the login forms that the server can report empty. */
export type LoginField = 'email' | 'password';

/**
 * What the notice of a login form says, as a code: a login reason, or
 * - no_answer: the login got no answer at all (the login's own reaction);
 * - unexpected: an unknown reason or status (the generic fallback).
 * invalid_credentials is a form notice on the login form and a message on the
 * password field of the remembered-user form.
 */
export type LoginNotice =
  | 'invalid_credentials'
  | 'email_not_verified'
  | 'bot_check_failed'
  | 'credentials_required'
  /** The PIN step's code is gone (missing_pin_code: its ten minutes passed): a new sign-in sends a new one. */
  | 'code_expired'
  | 'no_answer'
  | 'unexpected';

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
export type PasskeyProblem =
  | 'unsupported'
  | 'optionsUnavailable'
  | 'credentialsNotAvailable'
  | 'cancelled'
  | 'restricted'
  | 'internalError'
  | 'failed';

/** What a login form shows after a passkey attempt; `restricted` opens the dialog instead of a notice. */
export type PasskeyNotice =
  Exclude<PasskeyProblem, 'credentialsNotAvailable'> | 'invalidCredentials' | 'emailNotVerified' | 'botCheckFailed';

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
export interface PasskeyFields {
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

/** The two forms that sign in with a password or a passkey. */
export type SignInFormState = LoginFormState | RememberedUserState;

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
  /** The reset link is sent to `email`; "sign in" goes back with it in the login form. */
  | (Common & { type: 'resetSent'; email: string; back: SignInOrigin })
  /** The passkey registration offer after a sign-in; `leaving` once the redirect has started. */
  | (Common & { type: 'passkeyOffer'; leaving: boolean });

export type SignInEvent =
  /**
   * `passkeyLikely`: the browser may offer passkeys in its autofill, so the login form starts with the
   * device-offer notice (a server-rendered first paint has it; docs/decisions/0117-server-rendered-first-view.md).
   */
  | {
      type: 'flow.started';
      rememberedUsers: readonly DeviceUser[];
      pinStep: PinStep | null;
      passkeyLikely?: boolean;
      /** The account a link page just set a password for (its "Sign in" hands it over). */
      email?: string;
    }
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
  /** "Back to sign-in" on the PIN form: another address, or no mail came. */
  | { type: 'pin.cancelled' }
  | { type: 'pin.skipRequested' }
  | { type: 'pin.skipAnswered'; answer: StatusAnswer }
  | { type: 'forgot.opened'; email: string }
  | { type: 'forgot.submitted'; email: string }
  | { type: 'forgot.answered'; answer: StatusAnswer }
  /** No answer at all, app_error or a server fault (any 5xx): the notice, and the e-mail is cleared. */
  | { type: 'forgot.unanswered' }
  | { type: 'forgot.abandoned' }
  /** Cancel, with the e-mail the form held then: the login form keeps it. */
  | { type: 'forgot.cancelled'; email: string }
  | { type: 'resetSent.closed' }
  /** The passkey button: abort conditional mediation, then the modal ceremony. */
  | { type: 'passkey.requested' }
  | { type: 'passkey.asserted'; body: WebauthnGetBody; source: PasskeySource }
  | { type: 'passkey.answered'; answer: WebauthnSignInAnswer }
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
  /** Say, politely, that the account with this e-mail left the list (null: every account was forgotten). */
  | { type: 'remembered.sayRemoved'; email: string | null }
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

/** The state of one type. */
export type StateOf<T extends SignInState['type']> = Extract<SignInState, { type: T }>;
