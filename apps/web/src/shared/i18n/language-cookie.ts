import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_S } from '@gatehouse/contract';
import type { Locale } from '@gatehouse/contract';

/** The cookie the server reads for a guest's language (docs/decisions/0102-language-choice.md). */
export function languageCookie(locale: Locale): string {
  return `${LANGUAGE_COOKIE}=${locale}; Path=/; SameSite=Lax; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_S}`;
}

export function saveLanguage(locale: Locale): void {
  document.cookie = languageCookie(locale);
}
