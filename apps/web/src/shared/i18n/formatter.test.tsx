import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { parse } from '@formatjs/icu-messageformat-parser';
import all from 'virtual:messages/all';
import type { Locale } from '@gatehouse/contract';
import { createFormatter, useFormatter } from './formatter';
import type { Formatter } from './formatter';
import { I18nProvider, useLocale } from './i18n-provider';
import { Message } from './message';
import type { MessageId } from './messages';
import { useT } from './use-t';

const formatterFor = (locale: Locale) => createFormatter(locale, all[locale]);
const link = (chunks: ReactNode[]) => <a href="/help">{chunks}</a>;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('messages', () => {
  it.each([
    ['sk', ['Odkaz platí 1 minútu.', 'Odkaz platí 2 minúty.', 'Odkaz platí 5 minút.', 'Odkaz platí 1,5 minúty.']],
    ['cs', ['Odkaz platí 1 minutu.', 'Odkaz platí 2 minuty.', 'Odkaz platí 5 minut.', 'Odkaz platí 1,5 minuty.']],
    [
      'en',
      [
        'The link is valid for 1 minute.',
        'The link is valid for 2 minutes.',
        'The link is valid for 5 minutes.',
        'The link is valid for 1.5 minutes.',
      ],
    ],
  ] as const)('chooses the plural form of the language (%s)', (locale, expected) => {
    const { format } = formatterFor(locale);
    expect([1, 2, 5, 1.5].map((minutes) => format('signIn.resetSent.validity', { minutes }))).toEqual(expected);
  });

  it('gives plain texts and fills in values', () => {
    expect(formatterFor('sk').format('app.title')).toBe('Prihlásenie');
    expect(formatterFor('en').format('signIn.disabled.body', { email: 'ann@example.com' })).toContain(
      'ann@example.com',
    );
  });

  it('chooses the branch of a select', () => {
    const { format } = createFormatter('en', { who: parse('{who, select, me {You} other {Someone else}} signed in.') });
    expect(format('who' as MessageId, { who: 'me' })).toBe('You signed in.');
    expect(format('who' as MessageId, { who: 'admin' })).toBe('Someone else signed in.');
  });

  it('gives the id of a missing message, and says so in development', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(formatterFor('en').format('no.such.message' as MessageId)).toBe('no.such.message');
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]?.[0])).toContain('no.such.message');
  });

  it('gives the id, not an exception, when the values do not fit the message', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(formatterFor('sk').format('signIn.resetSent.validity')).toBe('signIn.resetSent.validity');
    expect(error).toHaveBeenCalledTimes(1);
  });

  it('gives the id, and says so, when a value is not text (a date in a plain argument)', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(formatterFor('en').format('signIn.disabled.body', { email: new Date(0) })).toBe('signIn.disabled.body');
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]?.[0])).toContain('signIn.disabled.body');
  });
});

describe('rich text', () => {
  // React warns about a missing key once per component: every test here checks that none is missing.
  it("renders a tag with its function, around the tag's text", () => {
    const error = vi.spyOn(console, 'error');
    render(
      <I18nProvider initial={{ locale: 'en', messages: all.en }}>
        <p data-testid="text">
          <Message id="signIn.blocked.contact" values={{ contact: link }} />
        </p>
      </I18nProvider>,
    );
    expect(screen.getByRole('link', { name: 'contact us' }).getAttribute('href')).toBe('/help');
    expect(screen.getByTestId('text').textContent).toBe('If you need help, contact us.');
    expect(error).not.toHaveBeenCalled();
  });

  it("renders every tag of a message in the page's language, without React's key warnings", () => {
    const error = vi.spyOn(console, 'error');
    const to = (href: string) => (chunks: ReactNode[]) => <a href={href}>{chunks}</a>;
    render(
      <I18nProvider initial={{ locale: 'sk', messages: all.sk }}>
        <Message id="app.botCheck.notice" values={{ privacy: to('/privacy'), terms: to('/terms') }} />
      </I18nProvider>,
    );
    expect(screen.getByRole('link', { name: 'Zásady ochrany osobných údajov' }).getAttribute('href')).toBe('/privacy');
    expect(screen.getByRole('link', { name: 'Zmluvné podmienky' }).getAttribute('href')).toBe('/terms');
    expect(error).not.toHaveBeenCalled();
  });

  it('passes a nested tag to the outer one as a chunk, without key warnings', () => {
    const error = vi.spyOn(console, 'error');
    const formatter = createFormatter('en', { nested: parse('Read <a>the <b>whole</b> text</a>.') });
    render(
      <p data-testid="text">
        {formatter.formatRich('nested' as MessageId, { a: link, b: (chunks) => <b>{chunks}</b> })}
      </p>,
    );
    expect(screen.getByRole('link', { name: 'the whole text' }).querySelector('b')?.textContent).toBe('whole');
    expect(screen.getByTestId('text').textContent).toBe('Read the whole text.');
    expect(error).not.toHaveBeenCalled();
  });
});

describe('dates', () => {
  // Noon UTC: the same day in every time zone a test machine runs in.
  const march5 = Date.UTC(2025, 2, 5, 12);

  it.each([
    ['en', 'Mar 5, 2025'],
    ['sk', '5. 3. 2025'],
    ['cs', '5. 3. 2025'],
  ] as const)('formats a date in the language (%s)', (locale, expected) => {
    expect(formatterFor(locale).formatDate(march5, { dateStyle: 'medium' })).toBe(expected);
  });

  it('formats with the options given', () => {
    const options = { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' } as const;
    expect(formatterFor('en').formatDate(march5, options)).toBe('Mar 5, 2025, 12:00 PM');
    expect(formatterFor('sk').formatDate(march5, options)).toBe('5. 3. 2025, 12:00');
  });
});

describe('the formatter of a catalogue', () => {
  it('stays the same across renders while the catalogue does, and changes with the language', async () => {
    const seen: { t: ReturnType<typeof useT>; formatter: Formatter }[] = [];
    let apply: (language: string) => Promise<void> = async () => undefined;
    function Title({ rerender }: { rerender: number }) {
      const t = useT();
      const formatter = useFormatter();
      apply = useLocale().applyLanguage;
      seen.push({ t, formatter });
      return (
        <h1>
          {t('app.title')} {rerender}
        </h1>
      );
    }
    const tree = (rerender: number) => (
      <I18nProvider initial={{ locale: 'sk', messages: all.sk }}>
        <Title rerender={rerender} />
      </I18nProvider>
    );
    const { rerender } = render(tree(1));
    rerender(tree(2));
    await act(() => apply('sk'));
    expect(screen.getByRole('heading').textContent).toBe('Prihlásenie 2');
    expect(new Set(seen.map((one) => one.t)).size).toBe(1);
    expect(new Set(seen.map((one) => one.formatter)).size).toBe(1);

    await act(() => apply('cs'));
    expect(screen.getByRole('heading').textContent).toBe('Přihlášení 2');
    const last = seen.at(-1);
    expect(last?.t).not.toBe(seen[0]?.t);
    expect(last?.formatter.locale).toBe('cs');
  });
});
