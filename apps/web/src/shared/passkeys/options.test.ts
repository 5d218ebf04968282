import { describe, expect, it } from 'vitest';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import type { CreateStructure, GetStructure } from '@gatehouse/contract';
import { WebauthnCreateBody, WebauthnGetBody } from '@gatehouse/contract';
import { CREATE_STRUCTURE, GET_OPTIONS } from './webauthn-test-kit';
import { PasskeyOptionsError, toCreateBody, toCreationOptions, toGetBody, toRequestOptions } from './options';

// The kit's structures, each with a challenge and credentials of its own.
const createStructure: CreateStructure = {
  ...CREATE_STRUCTURE,
  challenge: 'Y2hhbGxlbmdlLWNyZWF0ZQ',
  excludeCredentials: [{ id: 'Y3JlZC0x', type: 'public-key', transports: ['internal', 'hybrid'] }],
};

const getStructure: GetStructure = {
  ...GET_OPTIONS.getStructure,
  challenge: 'Y2hhbGxlbmdlLWdldA',
  allowCredentials: [{ id: 'Y3JlZC0x', type: 'public-key' }],
};

describe("passkey options from the contract's structures", () => {
  it('maps the create structure to WebAuthn creation options', () => {
    expect(toCreationOptions(createStructure)).toEqual({
      challenge: 'Y2hhbGxlbmdlLWNyZWF0ZQ',
      rp: { id: 'localhost', name: 'Gatehouse' },
      user: { id: 'dXNlci1oYW5kbGU', name: 'jana@example.sk', displayName: 'Jana Nováková' },
      pubKeyCredParams: [
        { type: 'public-key', alg: -8 },
        { type: 'public-key', alg: -7 },
        { type: 'public-key', alg: -257 },
      ],
      timeout: 60000,
      attestation: 'none',
      attestationFormats: [],
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
      excludeCredentials: [{ id: 'Y3JlZC0x', type: 'public-key', transports: ['internal', 'hybrid'] }],
    });
  });

  it('passes a known authenticator attachment and a non-resident key preference through', () => {
    const options = toCreationOptions({
      ...createStructure,
      authenticatorAttachment: 'platform',
      requireResidentKey: false,
      userVerification: 'preferred',
    });
    expect(options.authenticatorSelection).toEqual({
      residentKey: 'preferred',
      requireResidentKey: false,
      userVerification: 'preferred',
      authenticatorAttachment: 'platform',
    });
  });

  it('falls back to no attestation and required user verification for values it does not know', () => {
    const options = toCreationOptions({
      ...createStructure,
      attestation: 'bogus',
      userVerification: 'whatever',
      attestationFormats: ['packed', 'x'],
    });
    expect(options.attestation).toBe('none');
    expect(options.attestationFormats).toEqual(['packed']);
    expect(options.authenticatorSelection?.userVerification).toBe('required');
  });

  it('maps the get structure to WebAuthn request options', () => {
    expect(toRequestOptions(getStructure)).toEqual({
      challenge: 'Y2hhbGxlbmdlLWdldA',
      timeout: 60000,
      rpId: 'localhost',
      userVerification: 'required',
      allowCredentials: [{ id: 'Y3JlZC0x', type: 'public-key' }],
    });
  });

  it('refuses a structure whose challenge or user id cannot be decoded', () => {
    expect(() => toRequestOptions({ ...getStructure, challenge: 'AAAAA' })).toThrow(PasskeyOptionsError);
    expect(() => toCreationOptions({ ...createStructure, userId: 'not base64url!' })).toThrow(PasskeyOptionsError);
  });
});

/** The credential both ceremonies' responses name. */
const CREDENTIAL = { id: 'Y3JlZC0x', rawId: 'Y3JlZC0x', type: 'public-key' } as const;

describe('passkey responses to the contract bodies', () => {
  it('keeps only the fields of the strict create body', () => {
    const response: RegistrationResponseJSON = {
      ...CREDENTIAL,
      authenticatorAttachment: 'platform',
      clientExtensionResults: { credProps: { rk: true } },
      response: {
        attestationObject: 'YXR0',
        clientDataJSON: 'Y2Rq',
        transports: ['internal'],
        authenticatorData: 'YXV0aA',
        publicKey: 'cGs',
        publicKeyAlgorithm: -7,
      },
    };
    const body = toCreateBody(response);
    expect(body).toEqual({
      type: 'public-key',
      id: 'Y3JlZC0x',
      rawId: 'Y3JlZC0x',
      response: { attestationObject: 'YXR0', clientDataJSON: 'Y2Rq', transports: ['internal'] },
    });
    expect(WebauthnCreateBody.safeParse(body).success).toBe(true);
    // What the library returns as it is would be refused by the strict schema.
    expect(WebauthnCreateBody.safeParse(response).success).toBe(false);
  });

  it('keeps only the fields of the strict get body, with the user handle when there is one', () => {
    const response: AuthenticationResponseJSON = {
      ...CREDENTIAL,
      authenticatorAttachment: 'cross-platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: 'Y2Rq',
        authenticatorData: 'YXV0aA',
        signature: 'c2ln',
        userHandle: 'dXNlci1oYW5kbGU',
      },
    };
    const body = toGetBody(response);
    expect(body).toEqual({
      id: 'Y3JlZC0x',
      type: 'public-key',
      rawId: 'Y3JlZC0x',
      response: {
        clientDataJSON: 'Y2Rq',
        authenticatorData: 'YXV0aA',
        signature: 'c2ln',
        userHandle: 'dXNlci1oYW5kbGU',
      },
    });
    expect(WebauthnGetBody.safeParse(body).success).toBe(true);
    expect(WebauthnGetBody.safeParse(response).success).toBe(false);

    const { userHandle: _dropped, ...withoutHandle } = response.response;
    expect(toGetBody({ ...response, response: withoutHandle }).response).not.toHaveProperty('userHandle');
  });
});
