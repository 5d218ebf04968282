/**
 * The passkey code the sign-in first view does not need at once: option and body
 * mapping, base64url, the ceremonies and the offer logic. One chunk, loaded by
 * lazy-passkeys.ts when a passkey is first used (conditional mediation starts
 * right after the first view; @simplewebauthn/browser is a further chunk).
 */
import type { GetStructure, WebauthnGetBody, WebauthnSignInAnswer } from '@gatehouse/contract';
import { webauthnGet, webauthnGetOptions } from '@gatehouse/contract';
import { call } from '../api/call';
import { authenticateWithPasskey, conditionalAssertion } from './ceremony';
import { toRequestOptions } from './options';

export { shouldOfferPasskey } from './passkey-offer';

/** The button's modal ceremony for the server's get structure. */
export function assertWithPasskey(structure: GetStructure): Promise<WebauthnGetBody> {
  return authenticateWithPasskey(toRequestOptions(structure));
}

/** The conditional request for the server's get structure. */
export function conditionalAssertionFor(structure: GetStructure, signal: AbortSignal): Promise<WebauthnGetBody> {
  return conditionalAssertion(toRequestOptions(structure), signal);
}

/** GET /api/webauthn/get[?userId]. */
export function getPasskeyOptions(userId: string | undefined) {
  return call(webauthnGetOptions, { query: userId === undefined ? {} : { userId } });
}

/** POST /api/webauthn/get (the bot-check token comes from the one client). */
export function verifyPasskey(body: WebauthnGetBody): Promise<WebauthnSignInAnswer> {
  return call(webauthnGet, { body });
}
