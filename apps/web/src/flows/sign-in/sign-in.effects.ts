import type {
  DeviceUser,
  GetStructure,
  LoginAnswer,
  LoginBody,
  PinAttemptsAnswer,
  StatusAnswer,
  WebauthnGetBody,
  WebauthnSignInAnswer,
} from '@gatehouse/contract';
import { WEBAUTHN_NOT_FOUND } from '@gatehouse/contract';
import { sendCallOutcome } from '../../shared/machine';
import type { CallOutcomeEvents } from '../../shared/machine';
import { classifyCeremonyError } from '../../shared/passkeys';
import type { GetOptionsAnswer } from '../../shared/passkeys';
import type { FormField, PinStep, SignInEffect, SignInEvent } from './sign-in.machine';

/** The I/O, focus and navigation the sign-in machine's effects need, injected. */
export interface SignInDeps {
  clearCache: () => Promise<void>;
  login: (body: LoginBody) => Promise<LoginAnswer>;
  readPinAttempts: () => Promise<PinAttemptsAnswer>;
  submitPin: (pin: string) => Promise<StatusAnswer>;
  skipPin: () => Promise<StatusAnswer>;
  /** Names this device and sends it (POST /api/user/newdevice). */
  registerDevice: () => Promise<void>;
  /** GET /api/user/info after the device registration. */
  refreshUser: () => Promise<void>;
  removeRememberedUser: (userId: string) => Promise<readonly DeviceUser[]>;
  /** DELETE /api/device/userlist/all: every account of this device forgotten; the (empty) list. */
  forgetRememberedUsers: () => Promise<readonly DeviceUser[]>;
  forgotPassword: (email: string) => Promise<StatusAnswer>;
  /** True when a failure means "no answer at all" (a call's own reaction). */
  isNoAnswer: (error: unknown) => boolean;
  /** True when a failure is the reason app_error (a passkey sign-in's own reaction). */
  isAppError: (error: unknown) => boolean;
  /**
   * True for no answer, app_error or a server fault (any 5xx): the forgot-password form's own
   * notice, as on the link pages' new-link form (shared/api isServiceUnavailable).
   */
  isServiceUnavailable: (error: unknown) => boolean;
  handleGlobalFailure: (error: unknown) => void;
  enterServerError: () => void;
  redirect: () => void;
  resetField: (field: FormField) => void;
  focusPassword: () => void;
  focusHeading: () => void;
  /** Says politely that an account left the list (its e-mail), or that every account was forgotten (null). */
  sayRemoved: (email: string | null) => void;
  showPinMailFailed: () => void;
  /** The snackbar's action sends pin.skipRequested. */
  showRecheckSkip: (skip: () => void) => void;
  hideRecheckSkip: () => void;
  savePinStep: (step: PinStep) => void;
  clearPinStep: () => void;
  /** The browser can run WebAuthn (checked before every passkey ceremony). */
  passkeySupported: () => boolean;
  /** Aborts a pending conditional (autofill) request: the button's ceremony comes first. */
  abortConditionalPasskey: () => void;
  /** GET /api/webauthn/get, with ?userId= on the remembered-user form. */
  passkeyOptions: (userId: string | null) => Promise<GetOptionsAnswer>;
  /** The structure mapped to options, then the modal WebAuthn ceremony, as the strict contract body. */
  passkeyAssert: (structure: GetStructure) => Promise<WebauthnGetBody>;
  /** POST /api/webauthn/get. */
  passkeyVerify: (body: WebauthnGetBody) => Promise<WebauthnSignInAnswer>;
  /** The credentials-not-available snackbar; with `activation`, its action sends passkey.activateChosen. */
  showPasskeyNotAvailable: (activation: boolean, activate: () => void) => void;
  /** Passkeys supported and GET /api/webauthn/offer says offer (never throws). */
  shouldOfferPasskey: () => Promise<boolean>;
  /** "This is a shared or public computer" is chosen: no passkey is offered after the sign-in. */
  sharedComputer: () => boolean;
}

/**
 * Runs one effect; events it produces go back through `send`. A failure with
 * no reaction of its own goes to the global HTTP handler, and the machine is
 * told the call was abandoned so the form can be used again.
 */
export async function runEffect(
  effect: SignInEffect,
  deps: SignInDeps,
  send: (event: SignInEvent) => void,
): Promise<void> {
  const call = <A>(request: () => Promise<A>, events: CallOutcomeEvents<A, SignInEvent>) =>
    sendCallOutcome(request, events, deps, send);
  switch (effect.type) {
    case 'cache.clear':
      try {
        await deps.clearCache();
      } catch {
        // A cache that cannot be cleared must not stop the sign-in.
      }
      return;
    case 'login.call':
      return call(() => deps.login(effect.body), {
        answered: (answer) => ({ type: 'login.answered', answer }),
        own: [[deps.isNoAnswer, { type: 'login.unanswered' }]],
        abandoned: { type: 'login.abandoned' },
      });
    case 'pin.readAttempts':
      // No event on a failure: the form stays as it is, the global handler reacts.
      return call(deps.readPinAttempts, { answered: (answer) => ({ type: 'pin.attemptsRead', answer }) });
    case 'pin.call':
      return call(() => deps.submitPin(effect.pin), {
        answered: (answer) => ({ type: 'pin.answered', answer }),
        abandoned: { type: 'pin.abandoned' },
      });
    case 'pin.skip':
      return call(deps.skipPin, {
        answered: (answer) => ({ type: 'pin.skipAnswered', answer }),
        abandoned: { type: 'pin.abandoned' },
      });
    case 'device.register':
      try {
        await deps.registerDevice();
      } catch {
        // The user is signed in already; an unregistered device only means a PIN next time.
      }
      return;
    case 'user.refresh':
      try {
        await deps.refreshUser();
      } catch {
        // The browser is about to leave; stale user info must not stop it.
      }
      return;
    case 'remembered.remove':
    case 'remembered.forgetAll':
      return call(
        () =>
          effect.type === 'remembered.remove' ? deps.removeRememberedUser(effect.userId) : deps.forgetRememberedUsers(),
        {
          answered: (users) => ({ type: 'remembered.listUpdated', users }),
          abandoned: { type: 'remembered.removeAbandoned' },
        },
      );
    case 'forgot.call':
      return call(() => deps.forgotPassword(effect.email), {
        answered: (answer) => ({ type: 'forgot.answered', answer }),
        own: [[deps.isServiceUnavailable, { type: 'forgot.unanswered' }]],
        abandoned: { type: 'forgot.abandoned' },
      });
    case 'navigation.redirect':
      deps.redirect();
      return;
    case 'field.reset':
      deps.resetField(effect.field);
      return;
    case 'password.focus':
      deps.focusPassword();
      return;
    case 'heading.focus':
      deps.focusHeading();
      return;
    case 'remembered.sayRemoved':
      deps.sayRemoved(effect.email);
      return;
    case 'snackbar.pinMailFailed':
      deps.showPinMailFailed();
      return;
    case 'snackbar.recheckSkipShow':
      deps.showRecheckSkip(() => send({ type: 'pin.skipRequested' }));
      return;
    case 'snackbar.recheckSkipHide':
      deps.hideRecheckSkip();
      return;
    case 'pinStep.save':
      // A shared computer's PIN step is kept nowhere: its address must not come back to the next
      // person (a reload starts at the login form; docs/decisions/0116-shared-computer.md).
      if (deps.sharedComputer()) deps.clearPinStep();
      else deps.savePinStep(effect.step);
      return;
    case 'pinStep.clear':
      deps.clearPinStep();
      return;
    case 'app.serverError':
      deps.enterServerError();
      return;
    case 'passkey.ceremony':
      return runPasskeyCeremony(effect.userId, deps, send);
    case 'passkey.verify':
      return call(() => deps.passkeyVerify(effect.body), {
        answered: (answer) => ({ type: 'passkey.answered', answer }),
        own: [
          [deps.isNoAnswer, { type: 'passkey.failed', problem: 'failed' }],
          [deps.isAppError, { type: 'passkey.failed', problem: 'internalError' }],
        ],
        // Throttled (429), bot check unavailable …: the global handler's snackbar.
        abandoned: { type: 'passkey.abandoned' },
      });
    case 'snackbar.passkeyNotAvailable':
      deps.showPasskeyNotAvailable(effect.activation, () => send({ type: 'passkey.activateChosen' }));
      return;
    case 'passkeyOffer.check': {
      const offer = deps.sharedComputer()
        ? false
        : effect.activate
          ? deps.passkeySupported()
          : await deps.shouldOfferPasskey();
      send({ type: 'passkeyOffer.checked', offer });
      return;
    }
    default:
      return effect satisfies never;
  }
}

/** Clears the browser cache named go-cache (before each login) where the Cache API exists. */
export async function clearGoCache(): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete('go-cache');
}

/** The passkey button: conditional request aborted first, then support, options and the modal ceremony. */
async function runPasskeyCeremony(
  userId: string | null,
  deps: SignInDeps,
  send: (event: SignInEvent) => void,
): Promise<void> {
  deps.abortConditionalPasskey();
  if (!deps.passkeySupported()) {
    send({ type: 'passkey.failed', problem: 'unsupported' });
    return;
  }
  let structure: GetStructure;
  try {
    const answer = await deps.passkeyOptions(userId);
    if (answer.status === WEBAUTHN_NOT_FOUND) {
      send({ type: 'passkey.failed', problem: 'credentialsNotAvailable' });
      return;
    }
    if (answer.status !== 'ok' || answer.getStructure === undefined)
      throw new Error(`webauthn get options: ${answer.status}`);
    structure = answer.getStructure;
  } catch {
    // No answer, app_error, another status: the options are not available.
    send({ type: 'passkey.failed', problem: 'optionsUnavailable' });
    return;
  }
  let body: WebauthnGetBody;
  try {
    body = await deps.passkeyAssert(structure);
  } catch (error) {
    const failure = classifyCeremonyError(error);
    // A structure that cannot be mapped (e.g. a challenge that does not decode): the options are not usable.
    const problem =
      failure === 'unusableOptions'
        ? 'optionsUnavailable'
        : failure === 'cancelled' || failure === 'restricted'
          ? failure
          : 'failed';
    send({ type: 'passkey.failed', problem });
    return;
  }
  send({ type: 'passkey.asserted', body, source: 'button' });
}
