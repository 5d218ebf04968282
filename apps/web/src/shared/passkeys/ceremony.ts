/**
 * WebAuthn ceremonies. The modal ones (button sign-in, registration) use
 * @simplewebauthn/browser, loaded only when a ceremony starts (it is not part of
 * the sign-in first view). Conditional mediation calls navigator.credentials.get
 * itself, so that its AbortController really aborts it (the library keeps its own).
 */
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { WebauthnCreateBody, WebauthnGetBody } from '@gatehouse/contract';
import { decodeBase64Url, encodeBase64Url } from './base64url';
import { toCreateBody, toGetBody } from './options';
import { loadChunk } from '../chunks';

export { classifyCeremonyError } from './ceremony-errors';
export type { CeremonyFailure } from './ceremony-errors';

const loadLibrary = () => loadChunk(() => import('@simplewebauthn/browser'));

/** The modal sign-in ceremony (the passkey button). */
export async function authenticateWithPasskey(
  optionsJSON: PublicKeyCredentialRequestOptionsJSON,
): Promise<WebauthnGetBody> {
  const { startAuthentication } = await loadLibrary();
  return toGetBody(await startAuthentication({ optionsJSON }));
}

/** The registration ceremony (the offer's Activate). */
export async function registerPasskey(
  optionsJSON: PublicKeyCredentialCreationOptionsJSON,
): Promise<WebauthnCreateBody> {
  const { startRegistration } = await loadLibrary();
  return toCreateBody(await startRegistration({ optionsJSON }));
}

/**
 * A conditional (autofill) request: pending until the user picks a passkey in the
 * autofill of an `autocomplete="… webauthn"` field, or until `signal` aborts it.
 */
export async function conditionalAssertion(
  options: PublicKeyCredentialRequestOptionsJSON,
  signal: AbortSignal,
): Promise<WebauthnGetBody> {
  const credential = await navigator.credentials.get({
    mediation: 'conditional',
    signal,
    publicKey: {
      challenge: decodeBase64Url(options.challenge),
      timeout: options.timeout,
      rpId: options.rpId,
      userVerification: options.userVerification,
      // Conditional mediation needs an empty allow list: the autofill lists the passkeys there are.
      allowCredentials: [],
    },
  });
  if (credential === null || !('rawId' in credential)) throw new DOMException('No credential', 'NotAllowedError');
  const assertion = credential as PublicKeyCredential;
  const response = assertion.response as AuthenticatorAssertionResponse;
  return {
    id: assertion.id,
    type: 'public-key',
    rawId: encodeBase64Url(assertion.rawId),
    response: {
      clientDataJSON: encodeBase64Url(response.clientDataJSON),
      authenticatorData: encodeBase64Url(response.authenticatorData),
      signature: encodeBase64Url(response.signature),
      ...(response.userHandle ? { userHandle: encodeBase64Url(response.userHandle) } : {}),
    },
  };
}
