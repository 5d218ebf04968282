import { describe, expect, it } from 'vitest';
import { forgotPassword, register, tokenInfo, newDevice } from '@gatehouse/contract';
import en from '../../locales/en.json';
import sk from '../../locales/sk.json';
import cs from '../../locales/cs.json';
import { REGISTRATION_NEW_DEVICE_REASON_MESSAGES, REGISTRATION_NEW_TOKEN_REASON_MESSAGES, REGISTRATION_REASON_MESSAGES, REGISTRATION_TOKEN_INFO_REASON_MESSAGES } from './finish-registration.messages';

const CATALOGUES: Record<string, Record<string, string>> = { en, sk, cs };

describe('finish-registration messages', () => {
  it.each([
    ['token info', tokenInfo.reasons, REGISTRATION_TOKEN_INFO_REASON_MESSAGES],
    ['register', register.reasons, REGISTRATION_REASON_MESSAGES],
    ['new-token request', forgotPassword.reasons, REGISTRATION_NEW_TOKEN_REASON_MESSAGES],
    ['new device', newDevice.reasons, REGISTRATION_NEW_DEVICE_REASON_MESSAGES],
  ] as const)('give every reason the %s call may return a text in en, sk and cs', (_call, reasons, table) => {
    const messages: Record<string, string> = table;
    for (const reason of reasons) {
      const id = messages[reason];
      expect(id, reason).toBeTypeOf('string');
      for (const [locale, catalogue] of Object.entries(CATALOGUES)) expect(catalogue[id ?? ''], `${locale} ${reason}`).toBeTruthy();
    }
  });
});
