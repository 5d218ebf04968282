import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import type { Locale } from '@gatehouse/contract';
import en from 'virtual:messages/en';
import sk from 'virtual:messages/sk';
import cs from 'virtual:messages/cs';
import { ServerErrorProvider } from '../api';
import { I18nProvider } from '../i18n';
import { SnackbarProvider } from '../ui';

const CATALOGUES = { en, sk, cs } as const;

export function TestProviders({ children, locale = 'en' }: { children: ReactNode; locale?: Locale }) {
  return (
    <I18nProvider initial={{ locale, messages: CATALOGUES[locale] }}>
      <ServerErrorProvider>
        <SnackbarProvider>{children}</SnackbarProvider>
      </ServerErrorProvider>
    </I18nProvider>
  );
}

export function renderWithProviders(ui: ReactElement, locale: Locale = 'en') {
  return render(<TestProviders locale={locale}>{ui}</TestProviders>);
}

/** A fetch stub answering with JSON (or throwing for "no answer"). */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}
