/**
 * The screens that follow the first one (PIN, account list, blocked and disabled
 * pages, forgot password, confirmation, passkey offer): one lazily loaded chunk, fetched while
 * the browser is idle after the first view, so the first view stays small.
 */
export { PinScreen } from './pin-screen';
export { RememberedUsersScreen } from './remembered-users-screen';
export { BlockedScreen, DisabledScreen } from './blocked-screen';
export { ForgotPasswordScreen } from './forgot-password-screen';
export { ResetSentScreen } from './reset-sent-screen';
export { PasskeyOfferScreen } from '../../../shared/passkeys/passkey-offer-screen';
