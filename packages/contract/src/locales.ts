/**
 * The app's languages. No schema here (the `Locale` schema is in endpoints/user.ts): the browser's
 * first view uses these without loading zod (docs/decisions/0117-server-rendered-first-view.md,
 * First-view bytes).
 */
export const LOCALES = ['sk', 'en', 'cs'] as const;

type LocaleCode = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: LocaleCode = 'sk';

/** Picks a supported locale; sk, the default, for anything else. */
export function toLocale(value: string | null | undefined): LocaleCode {
  const lower = (value ?? '').toLowerCase().split(/[-_]/)[0];
  return (LOCALES as readonly string[]).includes(lower ?? '') ? (lower as LocaleCode) : DEFAULT_LOCALE;
}

/** The value when it names a supported locale exactly (a language choice's value), else null. */
export function localeNamed(value: string): LocaleCode | null {
  return LOCALES.find((code) => code === value) ?? null;
}
