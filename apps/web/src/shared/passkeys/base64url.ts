/**
 * base64url without padding (RFC 4648 §5), as WebAuthn JSON and the contract use it.
 *
 * Decoding is strict: only the URL-safe alphabet, optional trailing '=' padding to a
 * multiple of four, and never a length that leaves remainder 1 when divided by 4 (such
 * a string cannot come from any byte sequence).
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUE_OF = new Map([...ALPHABET].map((char, i) => [char, i]));

export class Base64UrlError extends Error {
  override readonly name = 'Base64UrlError';
}

export function encodeBase64Url(input: ArrayBuffer | ArrayBufferView): string {
  const bytes =
    input instanceof ArrayBuffer
      ? new Uint8Array(input)
      : new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1] ?? 0;
    const c = bytes[i + 2] ?? 0;
    const n = (a << 16) | (b << 8) | c;
    out += ALPHABET[(n >> 18) & 63];
    out += ALPHABET[(n >> 12) & 63];
    if (i + 1 < bytes.length) out += ALPHABET[(n >> 6) & 63];
    if (i + 2 < bytes.length) out += ALPHABET[n & 63];
  }
  return out;
}

/** Decodes base64url; throws Base64UrlError on a character outside the alphabet or a length with remainder 1. */
export function decodeBase64Url(input: string): Uint8Array<ArrayBuffer> {
  const text = input.replace(/={1,2}$/, '');
  if (input.length !== text.length && input.length % 4 !== 0) throw new Base64UrlError('base64url: bad padding');
  if (text.length % 4 === 1) throw new Base64UrlError('base64url: a length with remainder 1 cannot be decoded');
  const bytes = new Uint8Array(Math.floor((text.length * 3) / 4));
  let buffer = 0;
  let bits = 0;
  let j = 0;
  for (const char of text) {
    const value = VALUE_OF.get(char);
    if (value === undefined) throw new Base64UrlError('base64url: a character outside the alphabet');
    buffer = ((buffer << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[j++] = (buffer >> bits) & 0xff;
    }
  }
  return bytes;
}

/** True when `input` decodes (see decodeBase64Url). */
export function isBase64Url(input: string): boolean {
  try {
    decodeBase64Url(input);
    return true;
  } catch {
    return false;
  }
}
