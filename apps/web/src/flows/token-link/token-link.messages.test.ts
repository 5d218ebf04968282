import { describe, expect, it } from 'vitest';
import { forgotPassword, newDevice, register, resetPassword, tokenInfo } from '@gatehouse/contract';
import en from '../../locales/en.json';
import sk from '../../locales/sk.json';
import cs from '../../locales/cs.json';
import { NEW_TOKEN_REASON_MESSAGES } from '../../shared/link-request';
import {
  NEW_DEVICE_REASON_MESSAGES,
  REGISTRATION_TEXTS,
  RESET_TEXTS,
  setPasswordReasonMessages,
  tokenInfoReasonMessages,
} from './token-link.messages';

const CATALOGUES: Record<string, Record<string, string>> = { en, sk, cs };

describe.each([
  [
    'reset-password',
    [
      ['token info', tokenInfo.reasons, tokenInfoReasonMessages(RESET_TEXTS)],
      ['reset password', resetPassword.reasons, setPasswordReasonMessages(RESET_TEXTS)],
      ['new-token request', forgotPassword.reasons, NEW_TOKEN_REASON_MESSAGES],
    ],
  ],
  [
    'finish-registration',
    [
      ['token info', tokenInfo.reasons, tokenInfoReasonMessages(REGISTRATION_TEXTS)],
      ['register', register.reasons, setPasswordReasonMessages(REGISTRATION_TEXTS)],
      ['new-token request', forgotPassword.reasons, NEW_TOKEN_REASON_MESSAGES],
      ['new device', newDevice.reasons, NEW_DEVICE_REASON_MESSAGES],
    ],
  ],
] as [string, [string, readonly string[], Record<string, string>][]][])('%s messages', (_kind, calls) => {
  it.each(calls)('give every reason the %s call may return a text in en, sk and cs', (_call, reasons, table) => {
    const messages: Record<string, string> = table;
    for (const reason of reasons) {
      const id = messages[reason];
      expect(id, reason).toBeTypeOf('string');
      for (const [locale, catalogue] of Object.entries(CATALOGUES))
        expect(catalogue[id ?? ''], `${locale} ${reason}`).toBeTruthy();
    }
  });
});

describe.each([
  ['reset', RESET_TEXTS],
  ['registration', REGISTRATION_TEXTS],
] as const)('the %s link texts', (_kind, texts) => {
  it('name a text of en, sk and cs for every screen', () => {
    const ids = JSON.stringify(texts).match(/"[a-zA-Z]+\.[\w.]+"/g) ?? [];
    expect(ids.length).toBeGreaterThan(10);
    for (const quoted of ids) {
      const id = JSON.parse(quoted) as string;
      for (const [locale, catalogue] of Object.entries(CATALOGUES))
        expect(catalogue[id], `${locale} ${id}`).toBeTruthy();
    }
  });
});
