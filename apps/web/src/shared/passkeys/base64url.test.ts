import { describe, expect, it } from 'vitest';
import { Base64UrlError, decodeBase64Url, encodeBase64Url, isBase64Url } from './base64url';

const bytes = (...values: number[]) => new Uint8Array(values);

describe('base64url', () => {
  it('encodes bytes without padding and with the URL-safe alphabet', () => {
    expect(encodeBase64Url(bytes())).toBe('');
    expect(encodeBase64Url(bytes(0xfb))).toBe('-w');
    expect(encodeBase64Url(bytes(0xfb, 0xff))).toBe('-_8');
    expect(encodeBase64Url(bytes(0xfb, 0xff, 0xbf))).toBe('-_-_');
    expect(encodeBase64Url(new TextEncoder().encode('Gatehouse'))).toBe('R2F0ZWhvdXNl');
  });

  it('encodes a view of part of a buffer, not the whole buffer', () => {
    const whole = bytes(1, 2, 3, 4, 5);
    expect(encodeBase64Url(whole.subarray(1, 3))).toBe(encodeBase64Url(bytes(2, 3)));
  });

  it('decodes what it encodes, for every length from 0 to 40 bytes', () => {
    for (let length = 0; length <= 40; length++) {
      const input = Uint8Array.from({ length }, (_, i) => (i * 37 + length * 11) & 0xff);
      expect([...decodeBase64Url(encodeBase64Url(input))]).toEqual([...input]);
    }
  });

  it('accepts padded input of a whole number of quads', () => {
    expect([...decodeBase64Url('-w==')]).toEqual([0xfb]);
    expect([...decodeBase64Url('-_8=')]).toEqual([0xfb, 0xff]);
  });

  it('fails on a string whose length leaves remainder 1 when divided by 4', () => {
    expect(() => decodeBase64Url('A')).toThrow(Base64UrlError);
    expect(() => decodeBase64Url('AAAAA')).toThrow(/remainder 1/);
    expect(isBase64Url('R2F0ZWhvdXNlA')).toBe(false);
    // Lengths with remainder 0, 2 and 3 decode.
    expect(isBase64Url('AAAA')).toBe(true);
    expect(isBase64Url('AAAAAA')).toBe(true);
    expect(isBase64Url('AAAAAAA')).toBe(true);
  });

  it('fails on characters of standard base64 and on anything else outside the alphabet', () => {
    expect(() => decodeBase64Url('+/8')).toThrow(Base64UrlError);
    expect(() => decodeBase64Url('ab c')).toThrow(Base64UrlError);
    expect(() => decodeBase64Url('-w=')).toThrow(Base64UrlError);
  });
});
