/**
 * The sign-in flow as an explicit, pure machine (conventions 4 and 5):
 * transition(state, event) → the next state and the effects to run.
 * Effects are data; sign-in.effects.ts runs them, in order, with injected I/O,
 * timers and focus, so this machine needs neither a DOM nor a network.
 *
 * The sign-in view states (docs/flows/sign-in.md), with the passkey registration
 * offer (`passkeyOffer`): `afterSignIn()` checks the offer instead of redirecting.
 * This file routes each event to the step that owns it (machine/): the password step, the
 * passkey step, the PIN step, the remembered accounts and recovery. Each call's reasons lead
 * somewhere through one reason → outcome table in its step (docs/flows/sign-in.md, Reasons and
 * outcomes).
 */
import { forgotPassword, go, loginForm, originOf, startView, stay } from './machine/common';
import { onPasskeyStep } from './machine/passkey-step';
import { onPasswordStep } from './machine/password-step';
import { enterPin, onPinStep } from './machine/pin-step';
import { onBlocked, onForgotPassword, onResetSent } from './machine/recovery';
import { onRememberedUsers } from './machine/remembered-accounts';
import type { SignInEvent, SignInFormState, SignInState, StateOf, Transition } from './machine/types';

export type * from './machine/types';
export { afterSignIn } from './machine/common';
export { FORGET_ALL } from './machine/remembered-accounts';

export const initialSignInState: SignInState = { type: 'unspecified', users: [] };

export function transition(state: SignInState, event: SignInEvent): Transition {
  // The same account may be chosen from three pages; handled once here.
  if (event.type === 'account.anotherChosen') {
    return state.type === 'rememberedUsers' || state.type === 'blocked' || state.type === 'disabled'
      ? go(loginForm(state.users))
      : stay(state);
  }
  // The end of every sign-in (afterSignIn): the offer, or the redirect.
  if (event.type === 'passkeyOffer.checked') {
    if (state.type === 'passkeyOffer') return stay(state);
    return event.offer
      ? go({ type: 'passkeyOffer', users: state.users, leaving: false })
      : go(state, [{ type: 'navigation.redirect' }]);
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
      return onPinStep(state, event);
    case 'blocked':
      return onBlocked(state, event);
    case 'disabled':
      return stay(state);
    case 'forgotPassword':
      return onForgotPassword(state, event);
    case 'resetSent':
      return onResetSent(state, event);
    case 'passkeyOffer':
      return event.type === 'passkeyOffer.finished' && !state.leaving
        ? go({ ...state, leaving: true }, [{ type: 'navigation.redirect' }])
        : stay(state);
    default:
      return state satisfies never;
  }
}

function onUnspecified(state: StateOf<'unspecified'>, event: SignInEvent): Transition {
  if (event.type !== 'flow.started') return stay(state);
  const users = event.rememberedUsers;
  if (event.pinStep !== null) {
    // A reload during the PIN step resumes it; the attempts call tells whether the server still agrees.
    const email = event.pinStep.email.toLowerCase();
    const user = users.find((u) => u.email.toLowerCase() === email);
    return enterPin(users, event.pinStep, user ? { type: 'remembered', user } : { type: 'login' });
  }
  const first = startView(users, event.email);
  return go(first.type === 'loginForm' && event.passkeyLikely === true ? { ...first, deviceOffer: true } : first);
}

/** The login and remembered-user forms: the password and passkey steps, and the ways off the form. */
function onSignInForm(state: SignInFormState, event: SignInEvent): Transition {
  switch (event.type) {
    case 'login.submitted':
    case 'login.answered':
    case 'login.unanswered':
    case 'login.abandoned':
      return onPasswordStep(state, event);
    case 'passkey.requested':
    case 'passkey.asserted':
    case 'passkey.answered':
    case 'passkey.failed':
    case 'passkey.abandoned':
    case 'passkey.noticeClosed':
    case 'passkey.activateChosen':
    case 'passkey.conditionalReady':
    case 'passkey.conditionalUnavailable':
      return onPasskeyStep(state, event);
    case 'remembered.listOpened':
      // From the remembered-user form, and from the login form reached by 'use another account'.
      return !state.submitting && !state.passkeyBusy && state.users.length > 0
        ? go({ type: 'rememberedUsers', users: state.users, removing: null })
        : stay(state);
    case 'forgot.opened':
      return state.submitting || state.passkeyBusy
        ? stay(state)
        : go(forgotPassword(state.users, event.email, originOf(state)));
    default:
      return stay(state);
  }
}
