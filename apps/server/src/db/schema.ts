import type { Generated } from 'kysely';

/** Timestamps are milliseconds since the epoch (bigint columns; pg's int8 is parsed to number in database.ts). */
export interface UsersTable {
  id: string;
  email: string;
  first_name: string;
  surname: string;
  language: string;
  password_hash: string | null;
  /** 0 or 1: SQLite has no boolean type. */
  email_verified: number;
  disabled_at: number | null;
  blocked_at: number | null;
  created_at: number;
  updated_at: number;
}

export type SessionLevel = 'guest' | 'password' | 'signed_in';

export interface SessionsTable {
  /** SHA-256 (hex) of the random id in the cookie; the id itself is never stored. */
  id_hash: string;
  user_id: string | null;
  level: SessionLevel;
  created_at: number;
  last_seen_at: number;
  /** Absolute end: created_at + the absolute lifetime (the shorter one for a shared computer). */
  expires_at: number;
  /** 1: a shared-computer sign-in (docs/decisions/0116-shared-computer.md), else 0. */
  shared: Generated<number>;
  /** Random id naming the session in the security page's calls (migration 0008; null for older rows). */
  public_id: string | null;
  /** The browser's User-Agent, truncated to 512 characters (migration 0008). */
  user_agent: string | null;
  /** When a password or passkey was last proven in this session (migration 0008). */
  authenticated_at: number | null;
}

export interface ThrottleTable {
  /** e.g. "account:ana@example.test" or "address:203.0.113.7". */
  key: string;
  failures: number;
  window_started_at: number;
  blocked_until: number | null;
  updated_at: number;
}

/** Passkeys (migration 0003). */
export interface WebauthnUserHandlesTable {
  user_id: string;
  /** base64url of 32 random bytes: the WebAuthn user.id, never the e-mail. */
  user_handle: string;
  created_at: number;
}

export interface WebauthnCredentialsTable {
  /** base64url credential id. */
  id: string;
  user_id: string;
  /** base64url of the COSE public key. */
  public_key: string;
  counter: number;
  /** Comma-separated transports ('' for none). */
  transports: string;
  device_type: string;
  /** 0 or 1. */
  backed_up: number;
  created_at: number;
  last_used_at: number | null;
  /** The owner's name for it (migration 0008); null: the page derives one. */
  name: string | null;
}

export type WebauthnChallengePurpose = 'create' | 'get';

export interface WebauthnChallengesTable {
  /** SHA-256 (hex) of the base64url challenge. */
  challenge_hash: string;
  session_id_hash: string;
  purpose: WebauthnChallengePurpose;
  user_id: string | null;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

export interface WebauthnOffersTable {
  user_id: string;
  /** 0 or 1. */
  declined: number;
  times_offered: number;
  next_offer_at: number | null;
  updated_at: number;
}

/** PINs, attempts and devices (migration 0002). */
export type PinPurpose = 'sign_in' | 'recheck' | 'recheck_mandatory';

export interface PinCodesTable {
  session_id_hash: string;
  user_id: string;
  code_hash: string;
  salt: string;
  purpose: PinPurpose;
  device_id: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface PinAttemptsTable {
  user_id: string;
  failures: number;
  updated_at: number;
}

export interface DevicesTable {
  id: string;
  /** SHA-256 (hex) of the device cookie; the cookie itself is never stored. */
  token_hash: string;
  created_at: number;
  last_seen_at: number;
}

export interface DeviceAccountsTable {
  device_id: string;
  user_id: string;
  signed_in_at: number;
}

export interface TrustedDevicesTable {
  device_id: string;
  user_id: string;
  device_name: string;
  trusted_at: number;
  pin_checked_at: number;
  recheck_skipped_at: number | null;
}

/**
 * Link tokens (migration 0004): one row per account and purpose. `secure_account` is the link of
 * the "Wasn't you?" mail (docs/decisions/0115-wasnt-you-mail.md).
 */
export type TokenPurpose = 'reset' | 'invitation' | 'secure_account';

export interface TokensTable {
  user_id: string;
  purpose: TokenPurpose;
  /** SHA-256 (hex) of the random token in the link; the token itself is never stored. */
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** ALTCHA challenges already spent (migration 0005): single use across processes. */
export interface BotCheckUsedTable {
  /** SHA-256 (hex) of the challenge's signature. */
  challenge_hash: string;
  expires_at: number;
}

/** Work to do after an answer (migration 0006, docs/decisions/0162-outbox.md). */
export interface OutboxTable {
  id: string;
  kind: string;
  /** JSON. */
  payload: string;
  attempts: number;
  run_after: number;
  claimed_until: number | null;
  created_at: number;
  last_error: string | null;
}

/** Keys the server makes for itself (migration 0007). */
export interface ServerKeysTable {
  name: string;
  /** base64url of 32 random bytes. */
  value: string;
  created_at: number;
}

/** Signed passkey sign-in challenges already used (migration 0007). */
export interface WebauthnUsedChallengesTable {
  /** SHA-256 (hex) of the challenge. */
  challenge_hash: string;
  expires_at: number;
}

/** Devices on which an account completed a sign-in (migration 0009, docs/decisions/0115-wasnt-you-mail.md). */
export interface SignInDevicesTable {
  user_id: string;
  device_id: string;
  first_signed_in_at: number;
  last_signed_in_at: number;
  /** Set when the account was secured: the device counts as new again at its next sign-in. */
  forgotten_at: number | null;
}

/** How a sign-in completed (migration 0008). */
export type SignInMethod = 'password_pin' | 'password_trusted_device' | 'passkey' | 'registration';

/** The latest completed sign-ins of an account, at most 20 (migration 0008). */
export interface SignInEventsTable {
  id: string;
  user_id: string;
  at: number;
  method: SignInMethod;
  user_agent: string | null;
  device_id: string | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  throttle: ThrottleTable;
  pin_codes: PinCodesTable;
  pin_attempts: PinAttemptsTable;
  devices: DevicesTable;
  device_accounts: DeviceAccountsTable;
  trusted_devices: TrustedDevicesTable;
  webauthn_user_handles: WebauthnUserHandlesTable;
  webauthn_credentials: WebauthnCredentialsTable;
  webauthn_challenges: WebauthnChallengesTable;
  webauthn_offers: WebauthnOffersTable;
  tokens: TokensTable;
  bot_check_used: BotCheckUsedTable;
  outbox: OutboxTable;
  server_keys: ServerKeysTable;
  webauthn_used_challenges: WebauthnUsedChallengesTable;
  sign_in_devices: SignInDevicesTable;
  sign_in_events: SignInEventsTable;
}

export type { Generated };
