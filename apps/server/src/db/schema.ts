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
  /** Absolute end: created_at + the absolute lifetime. */
  expires_at: number;
}

export interface ThrottleTable {
  /** e.g. "account:ana@example.test" or "address:203.0.113.7". */
  key: string;
  failures: number;
  window_started_at: number;
  blocked_until: number | null;
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

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  throttle: ThrottleTable;
  pin_codes: PinCodesTable;
  pin_attempts: PinAttemptsTable;
  devices: DevicesTable;
  device_accounts: DeviceAccountsTable;
  trusted_devices: TrustedDevicesTable;
}

export type { Generated };
