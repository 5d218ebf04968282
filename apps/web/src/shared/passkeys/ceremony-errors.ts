/** Why a WebAuthn ceremony failed, by the DOMException name (no imports: safe for the first view). */
/**
 * Why a ceremony ended without a credential:
 * - cancelled: the user closed the prompt, or it timed out or was aborted (NotAllowedError, AbortError);
 * - restricted: the authenticator or the browser refuses this site or these options (SecurityError, NotSupportedError);
 * - alreadyRegistered: registration, an authenticator already holds a passkey of this account (InvalidStateError);
 * - unusableOptions: the server's structure could not be mapped (PasskeyOptionsError);
 * - failed: anything else (UnknownError, ConstraintError, the library could not be loaded …).
 */
export type CeremonyFailure = 'cancelled' | 'restricted' | 'alreadyRegistered' | 'unusableOptions' | 'failed';

export function classifyCeremonyError(error: unknown): CeremonyFailure {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'AbortError':
      return 'cancelled';
    case 'SecurityError':
    case 'NotSupportedError':
      return 'restricted';
    case 'InvalidStateError':
      return 'alreadyRegistered';
    case 'PasskeyOptionsError':
      return 'unusableOptions';
    default:
      return 'failed';
  }
}
