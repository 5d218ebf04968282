import type { ReactElement, ReactNode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { Locale } from '@gatehouse/contract';
import CATALOGUES from 'virtual:messages/all';
import { A11yProvider } from '../a11y';
import { ServerErrorProvider } from '../api';
import { I18nProvider } from '../i18n';
import { SnackbarProvider } from '../ui';
import { accessibleDescriptionOf } from '../ui/test-intl';

export function TestProviders({ children, locale = 'en' }: { children: ReactNode; locale?: Locale }) {
  return (
    <I18nProvider initial={{ locale, messages: CATALOGUES[locale] }}>
      <ServerErrorProvider>
        <A11yProvider>
          <SnackbarProvider>{children}</SnackbarProvider>
        </A11yProvider>
      </ServerErrorProvider>
    </I18nProvider>
  );
}

export function renderWithProviders(ui: ReactElement, locale: Locale = 'en') {
  return render(<TestProviders locale={locale}>{ui}</TestProviders>);
}

/**
 * For `getByText`: the element that shows `text` whole, although parts of it are elements of their
 * own (an e-mail address in a sentence is an `<Address>`); not its ancestors, which show it too.
 */
export function wholeText(text: string) {
  return (_content: string, element: Element | null): boolean =>
    element?.textContent === text && ![...element.children].some((child) => child.textContent === text);
}

/** A fetch stub answering with JSON (or throwing for "no answer"). */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

/** What the page's polite or assertive live region says now (shared/a11y). */
export function announced(politeness: 'polite' | 'assertive' = 'assertive'): string {
  return document.querySelector(`[data-announcer="${politeness}"]`)?.textContent ?? '';
}

/**
 * A message is on its way to the page's live region: the region carries `data-pending` from the
 * moment `announce()` is called until the last waiting message has been said.
 */
export function announcing(politeness: 'polite' | 'assertive' = 'assertive'): boolean {
  return document.querySelector(`[data-announcer="${politeness}"]`)?.hasAttribute('data-pending') ?? false;
}

/**
 * Nothing was announced: no message is on its way to the region and it still says `text`
 * (nothing, by default). `announce()` marks the region at once, so right after the awaited step
 * an announcement it made is seen here, without waiting a time.
 */
export function expectNothingAnnounced(politeness: 'polite' | 'assertive' = 'assertive', text = ''): void {
  expect(announcing(politeness), `a message is on its way to the ${politeness} region`).toBe(false);
  expect(announced(politeness)).toBe(text);
}

/** Waits until the page's live region says `text`. */
export async function expectAnnounced(text: string, politeness: 'polite' | 'assertive' = 'assertive'): Promise<void> {
  await waitFor(() => expect(announced(politeness)).toBe(text));
}

/**
 * A failure showing `text` was reported as the focus rules say (docs/decisions/0010): focus is
 * on what shows it or is described by it (the field in error, the form's notice), or the
 * assertive live region says it.
 */
export async function expectReported(text: string): Promise<void> {
  await waitFor(() => {
    const active = document.activeElement;
    const focused =
      active && active !== document.body ? `${active.textContent ?? ''} ${accessibleDescriptionOf(active)}` : '';
    expect(
      announced('assertive') === text || focused.includes(text),
      `"${text}" is neither focused nor announced`,
    ).toBe(true);
  });
}

/**
 * The h1 of the screen now shown, the only one on the page, and where focus is
 * (docs/decisions/0010-focus-and-announcements.md): the page's first screen (`first`) leaves
 * focus where the page load put it, on the body; every later screen takes it on its heading.
 */
export async function expectScreen(title: string, { first = false }: { first?: boolean } = {}): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { level: 1, name: title });
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  if (first) expect(document.activeElement, "the page's first screen takes no focus").toBe(document.body);
  else await waitFor(() => expect(document.activeElement, `focus on the heading "${title}"`).toBe(heading));
  return heading;
}

/** A form's message `text` is on screen and reported (`expectReported`): focus is on it or on the field it describes, or it is announced. */
export async function expectAlert(text: string): Promise<void> {
  await screen.findByText(text);
  await expectReported(text);
}

/** The field labelled `label` is marked invalid and `text` is part of its accessible description. */
export function expectFieldMessage(label: string, text: string): void {
  const input = screen.getByLabelText(label);
  expect(input.getAttribute('aria-invalid')).toBe('true');
  const described = (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '');
  expect(described).toContain(text);
}
