import { hash } from 'node:crypto';

/**
 * The hex SHA-256 a table keeps instead of a value a browser holds: session ids, device tokens,
 * reset and invitation links, passkey challenges, spent bot-check challenges. Each such value is 32
 * random bytes or a server's MAC, so a fast unsalted hash leaves nothing to guess, and a copy of the
 * tables holds nothing a browser could present (docs/security.md). Node's one-shot hash: every
 * signed-in call hashes its cookie, with no Hash object to build and drop.
 */
export function sha256Hex(value: string): string {
  return hash('sha256', value, 'hex');
}
