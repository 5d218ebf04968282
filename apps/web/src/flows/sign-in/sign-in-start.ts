import type { PinStep } from './sign-in.machine';

/** Where a server-rendered sign-in starts (docs/decisions/0117-server-rendered-first-view.md). */
export interface SignInStart {
  /** The PIN step this session is in (the server knows it from the session and the PIN it sent). */
  pinStep: PinStep | null;
  /** The browser may offer passkeys in its autofill: the login form starts with the device-offer notice. */
  passkeyLikely: boolean;
}
