import { createContext, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { Locale } from '@gatehouse/contract';
import { toLocale } from '@gatehouse/contract';
import { MESSAGE_AREAS, type MessageArea } from './areas';
import { FALLBACK_LOCALE, loadArea, loadMessages } from './catalogues';
import { FormatterContext, createFormatter } from './formatter';
import type { CompiledMessages } from './messages';
import { saveLanguage } from './language-cookie';
import { useProvided } from '../context/use-provided';

interface LocaleContextValue {
  locale: Locale;
  /** Applies a language given by the server (any string; unknown → sk). */
  applyLanguage: (language: string | null | undefined) => Promise<void>;
  /** The user's choice: switches at once and remembers it in the language cookie. */
  chooseLocale: (locale: Locale) => Promise<void>;
  /** Areas whose messages are merged into the current catalogue. */
  loadedAreas: ReadonlySet<MessageArea>;
  /** Loads an area's messages (areas.ts) for the current and every later locale. */
  requireArea: (area: MessageArea) => Promise<void>;
}

const LocaleContext = createContext<LocaleContextValue | null>(null);

export interface I18nProviderProps {
  children: ReactNode;
  /**
   * The catalogue to start with, already loaded: a server-rendered page's, or the fallback locale's
   * (main.tsx loads it first), each with the areas it holds; a test's without `areas` (every area
   * counts as loaded).
   */
  initial: { locale: Locale; messages: CompiledMessages; areas?: readonly MessageArea[] };
}

interface CatalogueState {
  locale: Locale;
  messages: CompiledMessages;
  areas: ReadonlySet<MessageArea>;
}

const EVERY_AREA: ReadonlySet<MessageArea> = new Set(Object.keys(MESSAGE_AREAS) as MessageArea[]);

export function I18nProvider({ children, initial }: I18nProviderProps) {
  const [state, setState] = useState<CatalogueState>(() => ({
    locale: initial.locale,
    messages: initial.messages,
    areas: initial.areas ? new Set(initial.areas) : EVERY_AREA,
  }));
  const latest = useRef<Locale>(state.locale);
  const wanted = useRef<Set<MessageArea>>(new Set(state.areas));

  /** Core catalogue plus every wanted area, for one locale. */
  const load = useCallback(async (locale: Locale): Promise<CatalogueState> => {
    const areas = [...wanted.current];
    const [core, ...parts] = await Promise.all([loadMessages(locale), ...areas.map((area) => loadArea(locale, area))]);
    return { locale, messages: Object.assign({}, core, ...parts) as CompiledMessages, areas: new Set(areas) };
  }, []);

  const switchTo = useCallback(
    async (requested: Locale) => {
      latest.current = requested;
      let next: CatalogueState;
      try {
        next = await load(requested);
      } catch {
        // A catalogue that cannot load leaves the page in the fallback language, still usable,
        // or, when that cannot load either, in the language it has.
        try {
          next = await load(FALLBACK_LOCALE);
        } catch {
          return;
        }
      }
      // A newer choice made while this catalogue was loading wins.
      if (latest.current !== requested) return;
      document.documentElement.lang = next.locale;
      // The same language again (e.g. a page applying user info twice) keeps the same catalogue
      // object: nothing downstream re-renders, and effects that depend on the formatter do not rerun.
      setState((current) =>
        current.locale === next.locale && [...next.areas].every((area) => current.areas.has(area)) ? current : next,
      );
    },
    [load],
  );

  const requireArea = useCallback(async (area: MessageArea) => {
    if (wanted.current.has(area)) return;
    wanted.current.add(area);
    const locale = latest.current;
    const messages = await loadArea(locale, area);
    if (latest.current !== locale) return; // a locale switch loads every wanted area itself
    setState((current) => ({
      ...current,
      messages: { ...current.messages, ...messages },
      areas: new Set([...current.areas, area]),
    }));
  }, []);

  const applyLanguage = useCallback((language: string | null | undefined) => switchTo(toLocale(language)), [switchTo]);
  const chooseLocale = useCallback(
    async (locale: Locale) => {
      saveLanguage(locale);
      await switchTo(locale);
    },
    [switchTo],
  );
  const value = useMemo<LocaleContextValue>(
    () => ({ locale: state.locale, applyLanguage, chooseLocale, loadedAreas: state.areas, requireArea }),
    [state.locale, state.areas, applyLanguage, chooseLocale, requireArea],
  );

  // One formatter per catalogue: the same language applied again keeps it (see switchTo).
  const formatter = useMemo(() => createFormatter(state.locale, state.messages), [state.locale, state.messages]);

  return (
    <LocaleContext.Provider value={value}>
      <FormatterContext.Provider value={formatter}>{children}</FormatterContext.Provider>
    </LocaleContext.Provider>
  );
}

export function useLocale(): LocaleContextValue {
  return useProvided(LocaleContext, 'useLocale');
}

/**
 * Renders its children once the messages of `area` are in the catalogue,
 * `fallback` until then. Used by the routes of lazy screens.
 */
export function MessageAreaGate({
  area,
  fallback,
  children,
}: {
  area: MessageArea | readonly MessageArea[];
  fallback: ReactNode;
  children: ReactNode;
}) {
  const { loadedAreas, requireArea } = useLocale();
  const [failed, setFailed] = useState<unknown>(null);
  const areas: readonly MessageArea[] = typeof area === 'string' ? [area] : area;
  const key = areas.join(',');
  useEffect(() => {
    for (const one of key.split(',') as MessageArea[]) requireArea(one).catch(setFailed);
  }, [key, requireArea]);
  if (failed) throw failed instanceof Error ? failed : new Error('messages failed to load');
  return areas.every((one) => loadedAreas.has(one)) ? children : fallback;
}
