import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { StatusAnswer, UserId, boundedString } from '../common.ts';
import { WEBAUTHN_GET_REASONS } from '../reason-codes.ts';

const Base64Url = boundedString(16 * 1024).check(z.regex(/^[A-Za-z0-9_-]*$/));

export const CredentialDescriptor = z.object({
  id: z.string(),
  type: z._default(z.literal('public-key'), 'public-key'),
  transports: z.optional(z.array(z.string())),
});

/** Passkey create structure: the options of a passkey registration. */
export const CreateStructure = z.object({
  challenge: z.string(),
  relyingPartyId: z.string(),
  relyingPartyName: z.string(),
  userId: z.string(),
  userName: z.string(),
  userDisplayName: z.string(),
  timeout: z.int().check(z.positive()),
  attestation: z.string(),
  attestationFormats: z.array(z.string()),
  COSEAlgorithmIdentifiers: z.array(z.int()),
  requireResidentKey: z.boolean(),
  userVerification: z.string(),
  authenticatorAttachment: z.optional(z.nullable(z.string())),
  excludeCredentials: z.array(CredentialDescriptor),
});
export type CreateStructure = z.infer<typeof CreateStructure>;

export const WebauthnCreateAnswer = z.extend(StatusAnswer, { createStructure: z.optional(CreateStructure) });

export const webauthnCreateOptions = defineEndpoint({
  id: 'webauthnCreateOptions',
  method: 'GET',
  path: '/api/webauthn/create',
  summary: 'Options to register a passkey for the signed-in user.',
  body: undefined,
  query: undefined,
  answer: WebauthnCreateAnswer,
  reasons: ['credentials_required', 'app_error'],
});

export const WebauthnCreateBody = z.strictObject({
  type: z.literal('public-key'),
  id: Base64Url,
  rawId: Base64Url,
  response: z.strictObject({
    attestationObject: Base64Url,
    clientDataJSON: Base64Url,
    transports: z.optional(z.array(boundedString(32)).check(z.maxLength(16))),
  }),
});
export type WebauthnCreateBody = z.infer<typeof WebauthnCreateBody>;

export const webauthnCreate = defineEndpoint({
  id: 'webauthnCreate',
  method: 'POST',
  path: '/api/webauthn/create',
  summary: 'Register a passkey.',
  body: WebauthnCreateBody,
  query: undefined,
  answer: StatusAnswer,
  reasons: ['credentials_required', 'invalid_credentials', 'invalid_parameter', 'app_error'],
});

/** Passkey get structure: the options of a passkey sign-in. */
export const GetStructure = z.object({
  challenge: z.string(),
  /** WebAuthn timeout in milliseconds (the top-level `timeout` of the get-options answer is in seconds). */
  timeout: z.int().check(z.positive()),
  relyingPartyId: z.string(),
  userVerification: z.string(),
  allowCredentials: z.array(CredentialDescriptor),
});
export type GetStructure = z.infer<typeof GetStructure>;

export const WebauthnGetAnswer = z.extend(StatusAnswer, {
  getStructure: z.optional(GetStructure),
  /** Seconds; bounds conditional mediation (× 1000 ms). */
  timeout: z.optional(z.int().check(z.positive())),
});

export const WebauthnGetQuery = z.strictObject({ userId: z.optional(UserId) });

export const webauthnGetOptions = defineEndpoint({
  id: 'webauthnGetOptions',
  method: 'GET',
  path: '/api/webauthn/get',
  summary: "Options to sign in with a passkey; status 'not found' when none exists.",
  body: undefined,
  query: WebauthnGetQuery,
  answer: WebauthnGetAnswer,
  reasons: ['invalid_parameter', 'app_error'],
});

export const WebauthnGetBody = z.strictObject({
  id: Base64Url,
  type: z.literal('public-key'),
  rawId: Base64Url,
  response: z.strictObject({
    clientDataJSON: Base64Url,
    authenticatorData: Base64Url,
    signature: Base64Url,
    userHandle: z.optional(z.nullable(Base64Url)),
  }),
  /** An addition: "this is a shared or public computer" (docs/decisions/0116-shared-computer.md). */
  sharedComputer: z.optional(z.boolean()),
});
export type WebauthnGetBody = z.infer<typeof WebauthnGetBody>;

/** `ok` is the whole sign-in (no PIN); `email` comes with account_disabled. */
export const WebauthnSignInAnswer = z.extend(StatusAnswer, { email: z.optional(z.string()) });
export type WebauthnSignInAnswer = z.infer<typeof WebauthnSignInAnswer>;

export const webauthnGet = defineEndpoint({
  id: 'webauthnGet',
  method: 'POST',
  path: '/api/webauthn/get',
  summary: 'Sign in with a passkey assertion.',
  body: WebauthnGetBody,
  query: undefined,
  answer: WebauthnSignInAnswer,
  reasons: WEBAUTHN_GET_REASONS,
  botCheck: { action: 'webauthn_get_post', required: true },
});

/** Offer state: whether to offer a passkey registration after sign-in (docs/flows/passkeys.md). */
export const OfferState = z.object({
  offerWebauthnRegistration: z.boolean(),
  userId: z.optional(UserId),
});
export type OfferState = z.infer<typeof OfferState>;

export const WebauthnOfferBody = z.strictObject({
  offerWebauthnRegistration: z.boolean(),
  userId: z.optional(UserId),
});

export const webauthnOfferSave = defineEndpoint({
  id: 'webauthnOfferSave',
  method: 'POST',
  path: '/api/webauthn/offer',
  summary: 'Save whether to offer passkey registration again.',
  body: WebauthnOfferBody,
  query: undefined,
  answer: StatusAnswer,
  // bot_check_failed: a token that is sent is checked (docs/decisions/0140-bot-check.md).
  reasons: ['credentials_required', 'app_error', 'bot_check_failed'],
  botCheck: { action: 'webauthn_offer', required: false },
});

export const WebauthnOfferQuery = z.strictObject({ userId: z.optional(UserId) });

export const webauthnOffer = defineEndpoint({
  id: 'webauthnOffer',
  method: 'GET',
  path: '/api/webauthn/offer',
  summary: 'Whether to offer passkey registration now.',
  body: undefined,
  query: WebauthnOfferQuery,
  answer: OfferState,
  reasons: [],
});
