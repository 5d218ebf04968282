import { DEFAULT_LOCALE, LOCALES, type Locale } from '@gatehouse/contract';

function asLocale(value: string | null | undefined): Locale | null {
  const lower = (value ?? '').trim().toLowerCase();
  return (LOCALES as readonly string[]).includes(lower) ? (lower as Locale) : null;
}

/** The first supported language of an Accept-Language header, by quality then order; null if none. */
export function fromAcceptLanguage(header: string | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .slice(0, 1_000)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q === undefined ? 1 : Number(q.slice(2));
      return { primary: tag.trim().split('-')[0] ?? '', quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const entry of ranked) {
    const locale = asLocale(entry.primary);
    if (locale) return locale;
  }
  return null;
}

/**
 * The language of user info (docs/decisions/0102-language-choice.md): the language cookie
 * (the user's explicit choice in the footer), else the signed-in user's language, else
 * Accept-Language, else sk.
 */
export function chooseLanguage(input: {
  cookie?: string;
  userLanguage?: string | null;
  acceptLanguage?: string;
}): Locale {
  return (
    asLocale(input.cookie) ?? asLocale(input.userLanguage) ?? fromAcceptLanguage(input.acceptLanguage) ?? DEFAULT_LOCALE
  );
}
