/**
 * What the sign-in machine's steps share: building a transition, the views they lead to, and the
 * lookup of an answer's reasons in a call's reason → outcome table (docs/flows/sign-in.md,
 * Reasons and outcomes).
 */
import type { DeviceUser } from '@gatehouse/contract';
import type {
  ForgotPasswordState,
  LoginFormState,
  LoginNotice,
  PasskeyFields,
  RememberedUserState,
  SignInEffect,
  SignInFormState,
  SignInOrigin,
  SignInState,
  Transition,
} from './types';

export const stay = (state: SignInState): Transition => ({ state, effects: [] });
export const go = (state: SignInState, effects: SignInEffect[] = []): Transition => ({ state, effects });

/**
 * What happens once the user is fully signed in: the passkey offer check
 * (docs/flows/passkeys.md); `passkeyOffer.checked` then shows the offer or redirects.
 * `activate`: the user asked to activate a passkey before signing in.
 */
export function afterSignIn(activate = false): SignInEffect[] {
  return [{ type: 'passkeyOffer.check', activate }];
}

/**
 * The outcomes of an answer's reasons, in the answer's order. A reason the table does not name
 * (a newer server's) has none: the caller's generic fallback applies.
 */
export function outcomesOf<Reason extends string, Outcome>(
  table: Record<Reason, Outcome>,
  reasons: readonly string[] | undefined,
): Outcome[] {
  return (reasons ?? [])
    .filter((reason): reason is Reason => Object.hasOwn(table, reason))
    .map((reason) => table[reason]);
}

/** Of an answer's outcomes, the first that the first matching rule of `precedence` picks; undefined when none does. */
export function firstOutcome<Outcome>(
  outcomes: readonly Outcome[],
  precedence: readonly ((outcome: Outcome) => boolean)[],
): Outcome | undefined {
  for (const wins of precedence) {
    const outcome = outcomes.find(wins);
    if (outcome !== undefined) return outcome;
  }
  return undefined;
}

const NO_PASSKEY: PasskeyFields = { passkeyBusy: false, passkeyNotice: null, passkeyRound: 0, activatePasskey: false };

export const loginForm = (
  users: readonly DeviceUser[],
  patch: Partial<Omit<LoginFormState, 'type' | 'users'>> = {},
): LoginFormState => ({
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

export const rememberedUser = (
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

export const forgotPassword = (
  users: readonly DeviceUser[],
  email: string,
  back: SignInOrigin,
): ForgotPasswordState => ({
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
/**
 * The first view: the account a link page just set a password for (`email`), remembered or typed in;
 * else the first remembered account, else the login form.
 */
export function startView(users: readonly DeviceUser[], email = ''): SignInState {
  const first = email ? users.find((user) => user.email === email) : users[0];
  return first ? rememberedUser(users, first) : loginForm(users, { email });
}

/** Back to sign-in: the remembered-user form when that account is still remembered, else the login form. */
export function signInView(
  users: readonly DeviceUser[],
  back: SignInOrigin,
  patch: { email?: string; notice?: LoginNotice | null } = {},
): SignInState {
  if (back.type === 'remembered') {
    const user = users.find((u) => u.userId === back.user.userId);
    if (user) return rememberedUser(users, user, { notice: patch.notice ?? null });
  }
  return loginForm(users, patch);
}

export function originOf(state: SignInFormState): SignInOrigin {
  return state.type === 'rememberedUser' ? { type: 'remembered', user: state.user } : { type: 'login' };
}

/** The e-mail of the sign-in under way on a form: the answer's, else the one the form holds. */
export function formEmail(state: SignInFormState, answerEmail: string | undefined): string {
  return answerEmail ?? (state.type === 'rememberedUser' ? state.user.email : state.email);
}
