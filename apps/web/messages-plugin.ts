/**
 * A small Vite plugin that serves the message catalogues precompiled to
 * ICU ASTs, so that the browser bundle needs no ICU parser (intl-messageformat
 * runs with @formatjs/icu-messageformat-parser aliased to its no-parser build;
 * src/shared/i18n/formatter.ts formats with it).
 *
 *   import messages from 'virtual:messages/sk';        // the whole catalogue (tests)
 *   import core from 'virtual:messages/sk/core';       // the first view's messages
 *   import demo from 'virtual:messages/sk/demo';       // one area (src/shared/i18n/areas.ts)
 *   import { loadCore, loadArea } from 'virtual:messages/loaders'; // one lazy import per locale and part
 *   import all from 'virtual:messages/all';            // every locale's whole catalogue (tests)
 *
 * reads src/locales/sk.json and parses every message with the same parser
 * `formatjs compile --ast` uses. A syntax error in a catalogue fails the
 * build with the message id.
 *
 * One catalogue file per language, and the contract's LOCALES the one list of languages
 * (README, "Adding a language"): the loaders are generated from that list, each catalogue names
 * its own language (`app.language.name`) and every catalogue gets every language's name from there
 * (`app.language.<code>`, for the language choice), and the mails' texts (`mail.…`, read by the
 * server) never reach the browser.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';
import { LOCALES } from '../../packages/contract/src/locales.ts';
import { MESSAGE_AREAS, SERVER_ONLY_PREFIX, areaOf } from './src/shared/i18n/areas.ts';

const PREFIX = 'virtual:messages/';
const RESOLVED = '\0virtual-messages:';

/** A language's catalogue as written (its JSON file's entries). */
export type ReadCatalogue = (code: string) => Record<string, string>;

/** The browser's part of a language's catalogue, with every language's own name added. */
export function browserCatalogue(read: ReadCatalogue, locale: string): Record<string, string> {
  const own = Object.entries(read(locale)).filter(([key]) => !key.startsWith(SERVER_ONLY_PREFIX));
  const names = LOCALES.map((code) => {
    const name = read(code)['app.language.name'];
    if (!name) throw new Error(`Catalogue ${code}.json names no language ("app.language.name")`);
    return [`app.language.${code}`, name] as const;
  });
  return Object.fromEntries([...own, ...names]);
}

function loadersModule(): string {
  const byLocale = (part: string) =>
    `{ ${LOCALES.map((code) => `${code}: () => import('${PREFIX}${code}/${part}')`).join(', ')} }`;
  return [
    `const core = ${byLocale('core')};`,
    `const areas = { ${Object.keys(MESSAGE_AREAS)
      .map((area) => `${area}: ${byLocale(area)}`)
      .join(', ')} };`,
    'export const loadCore = (locale) => core[locale]().then((m) => m.default);',
    'export const loadArea = (locale, area) => areas[area][locale]().then((m) => m.default);',
  ].join('\n');
}

export function compileCatalogue(source: Record<string, string>): Record<string, unknown> {
  const compiled: Record<string, unknown> = {};
  for (const [id, message] of Object.entries(source)) {
    try {
      compiled[id] = parse(message);
    } catch (error) {
      throw new Error(`Message "${id}" is not valid ICU MessageFormat: ${String(error)}`, { cause: error });
    }
  }
  return compiled;
}

export function messagesPlugin(localesDir: string): Plugin {
  return {
    name: 'gatehouse-messages',
    resolveId(id) {
      return id.startsWith(PREFIX) ? RESOLVED + id.slice(PREFIX.length) : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const name = id.slice(RESOLVED.length);
      const read: ReadCatalogue = (code) => {
        const file = path.join(localesDir, `${code}.json`);
        this.addWatchFile(file);
        return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      };
      const compiled = (locale: string) =>
        JSON.stringify(JSON.stringify(compileCatalogue(browserCatalogue(read, locale))));
      if (name === 'loaders') return loadersModule();
      if (name === 'all')
        return `export default { ${LOCALES.map((code) => `${code}: JSON.parse(${compiled(code)})`).join(', ')} };`;
      const [locale = '', part] = name.split('/');
      if (!(LOCALES as readonly string[]).includes(locale))
        throw new Error(`Unknown catalogue ${locale}: not in the contract's LOCALES`);
      if (part !== undefined && part !== 'core' && !(part in MESSAGE_AREAS))
        throw new Error(`Unknown catalogue area ${part}`);
      const all = browserCatalogue(read, locale);
      const source =
        part === undefined ? all : Object.fromEntries(Object.entries(all).filter(([key]) => areaOf(key) === part));
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(compileCatalogue(source)))});`;
    },
  };
}
