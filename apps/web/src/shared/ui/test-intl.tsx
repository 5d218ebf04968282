// Test helper: the English source catalogue and the page's live regions, as the app uses them, for rendering kit components.
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import en from '../../locales/en.json';
import { A11yProvider } from '../a11y';

export function IntlWrapper({ children }: { children: ReactNode }) {
  return (
    <IntlProvider locale="en" defaultLocale="en" messages={en}>
      <A11yProvider>{children}</A11yProvider>
    </IntlProvider>
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
