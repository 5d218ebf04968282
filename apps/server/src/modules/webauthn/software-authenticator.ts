import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { encodeCBOR, type CBORType } from '@levischuck/tiny-cbor';
import type { WebauthnCreateBody, WebauthnGetBody } from '@gatehouse/contract';

/**
 * A test-only WebAuthn authenticator in software: real keys, real CBOR, real signatures, so the
 * server's verification runs exactly as with a browser. Nothing here is used by the server itself.
 */

/** Authenticator data flags (WebAuthn §6.1). */
export const FLAG = { UP: 0x01, UV: 0x04, BE: 0x08, BS: 0x10, AT: 0x40 } as const;

/** ES256 is what platform authenticators use; ES384 is not on the server's list (for refusals). */
export type SoftwareAlgorithm = 'ES256' | 'ES384';
const CURVES: Record<SoftwareAlgorithm, { curve: string; cose: number; crv: number; hash: string }> = {
  ES256: { curve: 'P-256', cose: -7, crv: 1, hash: 'sha256' },
  ES384: { curve: 'P-384', cose: -35, crv: 2, hash: 'sha384' },
};

export interface Ceremony {
  challenge: string;
  origin: string;
  rpId: string;
}

export interface CeremonyOverrides {
  /** Flags other than the default UP|UV (AT is added for registration). */
  flags?: number;
  /** The signature counter to report; by default one more than the last. */
  counter?: number;
  /** clientDataJSON type; by default the right one for the ceremony. */
  type?: string;
  /** The user handle to report on sign-in; by default the one given at registration (null: none). */
  userHandle?: string | null;
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array) => Buffer.from(data).toString('base64url');

function uint32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

export class SoftwareAuthenticator {
  readonly credentialId: Buffer = randomBytes(32);
  /** When false the authenticator never counts: it always reports 0, which WebAuthn allows (§6.1.1). */
  counting = true;
  counter = 0;
  userHandle: string | null = null;
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private readonly algorithm: (typeof CURVES)[SoftwareAlgorithm];

  constructor(algorithm: SoftwareAlgorithm = 'ES256') {
    this.algorithm = CURVES[algorithm];
    const pair = generateKeyPairSync('ec', { namedCurve: this.algorithm.curve });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** The COSE_Key of the public key (RFC 9053: kty EC2, alg, crv, x, y). */
  coseKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return encodeCBOR(
      new Map<number, CBORType>([
        [1, 2],
        [3, this.algorithm.cose],
        [-1, this.algorithm.crv],
        [-2, new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y ?? '', 'base64url'))],
      ]),
    );
  }

  private clientData(type: string, ceremony: Ceremony): Buffer {
    return Buffer.from(
      JSON.stringify({ type, challenge: ceremony.challenge, origin: ceremony.origin, crossOrigin: false }),
    );
  }

  private nextCounter(overrides: CeremonyOverrides): number {
    if (overrides.counter !== undefined) return overrides.counter;
    if (!this.counting) return 0;
    this.counter += 1;
    return this.counter;
  }

  /** navigator.credentials.create(), as @simplewebauthn/browser would send it (attestation 'none'). */
  register(ceremony: Ceremony & { userHandle: string }, overrides: CeremonyOverrides = {}): WebauthnCreateBody {
    this.userHandle = ceremony.userHandle;
    const flags = (overrides.flags ?? FLAG.UP | FLAG.UV) | FLAG.AT;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(ceremony.rpId),
      Buffer.from([flags]),
      uint32(this.nextCounter(overrides)),
      Buffer.alloc(16), // AAGUID: zeros, as with attestation 'none'
      idLength,
      this.credentialId,
      this.coseKey(),
    ]);
    const attestationObject = encodeCBOR(
      new Map<string, CBORType>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return {
      type: 'public-key',
      id: this.id,
      rawId: this.id,
      response: {
        attestationObject: b64url(attestationObject),
        clientDataJSON: b64url(this.clientData(overrides.type ?? 'webauthn.create', ceremony)),
        transports: ['internal', 'hybrid'],
      },
    };
  }

  /** navigator.credentials.get(): an assertion signed with the credential's private key. */
  assert(ceremony: Ceremony, overrides: CeremonyOverrides = {}): WebauthnGetBody {
    const flags = overrides.flags ?? FLAG.UP | FLAG.UV;
    const authData = Buffer.concat([sha256(ceremony.rpId), Buffer.from([flags]), uint32(this.nextCounter(overrides))]);
    const clientDataJSON = this.clientData(overrides.type ?? 'webauthn.get', ceremony);
    // ECDSA signatures are DER-encoded in WebAuthn, which is node:crypto's default.
    const signature = sign(this.algorithm.hash, Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    const userHandle = overrides.userHandle === undefined ? this.userHandle : overrides.userHandle;
    return {
      id: this.id,
      type: 'public-key',
      rawId: this.id,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(userHandle !== null ? { userHandle } : {}),
      },
    };
  }
}
