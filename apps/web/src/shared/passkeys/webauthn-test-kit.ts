// Test helpers: WebAuthn stubbed at the browser boundary only (PublicKeyCredential and
// navigator.credentials); everything above it (the library, our mapping) runs for real.
import { vi } from 'vitest';
import type { CreateStructure } from '@gatehouse/contract';

const bytes = (text: string) => new TextEncoder().encode(text).buffer;

/** A credential as navigator.credentials resolves with it, from a platform authenticator. */
function credential<R extends object>(id: string, response: R, extensions: object) {
  return {
    id: btoa(id).replace(/=+$/, ''),
    rawId: bytes(id),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: { clientDataJSON: bytes('client-data'), ...response },
    getClientExtensionResults: () => ({ ...extensions }),
  };
}

/** What navigator.credentials.get resolves with: an assertion credential. */
export function fakeAssertion(id = 'cred-1') {
  return credential(
    id,
    { authenticatorData: bytes('auth-data'), signature: bytes('signature'), userHandle: bytes('user-handle') },
    {},
  );
}

/** What navigator.credentials.create resolves with: an attestation credential. */
export function fakeAttestation(id = 'cred-1') {
  return credential(
    id,
    {
      attestationObject: bytes('attestation'),
      getTransports: () => ['internal', 'hybrid'],
      getPublicKey: () => bytes('public-key'),
      getPublicKeyAlgorithm: () => -7,
      getAuthenticatorData: () => bytes('auth-data'),
    },
    { credProps: { rk: true } },
  );
}

export const domError = (name: string) => new DOMException(name, name);

/** The answer of GET /api/webauthn/get that starts a passkey sign-in (options for any passkey of this site). */
export const GET_OPTIONS = {
  status: 'ok',
  getStructure: {
    challenge: 'Y2hhbGxlbmdl',
    timeout: 60000,
    relyingPartyId: 'localhost',
    userVerification: 'required',
    allowCredentials: [],
  },
  timeout: 300,
};

/** The create structure of GET /api/webauthn/create that starts a passkey registration. */
export const CREATE_STRUCTURE: CreateStructure = {
  challenge: 'Y2hhbGxlbmdl',
  relyingPartyId: 'localhost',
  relyingPartyName: 'Gatehouse',
  userId: 'dXNlci1oYW5kbGU',
  userName: 'jana@example.sk',
  userDisplayName: 'Jana Nováková',
  timeout: 60000,
  attestation: 'none',
  attestationFormats: [],
  COSEAlgorithmIdentifiers: [-8, -7, -257],
  requireResidentKey: true,
  userVerification: 'required',
  authenticatorAttachment: null,
  excludeCredentials: [],
};

type Get = (options: CredentialRequestOptions) => Promise<unknown>;
type Create = (options: CredentialCreationOptions) => Promise<unknown>;

/**
 * Installs WebAuthn: `get` answers both modal and conditional requests (see
 * `conditionalRequests`); by default a conditional request stays pending until
 * aborted, as in a real browser with no authenticator attached.
 */
export function stubWebAuthn({
  conditional = true,
  get,
  create = async () => fakeAttestation(),
}: { conditional?: boolean; get?: Get; create?: Create } = {}) {
  const conditionalRequests: CredentialRequestOptions[] = [];
  const pendingUntilAborted = (options: CredentialRequestOptions) =>
    new Promise<unknown>((_, reject) =>
      options.signal?.addEventListener('abort', () => reject(domError('AbortError'))),
    );
  const getMock = vi.fn(async (options: CredentialRequestOptions) => {
    if (options.mediation === 'conditional') {
      conditionalRequests.push(options);
      return pendingUntilAborted(options);
    }
    return get ? get(options) : fakeAssertion();
  });
  const createMock = vi.fn(create);
  const PublicKeyCredential = Object.assign(function PublicKeyCredential() {}, {
    isConditionalMediationAvailable: async () => conditional,
  });
  vi.stubGlobal('PublicKeyCredential', PublicKeyCredential);
  Object.defineProperty(navigator, 'credentials', { configurable: true, value: { get: getMock, create: createMock } });
  return {
    get: getMock,
    create: createMock,
    conditionalRequests,
    modalRequests: () => getMock.mock.calls.map(([o]) => o).filter((o) => o.mediation !== 'conditional'),
  };
}

/** Removes what stubWebAuthn installed (vi.unstubAllGlobals removes PublicKeyCredential). */
export function removeWebAuthn() {
  Reflect.deleteProperty(navigator, 'credentials');
}
