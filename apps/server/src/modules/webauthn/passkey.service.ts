import { randomBytes } from 'node:crypto';
import { verifyAuthenticationResponse, verifyRegistrationResponse } from '@simplewebauthn/server';
import type { CreateStructure, GetStructure, Reason, WebauthnCreateBody, WebauthnGetBody } from '@gatehouse/contract';
import type { WebauthnConfig } from '../../config/config.ts';
import { ADDRESS_POLICY, accountKey, addressKey, type ThrottleService } from '../throttle/throttle.service.ts';
import { signInRefusal } from '../user/sign-in-refusal.ts';
import type { ChallengeService } from './challenge.service.ts';
import type { SignedChallenges } from './signed-challenge.ts';
import type { CredentialRepository, CredentialRow } from './credential.repository.ts';

/** EdDSA, ES256, RS256 and nothing else (docs/security.md, Passkeys). */
export const COSE_ALGORITHMS = [-8, -7, -257] as const;
/** Bytes of a new WebAuthn user handle (WebAuthn allows at most 64). */
const USER_HANDLE_BYTES = 32;
const KNOWN_TRANSPORTS = new Set(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);

/** What passkeys need to know of an account (the user module's repository satisfies it). */
export interface PasskeyUser {
  id: string;
  email: string;
  first_name: string;
  surname: string;
  disabled_at: number | null;
  blocked_at: number | null;
  /** 0 or 1. */
  email_verified: number;
}

export interface PasskeyUserLookup {
  findById(id: string): Promise<PasskeyUser | undefined>;
}

/**
 * Why a ceremony was refused. Never sent to the client (it only gets `invalid_credentials`);
 * logged, so that an operator and the tests can tell the refusals apart.
 */
export type RefusalCause =
  | 'no_challenge_cookie'
  | 'unreadable_client_data'
  | 'challenge_not_usable'
  | 'unknown_credential'
  | 'credential_of_another_user'
  | 'user_handle_missing'
  | 'verification_failed'
  | 'counter_regression'
  | 'already_registered'
  | 'unknown_user';

export type RegistrationOutcome = { kind: 'ok'; credentialId: string } | { kind: 'refused'; cause: RefusalCause };

export type PasskeySignInOutcome =
  | { kind: 'ok'; user: PasskeyUser }
  | { kind: 'refused'; cause: RefusalCause }
  | { kind: 'failed'; reasons: Reason[]; email?: string }
  | { kind: 'throttled'; retryAfterMs: number };

export type ReauthenticationOutcome =
  { kind: 'ok' } | { kind: 'refused'; cause: RefusalCause } | { kind: 'throttled'; retryAfterMs: number };

/** The challenge the browser signed, read from clientDataJSON without trusting anything else in it. */
export function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const challenge = (parsed as Record<string, unknown>).challenge;
    return typeof challenge === 'string' ? challenge : undefined;
  } catch {
    return undefined;
  }
}

function transportsOf(row: CredentialRow): string[] | undefined {
  return row.transports === '' ? undefined : row.transports.split(',');
}

function descriptor(row: CredentialRow) {
  const transports = transportsOf(row);
  return { id: row.id, type: 'public-key' as const, ...(transports ? { transports } : {}) };
}

export function displayName(user: PasskeyUser): string {
  const name = [user.first_name, user.surname].filter((s) => s.length > 0).join(' ');
  return name.length > 0 ? name : user.email;
}

/**
 * Passkey registration and sign-in (docs/decisions/0120-passkeys.md), verified by
 * @simplewebauthn/server against the exact origin and RP ID of the configuration.
 */
export class PasskeyService {
  constructor(
    private readonly credentials: CredentialRepository,
    /** Registration challenges: stored, bound to the signed-in session. */
    private readonly challenges: ChallengeService,
    /** Sign-in challenges: signed, bound to the browser's challenge cookie, no row until used. */
    private readonly signInChallenges: SignedChallenges,
    private readonly users: PasskeyUserLookup,
    private readonly throttle: ThrottleService,
    private readonly config: WebauthnConfig,
    private readonly now: () => number,
  ) {}

  /** The opaque handle authenticators store as user.id; created on first use. */
  userHandle(userId: string): Promise<string> {
    return this.credentials.ensureUserHandle(userId, randomBytes(USER_HANDLE_BYTES).toString('base64url'), this.now());
  }

  async creationOptions(sessionIdHash: string, user: PasskeyUser): Promise<CreateStructure> {
    const [userHandle, existing] = await Promise.all([this.userHandle(user.id), this.credentials.listForUser(user.id)]);
    const challenge = await this.challenges.issue(sessionIdHash, 'create', user.id);
    return {
      challenge,
      relyingPartyId: this.config.rpId,
      relyingPartyName: this.config.rpName,
      userId: userHandle,
      userName: user.email,
      userDisplayName: displayName(user),
      timeout: this.config.timeoutMs,
      attestation: 'none',
      // No preference: with attestation 'none' the format is not looked at.
      attestationFormats: [],
      COSEAlgorithmIdentifiers: [...COSE_ALGORITHMS],
      requireResidentKey: true,
      userVerification: 'required',
      // Any authenticator: the device's own, a phone by QR code (hybrid) or a security key.
      authenticatorAttachment: null,
      excludeCredentials: existing.map(descriptor),
    };
  }

  async register(sessionIdHash: string, userId: string, body: WebauthnCreateBody): Promise<RegistrationOutcome> {
    const challenge = challengeOf(body.response.clientDataJSON);
    if (challenge === undefined) return { kind: 'refused', cause: 'unreadable_client_data' };
    // Consumed before anything else is checked: a challenge serves one attempt, good or bad.
    const issued = await this.challenges.consume(challenge, sessionIdHash, 'create');
    if (!issued || issued.userId !== userId) return { kind: 'refused', cause: 'challenge_not_usable' };

    let info;
    try {
      const verification = await verifyRegistrationResponse({
        response: { ...body, clientExtensionResults: {} },
        expectedChallenge: challenge,
        expectedOrigin: this.config.expectedOrigin,
        expectedRPID: this.config.rpId,
        requireUserPresence: true,
        requireUserVerification: true,
        supportedAlgorithmIDs: [...COSE_ALGORITHMS],
      });
      if (!verification.verified) return { kind: 'refused', cause: 'verification_failed' };
      info = verification.registrationInfo;
    } catch {
      // The library throws for every malformed or mismatching response.
      return { kind: 'refused', cause: 'verification_failed' };
    }

    const transports = (body.response.transports ?? []).filter((t) => KNOWN_TRANSPORTS.has(t));
    const now = this.now();
    const stored = await this.credentials.insert({
      id: info.credential.id,
      user_id: userId,
      public_key: Buffer.from(info.credential.publicKey).toString('base64url'),
      counter: info.credential.counter,
      transports: [...new Set(transports)].join(','),
      device_type: info.credentialDeviceType,
      backed_up: info.credentialBackedUp ? 1 : 0,
      created_at: now,
      last_used_at: null,
      name: null,
    });
    return stored ? { kind: 'ok', credentialId: info.credential.id } : { kind: 'refused', cause: 'already_registered' };
  }

  /**
   * The credentials a sign-in may use: all (discoverable, empty list) without a user, that user's
   * with one, and null when that user has none or does not exist ('not found').
   */
  async allowedCredentials(userId: string | undefined): Promise<CredentialRow[] | null> {
    if (userId === undefined) return [];
    const rows = await this.credentials.listForUser(userId);
    return rows.length > 0 ? rows : null;
  }

  /** Sign-in options for the browser holding `binding` (its challenge cookie); nothing is stored. */
  async requestOptions(
    binding: string,
    userId: string | null,
    allowed: readonly CredentialRow[],
  ): Promise<GetStructure> {
    const challenge = await this.signInChallenges.issue(binding, userId);
    return {
      challenge,
      timeout: this.config.timeoutMs,
      relyingPartyId: this.config.rpId,
      userVerification: 'required',
      allowCredentials: allowed.map(descriptor),
    };
  }

  /** Verifies an assertion. Every refusal counts against the client's address. */
  async signIn(input: {
    binding: string | null;
    body: WebauthnGetBody;
    clientAddress: string;
  }): Promise<PasskeySignInOutcome> {
    const address = addressKey(input.clientAddress);
    const retryAfterMs = await this.throttle.retryAfterMs([address]);
    if (retryAfterMs > 0) return { kind: 'throttled', retryAfterMs };

    const outcome = await this.verifyAssertion(input.binding, input.body);
    if (outcome.kind === 'refused') {
      await this.throttle.recordFailure(address, ADDRESS_POLICY);
      return outcome;
    }
    const { user } = outcome;
    // A proven sign-in ends the account's run of failed passwords, as a correct password does (0101).
    await this.throttle.clear(accountKey(user.email));
    // An unconfirmed address here only an operator can bring about (a passkey is registered while signed in).
    const refusal = signInRefusal(user);
    if (refusal) return { kind: 'failed', reasons: [refusal], email: user.email };
    return { kind: 'ok', user };
  }

  /**
   * Options for a signed-in user to prove one of their passkeys again (the security page's
   * re-authentication): only their credentials are allowed; null when they have none.
   */
  async reauthenticationOptions(binding: string, userId: string): Promise<GetStructure | null> {
    const allowed = await this.allowedCredentials(userId);
    return allowed === null ? null : this.requestOptions(binding, userId, allowed);
  }

  /**
   * Verifies an assertion as a sign-in does, and that it is a passkey of `userId`. Refusals count
   * against the client's address, as at sign-in.
   */
  async reauthenticate(input: {
    binding: string | null;
    body: WebauthnGetBody;
    userId: string;
    clientAddress: string;
  }): Promise<ReauthenticationOutcome> {
    const address = addressKey(input.clientAddress);
    const retryAfterMs = await this.throttle.retryAfterMs([address]);
    if (retryAfterMs > 0) return { kind: 'throttled', retryAfterMs };
    const verified = await this.verifyAssertion(input.binding, input.body);
    const outcome: ReauthenticationOutcome =
      verified.kind === 'refused'
        ? verified
        : verified.user.id === input.userId
          ? { kind: 'ok' }
          : { kind: 'refused', cause: 'credential_of_another_user' };
    if (outcome.kind === 'refused') await this.throttle.recordFailure(address, ADDRESS_POLICY);
    return outcome;
  }

  private async verifyAssertion(
    binding: string | null,
    body: WebauthnGetBody,
  ): Promise<{ kind: 'ok'; user: PasskeyUser } | { kind: 'refused'; cause: RefusalCause }> {
    const refused = (cause: RefusalCause) => ({ kind: 'refused' as const, cause });
    if (binding === null) return refused('no_challenge_cookie');
    const challenge = challengeOf(body.response.clientDataJSON);
    if (challenge === undefined) return refused('unreadable_client_data');
    // Consumed before anything else is checked: a challenge serves one attempt, good or bad.
    const issued = await this.signInChallenges.consume(challenge, binding);
    if (!issued) return refused('challenge_not_usable');

    const credential = await this.credentials.findById(body.rawId);
    if (!credential) return refused('unknown_credential');
    // The credential must belong to the user: the one the options were for, and the one the authenticator names.
    if (issued.forUser && !issued.isFor(credential.user_id)) return refused('credential_of_another_user');
    const userHandle = body.response.userHandle ?? null;
    if (userHandle !== null) {
      const owner = await this.credentials.findUserIdByHandle(userHandle);
      if (owner !== credential.user_id) return refused('credential_of_another_user');
    } else if (!issued.forUser) {
      // A discoverable sign-in names its user only through the handle (WebAuthn §7.2 step 6).
      return refused('user_handle_missing');
    }

    let newCounter: number;
    let backedUp: boolean;
    try {
      const { userHandle: _handle, ...assertion } = body.response;
      const verification = await verifyAuthenticationResponse({
        response: {
          ...body,
          response: userHandle === null ? assertion : { ...assertion, userHandle },
          clientExtensionResults: {},
        },
        expectedChallenge: challenge,
        expectedOrigin: this.config.expectedOrigin,
        expectedRPID: this.config.rpId,
        credential: {
          id: credential.id,
          publicKey: Buffer.from(credential.public_key, 'base64url'),
          counter: Number(credential.counter),
          ...(transportsOf(credential) ? { transports: transportsOf(credential) } : {}),
        },
        requireUserVerification: true,
      });
      if (!verification.verified) return refused('verification_failed');
      newCounter = verification.authenticationInfo.newCounter;
      backedUp = verification.authenticationInfo.credentialBackedUp;
    } catch (error) {
      // The library refuses a counter that does not grow before it checks the signature.
      const message = error instanceof Error ? error.message : '';
      return refused(/counter/i.test(message) ? 'counter_regression' : 'verification_failed');
    }
    // Saved only if the counter still grows: a concurrent replay of the same assertion loses here.
    if (!(await this.credentials.recordUse(credential.id, newCounter, backedUp, this.now())))
      return refused('counter_regression');

    const user = await this.users.findById(credential.user_id);
    if (!user) return refused('unknown_user');
    return { kind: 'ok', user };
  }
}
