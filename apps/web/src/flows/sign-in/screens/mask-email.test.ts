import { describe, expect, it } from 'vitest';
import { maskEmail } from './mask-email';

describe('maskEmail', () => {
  it('keeps two characters of a longer local part and the whole domain', () => {
    expect(maskEmail('jana.novakova@nemocnica.sk')).toBe('ja…@nemocnica.sk');
  });

  it('keeps one character of a short local part', () => {
    expect(maskEmail('demo@gatehouse.test')).toBe('d…@gatehouse.test');
    expect(maskEmail('a@b.sk')).toBe('a…@b.sk');
  });

  it('splits at the last @ (a quoted local part may hold one)', () => {
    expect(maskEmail('"a@b"@example.com')).toBe('"a…@example.com');
  });

  it('never cuts a character in half', () => {
    expect(maskEmail('😀😀😀😀😀@example.com')).toBe('😀😀…@example.com');
  });

  it('masks a value without @ as a whole', () => {
    expect(maskEmail('loginname')).toBe('lo…');
  });
});
