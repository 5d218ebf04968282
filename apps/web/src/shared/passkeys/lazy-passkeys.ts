/**
 * First-view entry points to passkey-runtime.ts, which loads on first use.
 */
import type { GetStructure, WebauthnGetBody, WebauthnSignInAnswer } from '@gatehouse/contract';
import type { GetOptionsAnswer } from './conditional-mediation';
import { supportsPasskeys } from './support';
import { loadChunk } from '../chunks';

// With the chunk time-out: a runtime that never arrives is a failed ceremony, not a wait for good.
const loadRuntime = () => loadChunk(() => import('./passkey-runtime'));

/** The modal sign-in ceremony (the passkey button): maps the structure, runs navigator.credentials.get. */
export async function assertWithPasskey(structure: GetStructure): Promise<WebauthnGetBody> {
  return (await loadRuntime()).assertWithPasskey(structure);
}

/** The conditional (autofill) request for the structure, aborted by `signal`. */
export async function conditionalAssertion(structure: GetStructure, signal: AbortSignal): Promise<WebauthnGetBody> {
  return (await loadRuntime()).conditionalAssertionFor(structure, signal);
}

/** The offer check after a sign-in (never throws; no chunk is loaded in a browser without passkeys). */
export async function shouldOfferPasskey(): Promise<boolean> {
  if (!supportsPasskeys()) return false;
  try {
    return await (await loadRuntime()).shouldOfferPasskey();
  } catch {
    return false;
  }
}

/** GET /api/webauthn/get[?userId] (throws as the one client does). */
export async function getPasskeyOptions(userId: string | undefined): Promise<GetOptionsAnswer> {
  return (await loadRuntime()).getPasskeyOptions(userId);
}

/** POST /api/webauthn/get (throws as the one client does). */
export async function verifyPasskey(body: WebauthnGetBody): Promise<WebauthnSignInAnswer> {
  return (await loadRuntime()).verifyPasskey(body);
}
