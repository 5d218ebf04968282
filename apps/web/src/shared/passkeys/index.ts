/**
 * Passkeys (WebAuthn) in the browser, first-view safe: support checks, conditional
 * mediation with abort, lazy entry points to the ceremonies and the offer check,
 * the lazily loaded biometric-restricted dialog. The mapping, base64url and the
 * ceremonies live in passkey-runtime.ts (a chunk of its own); the offer SCREEN is
 * imported from './passkey-offer-screen' (it pulls in shared/screens).
 */
export { supportsConditionalMediation, supportsPasskeys } from './support';
export { classifyCeremonyError } from './ceremony-errors';
export type { CeremonyFailure } from './ceremony-errors';
export { startConditionalMediation } from './conditional-mediation';
export type {
  ConditionalMediation,
  ConditionalMediationDeps,
  ConditionalMediationInput,
  GetOptionsAnswer,
} from './conditional-mediation';
export { browserConditionalMediationDeps, useConditionalMediation } from './use-conditional-mediation';
export type { UseConditionalMediationOptions } from './use-conditional-mediation';
export {
  assertWithPasskey,
  conditionalAssertion,
  getPasskeyOptions,
  shouldOfferPasskey,
  verifyPasskey,
} from './lazy-passkeys';
export { LazyBiometricRestrictedDialog } from './lazy-biometric-restricted-dialog';
export type { BiometricRestrictedDialogProps } from './biometric-restricted-dialog';
