import { createContext, useCallback, useContext, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { Locale } from '@gatehouse/contract';
import { toLocale } from '@gatehouse/contract';
import { FALLBACK_LOCALE, FALLBACK_MESSAGES, loadMessages } from './catalogues';
import type { CompiledMessages } from './messages';
import { saveLanguage } from './language-cookie';

interface LocaleContextValue {
  locale: Locale;
  /** Applies a language given by the server (any string; unknown → sk). */
  applyLanguage: (language: string | null | undefined) => Promise<void>;
  /** The user's choice: switches at once and remembers it in the language cookie. */
  chooseLocale: (locale: Locale) => Promise<void>;
}

const LocaleContext = createContext<LocaleContextValue | null>(null);

export interface I18nProviderProps {
  children: ReactNode;
  /** A catalogue already loaded (tests, or a page that loaded it before rendering). */
  initial?: { locale: Locale; messages: CompiledMessages };
}

export function I18nProvider({ children, initial }: I18nProviderProps) {
  const [state, setState] = useState<{ locale: Locale; messages: CompiledMessages }>(
    initial ?? { locale: FALLBACK_LOCALE, messages: FALLBACK_MESSAGES },
  );
  const latest = useRef<Locale>(state.locale);

  const switchTo = useCallback(async (requested: Locale) => {
    latest.current = requested;
    let locale = requested;
    let messages: CompiledMessages;
    try {
      messages = await loadMessages(requested);
    } catch {
      // A catalogue that cannot load leaves the page in the fallback language, still usable.
      locale = FALLBACK_LOCALE;
      messages = FALLBACK_MESSAGES;
    }
    // A newer choice made while this catalogue was loading wins.
    if (latest.current !== requested) return;
    document.documentElement.lang = locale;
    setState({ locale, messages });
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
    () => ({ locale: state.locale, applyLanguage, chooseLocale }),
    [state.locale, applyLanguage, chooseLocale],
  );

  return (
    <LocaleContext.Provider value={value}>
      <IntlProvider locale={state.locale} defaultLocale="en" messages={state.messages}>
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}

export function useLocale(): LocaleContextValue {
  const value = useContext(LocaleContext);
  if (!value) throw new Error('useLocale needs an I18nProvider');
  return value;
}
