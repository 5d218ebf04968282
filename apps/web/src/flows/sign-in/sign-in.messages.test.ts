import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import sk from '../../locales/sk.json';
import cs from '../../locales/cs.json';
import { PIN_ATTEMPTS_OUTCOMES, PIN_SKIP_OUTCOMES } from './machine/pin-step';
import { FORGOT_OUTCOMES, LOGIN_OUTCOMES, PASSKEY_OUTCOMES, PIN_SUBMIT_OUTCOMES } from './sign-in.messages';

const TABLES: [string, Record<string, object>][] = [
  ['login', LOGIN_OUTCOMES],
  ['PIN attempts', PIN_ATTEMPTS_OUTCOMES],
  ['PIN submit', PIN_SUBMIT_OUTCOMES],
  ['PIN skip', PIN_SKIP_OUTCOMES],
  ['forgot password', FORGOT_OUTCOMES],
  ['passkey sign-in', PASSKEY_OUTCOMES],
];

describe('the reason → outcome tables', () => {
  it.each(TABLES)('of the %s call name messages that exist in every locale', (_call, table) => {
    for (const [reason, outcome] of Object.entries(table)) {
      // `message`, and `passwordFieldMessage` where a form shows the reason on a field.
      const ids = Object.entries(outcome).flatMap(([key, value]) => (/message$/i.test(key) ? [String(value)] : []));
      for (const id of ids) {
        for (const catalogue of [en, sk, cs])
          expect(Object.prototype.hasOwnProperty.call(catalogue, id), `${reason} → ${id}`).toBe(true);
      }
    }
  });
});
