import { Fragment, createContext, createElement, isValidElement } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { isLiteralElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import type { Locale } from '@gatehouse/contract';
import type { CompiledMessages, MessageId } from './messages';
import { useProvided } from '../context/use-provided';

export type MessageValues = Record<string, string | number | boolean | null | undefined | Date>;

/**
 * A rich text's values: a tag (`<contact>…</contact>`) gets a function of its chunks; an argument
 * may be an element (an e-mail address that must not break, `shared/ui/address.tsx`).
 */
export type RichMessageValues = Record<
  string,
  MessageValues[string] | ReactElement | ((chunks: ReactNode[]) => ReactNode)
>;

/**
 * The page's messages, dates and times in one language. One per catalogue (the provider's
 * useMemo): effects that depend on `format` (useT) rerun only when the catalogue changes.
 */
export interface Formatter {
  locale: Locale;
  /** A message as text; a missing id, or values the message cannot take, give the id. */
  format: (id: MessageId, values?: MessageValues) => string;
  /** A message with tags, each rendered by its function in `values`, or with elements as values. */
  formatRich: (id: MessageId, values: RichMessageValues) => ReactNode;
  formatDate: (value: number | Date, options: Intl.DateTimeFormatOptions) => string;
}

/** Only development shows what is wrong; a user sees the id (as react-intl did for us). */
function report(error: Error): void {
  if (import.meta.env.DEV) console.error(error);
}

/**
 * The formatter of one catalogue. Only what the app uses of react-intl's React layer, which cost the
 * first view about 4 KiB (docs/decisions/0117-server-rendered-first-view.md, First-view bytes); the
 * ICU MessageFormat semantics (plurals, select, tags) stay the same: intl-messageformat is the engine
 * react-intl formatted with, given the catalogue's ASTs (messages-plugin.ts: no parser ships).
 */
export function createFormatter(locale: Locale, messages: CompiledMessages): Formatter {
  const formats = new Map<string, IntlMessageFormat>();
  const dateFormats = new Map<string, Intl.DateTimeFormat>();

  function formatAny(id: string, values: RichMessageValues | undefined): ReactNode {
    const message = Object.hasOwn(messages, id) ? messages[id] : undefined;
    if (message === undefined) {
      report(new Error(`Missing message: "${id}" for locale "${locale}", using id as fallback.`));
      return id;
    }
    // Most messages are one plain text: no formatter needed.
    const [first] = message;
    if (message.length === 1 && first && isLiteralElement(first)) return first.value;
    try {
      let compiled = formats.get(id);
      if (!compiled) {
        compiled = new IntlMessageFormat(message, locale);
        formats.set(id, compiled);
      }
      return compiled.format<ReactNode>(values);
    } catch (error) {
      report(
        new Error(`Error formatting message: "${id}" for locale "${locale}", using id as fallback.`, { cause: error }),
      );
      return id;
    }
  }

  return {
    locale,
    format: (id, values) => {
      const text = formatAny(id, values);
      if (typeof text === 'string') return text;
      // A value that is not text in a plain {argument} (a Date, a boolean): the id, as for a bad value.
      report(new Error(`Message "${id}" for locale "${locale}" did not format to text, using id as fallback.`));
      return id;
    },
    formatRich: (id, values) => {
      // A tag's chunks and the message's parts become children lists: keyed, as React asks.
      const tags = Object.fromEntries(
        Object.entries(values).map(([name, value]) => [
          name,
          typeof value === 'function' ? (chunks: ReactNode[]) => value(chunks.map(keyed)) : value,
        ]),
      );
      const parts = formatAny(id, tags);
      return Array.isArray(parts) ? createElement(Fragment, null, ...(parts as ReactNode[])) : parts;
    },
    formatDate: (value, options) => {
      const key = JSON.stringify(options);
      let dateFormat = dateFormats.get(key);
      if (!dateFormat) {
        dateFormat = new Intl.DateTimeFormat(locale, options);
        dateFormats.set(key, dateFormat);
      }
      try {
        return dateFormat.format(value);
      } catch (error) {
        report(new Error('Error formatting date.', { cause: error }));
        return String(new Date(value));
      }
    },
  };
}

function keyed(chunk: ReactNode, index: number): ReactNode {
  return isValidElement(chunk) ? createElement(Fragment, { key: index }, chunk) : chunk;
}

export const FormatterContext = createContext<Formatter | null>(null);

/** The current catalogue's formatter (I18nProvider). */
export function useFormatter(): Formatter {
  return useProvided(FormatterContext, 'useFormatter');
}
