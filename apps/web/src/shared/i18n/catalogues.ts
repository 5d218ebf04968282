import type { Locale } from '@gatehouse/contract';
import { DEFAULT_LOCALE } from '@gatehouse/contract';
import { loadArea as loadAreaChunk, loadCore } from 'virtual:messages/loaders';
import { loadChunk } from '../chunks';
import type { MessageArea } from './areas';
import type { CompiledMessages } from './messages';

/**
 * Every catalogue loads on demand: a server-rendered page carries the messages it needs
 * (docs/decisions/0117-server-rendered-first-view.md); other locales and the areas of lazy
 * screens (areas.ts) follow when chosen or opened, one chunk per language and area (the loaders are
 * generated from the contract's LOCALES by messages-plugin.ts). Slovak is the default and fallback locale.
 */
export const FALLBACK_LOCALE: Locale = DEFAULT_LOCALE;

/** A language's first-view messages; a chunk that fails or has not arrived in the chunk time-out is an error. */
export function loadMessages(locale: Locale): Promise<CompiledMessages> {
  return loadChunk(() => loadCore(locale));
}

/** A lazy area's messages, the same way (MessageAreaGate shows the internal error page for a failure). */
export function loadArea(locale: Locale, area: MessageArea): Promise<CompiledMessages> {
  return loadChunk(() => loadAreaChunk(locale, area));
}

/** The fallback locale's catalogue, for a page the browser renders itself; without it (a failed load) the ids show. */
export function loadFallbackMessages(): Promise<CompiledMessages> {
  return loadMessages(FALLBACK_LOCALE).catch(() => ({}));
}
