import { LOCALES, type Locale } from '@gatehouse/contract';
import { browserCatalogue } from '../../../messages-plugin';
import type { MessageId } from '../i18n';

/**
 * Each language's catalogue as written, for tests that compare what is shown with the texts: every
 * language of LOCALES, as the build gives it to the browser (every language's own name added, the
 * mails' texts left out), before its messages are compiled.
 */
const FILES = import.meta.glob<Record<string, string>>('../../locales/*.json', { eager: true, import: 'default' });
const read = (code: string): Record<string, string> => FILES[`../../locales/${code}.json`] ?? {};

export type SourceCatalogue = Readonly<Record<MessageId, string>>;

export const SOURCE_CATALOGUES = Object.fromEntries(
  LOCALES.map((code) => [code, browserCatalogue(read, code)]),
) as Readonly<Record<Locale, SourceCatalogue>>;
