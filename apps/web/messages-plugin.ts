/**
 * A small Vite plugin that serves the message catalogues precompiled to
 * ICU ASTs, so that the browser bundle needs no ICU parser (react-intl runs
 * with @formatjs/icu-messageformat-parser aliased to its no-parser build).
 *
 *   import messages from 'virtual:messages/sk';        // the whole catalogue (tests)
 *   import core from 'virtual:messages/sk/core';       // the first view's messages
 *   import demo from 'virtual:messages/sk/demo';       // one area (src/shared/i18n/areas.ts)
 *
 * reads src/locales/sk.json and parses every message with the same parser
 * `formatjs compile --ast` uses. A syntax error in a catalogue fails the
 * build with the message id.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';
import { MESSAGE_AREAS, areaOf } from './src/shared/i18n/areas.ts';

const PREFIX = 'virtual:messages/';
const RESOLVED = '\0virtual-messages:';

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
      const [locale = '', part] = id.slice(RESOLVED.length).split('/');
      if (!/^[a-z]{2}$/.test(locale)) throw new Error(`Unknown catalogue ${locale}`);
      if (part !== undefined && part !== 'core' && !(part in MESSAGE_AREAS)) throw new Error(`Unknown catalogue area ${part}`);
      const file = path.join(localesDir, `${locale}.json`);
      this.addWatchFile(file);
      const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const source = part === undefined ? all : Object.fromEntries(Object.entries(all).filter(([key]) => areaOf(key) === part));
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(compileCatalogue(source)))});`;
    },
  };
}
