import type { PinStep } from './sign-in.machine';

/**
 * The account a link page handed to sign-in: after a new password, its "Sign in" puts the address
 * in the history entry it opens (`email`), and the login form starts with it. None on the server.
 */
export function handedEmail(): string | undefined {
  const email = (globalThis.history?.state as { email?: unknown } | null | undefined)?.email;
  return typeof email === 'string' ? email : undefined;
}

/**
 * Takes the handed account out of the history entry once the form has it: a reload of the entry then
 * starts as the server draws the page, and hydrates without a difference.
 */
export function forgetHandedEmail(): void {
  if (handedEmail() !== undefined) history.replaceState({ ...(history.state as object), email: undefined }, '');
}

/** Where a server-rendered sign-in starts (docs/decisions/0117-server-rendered-first-view.md). */
export interface SignInStart {
  /** The PIN step this session is in (the server knows it from the session and the PIN it sent). */
  pinStep: PinStep | null;
  /** The browser may offer passkeys in its autofill: the login form starts with the device-offer notice. */
  passkeyLikely: boolean;
}
