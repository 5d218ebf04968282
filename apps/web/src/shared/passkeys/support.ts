/**
 * Browser support checks without loading @simplewebauthn/browser (first-view budget).
 * They ask the same as its browserSupportsWebAuthn / browserSupportsWebAuthnAutofill.
 */

/** The browser can run WebAuthn ceremonies (passkeys). */
export function supportsPasskeys(): boolean {
  return (
    typeof globalThis.PublicKeyCredential === 'function' &&
    typeof navigator !== 'undefined' &&
    typeof navigator.credentials?.get === 'function' &&
    typeof navigator.credentials.create === 'function'
  );
}

/** The browser can offer passkeys in the autofill of a field (conditional mediation). */
export async function supportsConditionalMediation(): Promise<boolean> {
  if (!supportsPasskeys()) return false;
  const check = (globalThis.PublicKeyCredential as { isConditionalMediationAvailable?: () => Promise<boolean> })
    .isConditionalMediationAvailable;
  if (typeof check !== 'function') return false;
  try {
    return (await check.call(globalThis.PublicKeyCredential)) === true;
  } catch {
    return false;
  }
}
