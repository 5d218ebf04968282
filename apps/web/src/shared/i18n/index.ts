export type { MessageId, CompiledMessages } from './messages';
export { I18nProvider, MessageAreaGate, useLocale } from './i18n-provider';
export type { I18nProviderProps } from './i18n-provider';
export type { MessageArea } from './areas';
export { useT } from './use-t';
export type { MessageValues } from './use-t';
export { loadArea, loadFallbackMessages, loadMessages, FALLBACK_LOCALE } from './catalogues';
export { languageCookie, saveLanguage } from './language-cookie';
