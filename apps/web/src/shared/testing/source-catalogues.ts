import { LOCALES, type Locale } from '@gatehouse/contract';
import type { MessageId } from '../i18n';

/**
 * Each language's catalogue as written, for tests that compare what is shown with the texts: every
 * language of LOCALES, each with every language's own name added, as messages-plugin.ts adds them.
 */
const FILES = import.meta.glob<Record<string, string>>('../../locales/*.json', { eager: true, import: 'default' });
const fileOf = (code: Locale): Record<string, string> => FILES[`../../locales/${code}.json`] ?? {};
const LANGUAGE_NAMES = Object.fromEntries(
  LOCALES.map((code) => [`app.language.${code}`, fileOf(code)['app.language.name']]),
);

export type SourceCatalogue = Readonly<Record<MessageId, string>>;

export const SOURCE_CATALOGUES = Object.fromEntries(
  LOCALES.map((code) => [code, { ...fileOf(code), ...LANGUAGE_NAMES }]),
) as Readonly<Record<Locale, SourceCatalogue>>;
