import type { Locale } from '@gatehouse/contract';
import { DEFAULT_LOCALE } from '@gatehouse/contract';
import sk from 'virtual:messages/sk';
import type { CompiledMessages } from './messages';

/**
 * Slovak ships in the entry chunk (default and fallback locale, spec section 1);
 * the others load on demand.
 */
export const FALLBACK_MESSAGES: CompiledMessages = sk;
export const FALLBACK_LOCALE: Locale = DEFAULT_LOCALE;

export function loadMessages(locale: Locale): Promise<CompiledMessages> {
  switch (locale) {
    case 'sk':
      return Promise.resolve(sk);
    case 'en':
      return import('virtual:messages/en').then((m) => m.default);
    case 'cs':
      return import('virtual:messages/cs').then((m) => m.default);
    default:
      return Promise.resolve(locale satisfies never);
  }
}
