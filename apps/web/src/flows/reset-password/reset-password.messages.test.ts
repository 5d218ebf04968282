import { describe, expect, it } from 'vitest';
import { forgotPassword, resetPassword, tokenInfo } from '@gatehouse/contract';
import en from '../../locales/en.json';
import sk from '../../locales/sk.json';
import cs from '../../locales/cs.json';
import { RESET_NEW_TOKEN_REASON_MESSAGES, RESET_PASSWORD_REASON_MESSAGES, RESET_TOKEN_INFO_REASON_MESSAGES } from './reset-password.messages';

const CATALOGUES: Record<string, Record<string, string>> = { en, sk, cs };

describe('reset-password messages', () => {
  it.each([
    ['token info', tokenInfo.reasons, RESET_TOKEN_INFO_REASON_MESSAGES],
    ['reset password', resetPassword.reasons, RESET_PASSWORD_REASON_MESSAGES],
    ['new-token request', forgotPassword.reasons, RESET_NEW_TOKEN_REASON_MESSAGES],
  ] as const)('give every reason the %s call may return a text in en, sk and cs', (_call, reasons, table) => {
    const messages: Record<string, string> = table;
    for (const reason of reasons) {
      const id = messages[reason];
      expect(id, reason).toBeTypeOf('string');
      for (const [locale, catalogue] of Object.entries(CATALOGUES)) expect(catalogue[id ?? ''], `${locale} ${reason}`).toBeTruthy();
    }
  });
});
