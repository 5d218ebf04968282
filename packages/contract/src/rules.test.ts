import { describe, expect, it } from 'vitest';
import {
  checkNewPassword,
  checkPasswordConfirmation,
  couldBePin,
  isNonEmptyText,
  isValidEmail,
  normalizeEmail,
} from './rules.ts';

describe('text rule', () => {
  it('accepts text with a visible character and refuses empty or blank text', () => {
    expect(isNonEmptyText('a')).toBe(true);
    expect(isNonEmptyText('  a ')).toBe(true);
    expect(isNonEmptyText('')).toBe(false);
    expect(isNonEmptyText(' \t\n')).toBe(false);
    expect(isNonEmptyText(undefined)).toBe(false);
    expect(isNonEmptyText(null)).toBe(false);
  });
});

describe('e-mail rule', () => {
  it.each(['jana@example.com', 'Jana.Novak+clinic@mail.example.co.uk', 'ZOFIA@EXAMPLE.SK', 'žofia@example.test'])(
    'accepts %s',
    (email) => expect(isValidEmail(email)).toBe(true),
  );
  it.each([
    '',
    'jana',
    'jana@',
    '@example.com',
    'jana@example',
    'jana@.example.com',
    'jana@example..com',
    'ja na@example.com',
    'jana@exa_mple.com',
    '.jana@example.com',
    'jana@-example.com',
  ])('refuses %j', (email) => expect(isValidEmail(email)).toBe(false));
  it('refuses an address longer than 254 characters', () => {
    expect(isValidEmail(`${'a'.repeat(64)}@${'b'.repeat(186)}.com`)).toBe(false);
    expect(isValidEmail(`${'a'.repeat(64)}@${'b'.repeat(185)}.com`)).toBe(true);
  });
  it('normalises addresses for look-up by trimming and lower-casing', () => {
    expect(normalizeEmail('  Jana@Example.COM ')).toBe('jana@example.com');
  });
});

describe('new-password rule', () => {
  it('accepts 8 characters with upper case, lower case and a digit', () => {
    expect(checkNewPassword('Abcdefg1')).toBeNull();
    expect(checkNewPassword('Žltý kôň 7')).toBeNull();
  });
  it('gives password_required for a missing or empty password', () => {
    expect(checkNewPassword('')).toBe('password_required');
    expect(checkNewPassword(undefined)).toBe('password_required');
  });
  it.each([
    ['too short', 'Abcdef1'],
    ['no upper case', 'abcdefg1'],
    ['no lower case', 'ABCDEFG1'],
    ['no digit', 'Abcdefgh'],
  ])('gives weak_password when %s', (_why, password) => expect(checkNewPassword(password)).toBe('weak_password'));
  it('counts length in code points, not UTF-16 units', () => {
    // Seven code points, nine UTF-16 units: still too short.
    expect(checkNewPassword('Ab1😀😀cd')).toBe('weak_password');
    expect(checkNewPassword('Ab1😀😀cde')).toBeNull();
  });
  it('accepts 64 and 1024 code points and refuses 1025', () => {
    expect(checkNewPassword(`Aa1${'x'.repeat(61)}`)).toBeNull();
    expect(checkNewPassword(`Aa1${'x'.repeat(1021)}`)).toBeNull();
    expect(checkNewPassword(`Aa1${'x'.repeat(1022)}`)).toBe('weak_password');
  });
});

describe('password confirmation rule', () => {
  it('requires the confirmation and that it matches', () => {
    expect(checkPasswordConfirmation('Abcdefg1', '')).toBe('password_verification_required');
    expect(checkPasswordConfirmation('Abcdefg1', 'Abcdefg2')).toBe('passwords_do_not_match');
    expect(checkPasswordConfirmation('Abcdefg1', 'Abcdefg1')).toBeNull();
  });
});

describe('PIN shape', () => {
  it('takes PIN_LENGTH characters of the alphabet, trimmed and in any letter case', () => {
    for (const code of ['ABC234', 'abc234', ' XYZ789 ', 'zzzzzz']) expect(couldBePin(code), code).toBe(true);
  });

  it('refuses another length, a character no PIN has and an inner space', () => {
    for (const code of ['', 'ABC23', 'ABC2345', 'ABC20E', 'ABCIO1', 'AB C23', 'ABČ234', 'ABC23\u0000'])
      expect(couldBePin(code), JSON.stringify(code)).toBe(false);
  });
});
