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

/**
 * `notAllowed`: the server does not let this session add a passkey (credentials_required): it is no
 * longer signed in, its last proof of the password or a passkey is too old, or it is a shared
 * computer's. The offer comes right after a sign-in and treats it as a failure; the security page
 * asks for the password and tries again.
 */
export type ActivationResult = 'activated' | 'alreadyRegistered' | 'cancelled' | 'restricted' | 'notAllowed' | 'failed';

const refusedSession = (answer: { reasons?: readonly string[] | undefined }) =>
  answer.reasons?.includes('credentials_required') === true;

/** Activate: GET create → the registration ceremony → POST create. Never throws. */
export async function activatePasskey(deps: PasskeyOfferDeps = browserPasskeyOfferDeps): Promise<ActivationResult> {
  let options: PublicKeyCredentialCreationOptionsJSON;
  try {
    const answer = await deps.createOptions();
    if (refusedSession(answer)) return 'notAllowed';
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
    const saved = await deps.saveCredential(body);
    if (refusedSession(saved)) return 'notAllowed';
    return saved.status === 'ok' ? 'activated' : 'failed';
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
