/**
 * The list of accounts this device remembers: choosing one, removing one, forgetting them all
 * (a shared computer). The remembered-user form itself is a sign-in form (password-step.ts,
 * passkey-step.ts).
 */
import { go, loginForm, rememberedUser, stay } from './common';
import type { SignInEvent, StateOf, Transition } from './types';

/** `removing` on the account list while every account of the device is being forgotten (no user id looks like it). */
export const FORGET_ALL = '*';

export function onRememberedUsers(state: StateOf<'rememberedUsers'>, event: SignInEvent): Transition {
  switch (event.type) {
    case 'remembered.userChosen':
      return state.removing === null ? go(rememberedUser(state.users, event.user)) : stay(state);
    case 'remembered.removeRequested':
      return state.removing === null
        ? go({ ...state, removing: event.userId }, [{ type: 'remembered.remove', userId: event.userId }])
        : stay(state);
    case 'remembered.forgetAllRequested':
      return state.removing === null
        ? go({ ...state, removing: FORGET_ALL }, [{ type: 'remembered.forgetAll' }])
        : stay(state);
    case 'remembered.listUpdated': {
      if (state.removing === null) return stay(state);
      // What was done is said (a row that goes away is not); the removed row held focus: the
      // heading takes it, or the login form comes (its heading focused as any new screen's).
      // An id the list did not hold (a row's id always is in it) says nothing: not "every account forgotten".
      const email =
        state.removing === FORGET_ALL ? null : state.users.find((user) => user.userId === state.removing)?.email;
      const said = email === undefined ? [] : [{ type: 'remembered.sayRemoved', email } as const];
      return event.users.length === 0
        ? go(loginForm(event.users), said)
        : go({ ...state, users: event.users, removing: null }, [{ type: 'heading.focus' }, ...said]);
    }
    case 'remembered.removeAbandoned':
      return go({ ...state, removing: null });
    default:
      return stay(state);
  }
}
