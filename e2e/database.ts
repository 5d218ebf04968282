// Direct access to the e2e database, only for what a test cannot do through
// the product: moving one record's clock (e.g. a trusted device's last PIN).
import Database from 'better-sqlite3';
import { E2E_DATABASE_URL } from './env.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Runs one UPDATE on the e2e database and answers how many rows it changed. */
function update(sql: string, ...values: (string | number)[]): number {
  const db = new Database(E2E_DATABASE_URL);
  try {
    db.pragma('busy_timeout = 5000');
    return db.prepare(sql).run(...values).changes;
  } finally {
    db.close();
  }
}

/** Makes the last PIN check of every trusted device of `email` `days` older. */
export function ageTrustedDevices(email: string, days: number): number {
  return update(
    'UPDATE trusted_devices SET pin_checked_at = pin_checked_at - ?, trusted_at = trusted_at - ? WHERE user_id = (SELECT id FROM users WHERE email = ?)',
    days * DAY_MS,
    days * DAY_MS,
    email.toLowerCase(),
  );
}

/**
 * Moves back, by `minutes`, when the password or passkey was last proven in every session of
 * `email` (the security page's re-authentication window, docs/decisions/0114-security-page.md).
 */
export function ageSessionProof(email: string, minutes: number): number {
  return update(
    'UPDATE sessions SET authenticated_at = authenticated_at - ? WHERE user_id = (SELECT id FROM users WHERE email = ?)',
    minutes * 60_000,
    email.toLowerCase(),
  );
}

/**
 * Moves back, by `minutes`, when every session of `email` was last active and signed in: a session
 * of earlier that is still live (docs/decisions/0114-security-page.md).
 */
export function ageSessionActivity(email: string, minutes: number): number {
  return update(
    'UPDATE sessions SET last_seen_at = last_seen_at - ?, created_at = created_at - ? WHERE user_id = (SELECT id FROM users WHERE email = ?)',
    minutes * 60_000,
    minutes * 60_000,
    email.toLowerCase(),
  );
}

/**
 * Moves back, by `minutes`, when every PIN of `email` was issued and when it expires: the PIN
 * mail found late (docs/decisions/0181-expired-pin-code.md).
 */
export function agePinCodes(email: string, minutes: number): number {
  return update(
    'UPDATE pin_codes SET created_at = created_at - ?, expires_at = expires_at - ? WHERE user_id = (SELECT id FROM users WHERE email = ?)',
    minutes * 60_000,
    minutes * 60_000,
    email.toLowerCase(),
  );
}
