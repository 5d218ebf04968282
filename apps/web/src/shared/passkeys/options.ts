/**
 * The contract's passkey structures → WebAuthn JSON options for
 * @simplewebauthn/browser, and its responses → the contract's STRICT bodies.
 * Only types come from the library here, so this file costs no bytes of it.
 */
import type {
  AttestationFormat,
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialDescriptorJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import type { CreateStructure, GetStructure, WebauthnCreateBody, WebauthnGetBody } from '@gatehouse/contract';
import { isBase64Url } from './base64url';

/** The server's structure cannot be used (a value that does not decode). */
export class PasskeyOptionsError extends Error {
  override readonly name = 'PasskeyOptionsError';
}

type Descriptor = CreateStructure['excludeCredentials'][number];

const ATTESTATIONS: readonly AttestationConveyancePreference[] = ['none', 'indirect', 'direct', 'enterprise'];
const ATTESTATION_FORMATS: readonly AttestationFormat[] = [
  'fido-u2f',
  'packed',
  'android-safetynet',
  'android-key',
  'tpm',
  'apple',
  'none',
];
const USER_VERIFICATIONS: readonly UserVerificationRequirement[] = ['required', 'preferred', 'discouraged'];
const ATTACHMENTS: readonly AuthenticatorAttachment[] = ['platform', 'cross-platform'];

const oneOf = <T extends string>(list: readonly T[], value: string | null | undefined): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

function base64Url(value: string, what: string): string {
  if (!isBase64Url(value)) throw new PasskeyOptionsError(`${what} is not base64url`);
  return value;
}

function descriptor(credential: Descriptor): PublicKeyCredentialDescriptorJSON {
  const transports = credential.transports ?? [];
  return {
    id: base64Url(credential.id, 'credential id'),
    type: 'public-key',
    ...(transports.length > 0 ? { transports } : {}),
  };
}

/** Passkey create structure → creation options (user verification defaults to required when unknown). */
export function toCreationOptions(structure: CreateStructure): PublicKeyCredentialCreationOptionsJSON {
  const attachment = structure.authenticatorAttachment;
  return {
    challenge: base64Url(structure.challenge, 'challenge'),
    rp: { id: structure.relyingPartyId, name: structure.relyingPartyName },
    user: {
      id: base64Url(structure.userId, 'user id'),
      name: structure.userName,
      displayName: structure.userDisplayName,
    },
    pubKeyCredParams: structure.COSEAlgorithmIdentifiers.map((alg) => ({ type: 'public-key', alg })),
    timeout: structure.timeout,
    attestation: oneOf(ATTESTATIONS, structure.attestation) ? structure.attestation : 'none',
    attestationFormats: structure.attestationFormats.filter((f): f is AttestationFormat =>
      oneOf(ATTESTATION_FORMATS, f),
    ),
    authenticatorSelection: {
      residentKey: structure.requireResidentKey ? 'required' : 'preferred',
      requireResidentKey: structure.requireResidentKey,
      userVerification: oneOf(USER_VERIFICATIONS, structure.userVerification) ? structure.userVerification : 'required',
      ...(oneOf(ATTACHMENTS, attachment) ? { authenticatorAttachment: attachment } : {}),
    },
    excludeCredentials: structure.excludeCredentials.map(descriptor),
  };
}

/** Passkey get structure → request options. */
export function toRequestOptions(structure: GetStructure): PublicKeyCredentialRequestOptionsJSON {
  return {
    challenge: base64Url(structure.challenge, 'challenge'),
    timeout: structure.timeout,
    rpId: structure.relyingPartyId,
    userVerification: oneOf(USER_VERIFICATIONS, structure.userVerification) ? structure.userVerification : 'required',
    allowCredentials: structure.allowCredentials.map(descriptor),
  };
}

/**
 * Registration response → POST /api/webauthn/create body. Only the contract's fields:
 * clientExtensionResults, authenticatorAttachment, publicKey, publicKeyAlgorithm and
 * authenticatorData are dropped (the strict schema refuses them).
 */
export function toCreateBody(response: RegistrationResponseJSON): WebauthnCreateBody {
  const { attestationObject, clientDataJSON, transports } = response.response;
  return {
    type: 'public-key',
    id: response.id,
    rawId: response.rawId,
    response: { attestationObject, clientDataJSON, ...(transports !== undefined ? { transports } : {}) },
  };
}

/** Authentication response → POST /api/webauthn/get body (no clientExtensionResults, no authenticatorAttachment). */
export function toGetBody(response: AuthenticationResponseJSON): WebauthnGetBody {
  const { clientDataJSON, authenticatorData, signature, userHandle } = response.response;
  return {
    id: response.id,
    type: 'public-key',
    rawId: response.rawId,
    response: { clientDataJSON, authenticatorData, signature, ...(userHandle !== undefined ? { userHandle } : {}) },
  };
}
