// Test helper: the English catalogue (compiled, as the app loads it) and the page's live regions, as the app uses them, for rendering kit components.
import type { ReactNode } from 'react';
import en from 'virtual:messages/en';
import { A11yProvider } from '../a11y';
import { I18nProvider } from '../i18n';

export function IntlWrapper({ children }: { children: ReactNode }) {
  return (
    <I18nProvider initial={{ locale: 'en', messages: en }}>
      <A11yProvider>{children}</A11yProvider>
    </I18nProvider>
  );
}

/** The text of the elements an element's aria-describedby points at. */
export function accessibleDescriptionOf(element: Element): string {
  const ids = element.getAttribute('aria-describedby')?.split(/\s+/).filter(Boolean) ?? [];
  return ids
    .map((id) => element.ownerDocument.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}
