/**
 * The passkey registration offer (docs/flows/passkeys.md), shared by the
 * sign-in flow (after every sign-in) and the finish-registration flow (after the
 * pair-device page).
 */
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import type { z } from 'zod/mini';
import type { OfferState, StatusAnswer, WebauthnCreateAnswer, WebauthnCreateBody } from '@gatehouse/contract';
import { webauthnCreate, webauthnCreateOptions, webauthnOffer, webauthnOfferSave } from '@gatehouse/contract';
import { call } from '../api/call';
import { classifyCeremonyError, registerPasskey } from './ceremony';
import { toCreationOptions } from './options';
import { supportsPasskeys } from './support';

export interface PasskeyOfferDeps {
  supportsPasskeys: () => boolean;
  /** GET /api/webauthn/offer. */
  readOffer: () => Promise<OfferState>;
  /** GET /api/webauthn/create. */
  createOptions: () => Promise<z.output<typeof WebauthnCreateAnswer>>;
  /** The registration ceremony (navigator.credentials.create through the library). */
  register: (options: PublicKeyCredentialCreationOptionsJSON) => Promise<WebauthnCreateBody>;
  /** POST /api/webauthn/create. */
  saveCredential: (body: WebauthnCreateBody) => Promise<StatusAnswer>;
  /** POST /api/webauthn/offer. */
  saveOffer: (offer: boolean) => Promise<StatusAnswer>;
}

export const browserPasskeyOfferDeps: PasskeyOfferDeps = {
  supportsPasskeys,
  readOffer: () => call(webauthnOffer, { query: {} }),
  createOptions: () => call(webauthnCreateOptions),
  register: registerPasskey,
  saveCredential: (body) => call(webauthnCreate, { body }),
  saveOffer: (offer) => call(webauthnOfferSave, { body: { offerWebauthnRegistration: offer } }),
};

/**
 * Whether to show the offer: the browser supports passkeys and the server says so.
 * Any failure means no offer (the user is signed in; at worst no offer this time).
 */
export async function shouldOfferPasskey(deps: PasskeyOfferDeps = browserPasskeyOfferDeps): Promise<boolean> {
  if (!deps.supportsPasskeys()) return false;
  try {
    return (await deps.readOffer()).offerWebauthnRegistration;
  } catch {
    return false;
  }
}

export type ActivationResult = 'activated' | 'alreadyRegistered' | 'cancelled' | 'restricted' | 'failed';

/** Activate: GET create → the registration ceremony → POST create. Never throws. */
export async function activatePasskey(deps: PasskeyOfferDeps = browserPasskeyOfferDeps): Promise<ActivationResult> {
  let options: PublicKeyCredentialCreationOptionsJSON;
  try {
    const answer = await deps.createOptions();
    if (answer.status !== 'ok' || answer.createStructure === undefined) return 'failed';
    options = toCreationOptions(answer.createStructure);
  } catch {
    return 'failed';
  }
  let body: WebauthnCreateBody;
  try {
    body = await deps.register(options);
  } catch (error) {
    const failure = classifyCeremonyError(error);
    return failure === 'unusableOptions' ? 'failed' : failure;
  }
  try {
    return (await deps.saveCredential(body)).status === 'ok' ? 'activated' : 'failed';
  } catch {
    return 'failed';
  }
}

/** "Don't ask again" (and an already registered authenticator): POST offer false. Never throws. */
export async function declinePasskeyOffer(deps: PasskeyOfferDeps = browserPasskeyOfferDeps): Promise<void> {
  try {
    await deps.saveOffer(false);
  } catch {
    // Signed in already: at worst the offer comes again later.
  }
}
