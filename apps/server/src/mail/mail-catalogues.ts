import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES, type Locale } from '@gatehouse/contract';
import { REPO_ROOT } from '../config/config.ts';

/**
 * The mails' texts live in each language's one catalogue file, beside the web app's
 * (apps/web/src/locales/<code>.json, keys `mail.…`; browsers never get them): adding a language is
 * one entry in the contract's LOCALES and one catalogue file (README, "Adding a language").
 */
const LOCALES_DIR = path.join(REPO_ROOT, 'apps', 'web', 'src', 'locales');
const MAIL_PREFIX = 'mail.';

export type MailTexts = Readonly<Record<string, string>>;

let loaded: Readonly<Record<Locale, MailTexts>> | undefined;

/** Every language's `mail.` texts, without the prefix; read once, when the first template is defined. */
export function mailTexts(): Readonly<Record<Locale, MailTexts>> {
  loaded ??= Object.fromEntries(
    LOCALES.map((code) => {
      const catalogue = JSON.parse(readFileSync(path.join(LOCALES_DIR, `${code}.json`), 'utf8')) as Record<
        string,
        string
      >;
      const texts = Object.entries(catalogue).filter(([key]) => key.startsWith(MAIL_PREFIX));
      return [code, Object.fromEntries(texts.map(([key, text]) => [key.slice(MAIL_PREFIX.length), text]))];
    }),
  ) as Record<Locale, MailTexts>;
  return loaded;
}

/** The language tag dates are written with in a language's mails (e.g. en-GB for English). */
export function mailDateLocale(locale: Locale): string {
  return mailTexts()[locale]['dateLocale'] ?? locale;
}
