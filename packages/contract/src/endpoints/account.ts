import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { StatusAnswer, StatusAnswerShape, boundedString } from '../common.ts';
import { PASSWORD_MAX_LENGTH } from '../rules.ts';
import { GetStructure, WebauthnGetBody } from './webauthn.ts';

/**
 * The "Sign-in and security" page (additions: docs/decisions/0114-security-page.md).
 * Every call needs a signed-in session (else `credentials_required`) and touches only the
 * caller's own passkeys, devices and sessions (another's id: `invalid_parameter`, nothing changes).
 * Times are milliseconds since the epoch.
 */

/** A passkey name is 1–60 characters (code points) after trimming, without a character UNSHOWABLE_IN_A_NAME lists. */
export const PASSKEY_NAME_MAX_LENGTH = 60;

/**
 * Characters a name shown to a person must not hold: control characters (a NUL, a tab, a line
 * break) and the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069),
 * which turn the text after them around on the security page ("Chrome Linux" shown from a name that
 * says something else).
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const UNSHOWABLE_IN_A_NAME = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** True when `name` holds a character a shown name must not (UNSHOWABLE_IN_A_NAME). */
export function hasUnshowableCharacters(name: string): boolean {
  return UNSHOWABLE_IN_A_NAME.test(name);
}
/** Within this time after the last password (or passkey) a passkey may be removed without asking again. */
export const REAUTH_WINDOW_MS = 5 * 60_000;

/** True for a name the server accepts (after trimming). */
export function isValidPasskeyName(name: string): boolean {
  const trimmed = name.trim();
  const length = [...trimmed].length;
  return length >= 1 && length <= PASSKEY_NAME_MAX_LENGTH && !hasUnshowableCharacters(trimmed);
}

/** Credential ids are base64url of at most 1023 bytes (WebAuthn): at most 1364 characters. */
const CredentialId = z.string().check(z.minLength(1), z.maxLength(1400));
/** Device and session ids: opaque, short. */
const ShortId = z.string().check(z.minLength(1), z.maxLength(64));

export const SIGN_IN_METHODS = ['password_pin', 'password_trusted_device', 'passkey', 'registration'] as const;

export const SecurityPasskey = z.object({
  id: z.string(),
  /** The owner's name; null until one is given (the page shows a name derived from kind and date). */
  name: z.nullable(z.string()),
  /** A synced (multi-device) passkey, or one bound to a single authenticator. */
  synced: z.boolean(),
  createdAt: z.number(),
  lastUsedAt: z.nullable(z.number()),
});
export type SecurityPasskey = z.infer<typeof SecurityPasskey>;

export const SecurityDevice = z.object({
  id: z.string(),
  /** Browser and system, as the app named the device when it was trusted. */
  name: z.string(),
  trustedAt: z.number(),
  /** The last time the device was seen completing a sign-in. */
  lastUsedAt: z.number(),
  /** The device this request comes from (its device cookie). */
  current: z.boolean(),
});
export type SecurityDevice = z.infer<typeof SecurityDevice>;

export const SecuritySession = z.object({
  id: z.string(),
  /** The browser's User-Agent when the session started (the page names browser and system from it); null when none was sent. */
  userAgent: z.nullable(z.string()),
  signedInAt: z.number(),
  lastActiveAt: z.number(),
  /** The session of this request. */
  current: z.boolean(),
});
export type SecuritySession = z.infer<typeof SecuritySession>;

export const SecuritySignIn = z.object({
  at: z.number(),
  /** One of SIGN_IN_METHODS; parsed leniently (a newer server may add one). */
  method: z.string(),
  userAgent: z.nullable(z.string()),
  /** Completed on the device this request comes from. */
  thisDevice: z.boolean(),
});
export type SecuritySignIn = z.infer<typeof SecuritySignIn>;

export const SecurityOverviewAnswer = z.object({
  ...StatusAnswerShape,
  passkeys: z._default(z.array(SecurityPasskey), []),
  devices: z._default(z.array(SecurityDevice), []),
  sessions: z._default(z.array(SecuritySession), []),
  signIns: z._default(z.array(SecuritySignIn), []),
  /** Removing a passkey now asks for the password first (the last proof is older than REAUTH_WINDOW_MS). */
  reauthRequired: z._default(z.boolean(), true),
  /**
   * A passkey may be added in this session (`GET /api/webauthn/create`, after a recent proof): false
   * on a shared or public computer's sign-in, where no passkey is registered.
   */
  canAddPasskey: z._default(z.boolean(), false),
});
export type SecurityOverviewAnswer = z.infer<typeof SecurityOverviewAnswer>;

export const securityOverview = defineEndpoint({
  id: 'securityOverview',
  method: 'GET',
  path: '/api/account/security',
  summary: "The signed-in account's passkeys, trusted devices, sessions and latest sign-ins (an addition).",
  body: undefined,
  query: undefined,
  answer: SecurityOverviewAnswer,
  reasons: ['credentials_required', 'app_error'],
  addition: true,
});

export const PasskeyRenameBody = z.strictObject({ id: CredentialId, name: boundedString(200) });
export type PasskeyRenameBody = z.infer<typeof PasskeyRenameBody>;

export const passkeyRename = defineEndpoint({
  id: 'passkeyRename',
  method: 'POST',
  path: '/api/account/passkey/name',
  summary: 'Give one of your passkeys a name of 1–60 characters (an addition).',
  body: PasskeyRenameBody,
  query: undefined,
  answer: StatusAnswer,
  reasons: ['credentials_required', 'invalid_parameter', 'missing_parameter', 'app_error'],
  addition: true,
});

export const IdQuery = z.strictObject({ id: CredentialId });
export const ShortIdQuery = z.strictObject({ id: ShortId });

export const passkeyRemove = defineEndpoint({
  id: 'passkeyRemove',
  method: 'DELETE',
  path: '/api/account/passkey',
  summary:
    'Remove one of your passkeys; reauth_required when the password was last proven over 5 minutes ago (an addition).',
  body: undefined,
  query: IdQuery,
  answer: StatusAnswer,
  reasons: ['credentials_required', 'reauth_required', 'invalid_parameter', 'missing_parameter', 'app_error'],
  addition: true,
});

export const ReauthBody = z.strictObject({ password: boundedString(PASSWORD_MAX_LENGTH * 4) });
export type ReauthBody = z.infer<typeof ReauthBody>;

export const reauthenticate = defineEndpoint({
  id: 'reauthenticate',
  method: 'POST',
  path: '/api/account/reauth',
  summary: 'Prove the password again in this session (throttled like login; an addition).',
  body: ReauthBody,
  query: undefined,
  answer: StatusAnswer,
  reasons: [
    'credentials_required',
    'invalid_credentials',
    'password_required',
    'missing_parameter',
    'invalid_parameter',
    'too_many_requests',
    'service_busy',
    'app_error',
  ],
  addition: true,
});

export const ReauthPasskeyOptionsAnswer = z.object({ ...StatusAnswerShape, getStructure: z.optional(GetStructure) });
export type ReauthPasskeyOptionsAnswer = z.infer<typeof ReauthPasskeyOptionsAnswer>;

export const reauthPasskeyOptions = defineEndpoint({
  id: 'reauthPasskeyOptions',
  method: 'GET',
  path: '/api/account/reauth/passkey',
  summary:
    'Options for proving one of your own passkeys again in this session (allowCredentials: your passkeys; invalid_parameter when you have none; an addition).',
  body: undefined,
  query: undefined,
  answer: ReauthPasskeyOptionsAnswer,
  reasons: ['credentials_required', 'invalid_parameter', 'app_error'],
  addition: true,
});

export const reauthPasskey = defineEndpoint({
  id: 'reauthPasskey',
  method: 'POST',
  path: '/api/account/reauth/passkey',
  summary: 'Prove one of your own passkeys again in this session (verified as a passkey sign-in; an addition).',
  body: WebauthnGetBody,
  query: undefined,
  answer: StatusAnswer,
  reasons: [
    'credentials_required',
    'invalid_credentials',
    'missing_parameter',
    'invalid_parameter',
    'too_many_requests',
    'app_error',
  ],
  addition: true,
});

export const trustedDeviceRevoke = defineEndpoint({
  id: 'trustedDeviceRevoke',
  method: 'DELETE',
  path: '/api/account/device',
  summary: 'End the trust of one of your devices: its next sign-in asks for a PIN (an addition).',
  body: undefined,
  query: ShortIdQuery,
  answer: StatusAnswer,
  reasons: ['credentials_required', 'invalid_parameter', 'missing_parameter', 'app_error'],
  addition: true,
});

export const trustedDevicesRevokeOthers = defineEndpoint({
  id: 'trustedDevicesRevokeOthers',
  method: 'DELETE',
  path: '/api/account/device/others',
  summary: 'End the trust of every one of your devices except this one (an addition).',
  body: undefined,
  query: undefined,
  answer: StatusAnswer,
  reasons: ['credentials_required', 'app_error'],
  addition: true,
});

export const sessionEnd = defineEndpoint({
  id: 'sessionEnd',
  method: 'DELETE',
  path: '/api/account/session',
  summary: 'Sign out one of your other sessions (an addition).',
  body: undefined,
  query: ShortIdQuery,
  answer: StatusAnswer,
  reasons: ['credentials_required', 'invalid_parameter', 'missing_parameter', 'app_error'],
  addition: true,
});

export const sessionsEndOthers = defineEndpoint({
  id: 'sessionsEndOthers',
  method: 'DELETE',
  path: '/api/account/session/others',
  summary: 'Sign out every one of your sessions except this one (an addition).',
  body: undefined,
  query: undefined,
  answer: StatusAnswer,
  reasons: ['credentials_required', 'app_error'],
  addition: true,
});
