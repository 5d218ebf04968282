/**
 * The kinds of token link, as data: what differs between a password reset link and an invitation
 * link is their texts, the call that sets the password and the steps around it (docs/flows/recovery.md).
 */
import type { SetPasswordBody, StatusAnswer } from '@gatehouse/contract';
import { register, resetPassword } from '@gatehouse/contract';
import { call } from '../../shared/api/call';
import type { TokenLinkSteps } from './token-link.machine';
import { REGISTRATION_TEXTS, RESET_TEXTS } from './token-link.messages';
import type { TokenLinkTexts } from './token-link.messages';

export interface TokenLinkKind {
  texts: TokenLinkTexts;
  steps: TokenLinkSteps;
  /** The call that sets the password with the link's token. */
  setPassword: (body: SetPasswordBody) => Promise<StatusAnswer>;
}

/** /signin/reset-password: a new password, its confirmation, then back to sign in. */
export const RESET_LINK: TokenLinkKind = {
  texts: RESET_TEXTS,
  steps: { first: 'setPassword', afterPassword: 'passwordChanged', signsIn: false },
  setPassword: (body) => call(resetPassword, { body }),
};

/** /signin/accept-invitation: a welcome, the first password (which signs in), pairing the device, the passkey offer. */
export const INVITATION_LINK: TokenLinkKind = {
  texts: REGISTRATION_TEXTS,
  steps: { first: 'welcome', afterPassword: 'pairDevice', signsIn: true },
  setPassword: (body) => call(register, { body }),
};
