/**
 * Passkeys (WebAuthn) in the browser: support checks, option and body mapping,
 * the ceremonies (the library loads lazily), conditional mediation with abort,
 * the registration offer's logic and the biometric-restricted dialog (lazy).
 *
 * The offer SCREEN is not re-exported here (it pulls in shared/forms): import it
 * from './passkey-offer-screen', lazily where the first view is concerned.
 */
export { Base64UrlError, decodeBase64Url, encodeBase64Url, isBase64Url } from './base64url';
export { supportsConditionalMediation, supportsPasskeys } from './support';
export { PasskeyOptionsError, toCreateBody, toCreationOptions, toGetBody, toRequestOptions } from './options';
export { authenticateWithPasskey, classifyCeremonyError, conditionalAssertion, registerPasskey } from './ceremony';
export type { CeremonyFailure } from './ceremony';
export { startConditionalMediation } from './conditional-mediation';
export type { ConditionalMediation, ConditionalMediationDeps, ConditionalMediationInput, GetOptionsAnswer } from './conditional-mediation';
export { browserConditionalMediationDeps, useConditionalMediation } from './use-conditional-mediation';
export type { UseConditionalMediationOptions } from './use-conditional-mediation';
export { activatePasskey, browserPasskeyOfferDeps, declinePasskeyOffer, shouldOfferPasskey } from './passkey-offer';
export type { ActivationResult, PasskeyOfferDeps } from './passkey-offer';
export { LazyBiometricRestrictedDialog } from './lazy-biometric-restricted-dialog';
export type { BiometricRestrictedDialogProps } from './biometric-restricted-dialog';
