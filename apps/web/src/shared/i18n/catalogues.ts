import type { Locale } from '@gatehouse/contract';
import { DEFAULT_LOCALE } from '@gatehouse/contract';
import type { MessageArea } from './areas';
import type { CompiledMessages } from './messages';

/**
 * Every catalogue loads on demand: a server-rendered page carries the messages it needs
 * (docs/decisions/0117-server-rendered-first-view.md); other locales and the areas of lazy
 * screens (areas.ts) follow when chosen or opened. Slovak is the default and fallback locale.
 */
export const FALLBACK_LOCALE: Locale = DEFAULT_LOCALE;

const default_ = (m: { default: CompiledMessages }) => m.default;

export function loadMessages(locale: Locale): Promise<CompiledMessages> {
  switch (locale) {
    case 'sk':
      return import('virtual:messages/sk/core').then(default_);
    case 'en':
      return import('virtual:messages/en/core').then(default_);
    case 'cs':
      return import('virtual:messages/cs/core').then(default_);
    default:
      return Promise.resolve(locale satisfies never);
  }
}

// One static import per locale and area, so the bundler emits each as a chunk.
const AREA_LOADERS: Record<MessageArea, Record<Locale, () => Promise<CompiledMessages>>> = {
  demo: {
    sk: () => import('virtual:messages/sk/demo').then(default_),
    en: () => import('virtual:messages/en/demo').then(default_),
    cs: () => import('virtual:messages/cs/demo').then(default_),
  },
  recovery: {
    sk: () => import('virtual:messages/sk/recovery').then(default_),
    en: () => import('virtual:messages/en/recovery').then(default_),
    cs: () => import('virtual:messages/cs/recovery').then(default_),
  },
  secureAccount: {
    sk: () => import('virtual:messages/sk/secureAccount').then(default_),
    en: () => import('virtual:messages/en/secureAccount').then(default_),
    cs: () => import('virtual:messages/cs/secureAccount').then(default_),
  },
  signInLater: {
    sk: () => import('virtual:messages/sk/signInLater').then(default_),
    en: () => import('virtual:messages/en/signInLater').then(default_),
    cs: () => import('virtual:messages/cs/signInLater').then(default_),
  },
  security: {
    sk: () => import('virtual:messages/sk/security').then(default_),
    en: () => import('virtual:messages/en/security').then(default_),
    cs: () => import('virtual:messages/cs/security').then(default_),
  },
  legacy: {
    sk: () => import('virtual:messages/sk/legacy').then(default_),
    en: () => import('virtual:messages/en/legacy').then(default_),
    cs: () => import('virtual:messages/cs/legacy').then(default_),
  },
};

export function loadArea(locale: Locale, area: MessageArea): Promise<CompiledMessages> {
  return AREA_LOADERS[area][locale]();
}

/** The fallback locale's catalogue, for a page the browser renders itself; without it (a failed load) the ids show. */
export function loadFallbackMessages(): Promise<CompiledMessages> {
  return loadMessages(FALLBACK_LOCALE).catch(() => ({}));
}
