import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectAnnounced, jsonResponse, renderWithProviders, wholeText } from '../shared/testing/test-utils';
import { LegacyPage } from './legacy-page';

const signedIn = {
  status: 'ok',
  guest: false,
  language: 'en',
  user: { id: 'u1', email: 'jana@example.sk', firstName: 'Jana', surname: 'Nováková' },
};

function stubServer(info: unknown) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/user/info') return jsonResponse(info);
    if (path === '/api/server/version') return jsonResponse({ copyright: '© 2026 Gatehouse' });
    if (path === '/api/user/logout' && init?.method === 'POST') return jsonResponse({ status: 'ok' });
    return jsonResponse({}, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const callsTo = (fetch: ReturnType<typeof stubServer>, path: string) =>
  fetch.mock.calls.filter(([input]) => new URL(String(input), 'http://localhost').pathname === path).length;

afterEach(() => vi.unstubAllGlobals());

describe('the default (legacy) page', () => {
  it('shows who is signed in, having asked the server once', async () => {
    const fetch = stubServer(signedIn);
    // The real navigation defaults: they must not make the page load again on every render.
    renderWithProviders(<LegacyPage />);
    expect(await screen.findByText(wholeText('Signed in as Jana Nováková (jana@example.sk)'))).toBeTruthy();
    // The address in parts that end at "@" and dots: a line may break only there (shared/ui/address.tsx).
    expect(['jana@', 'example.', 'sk'].map((part) => screen.getByText(part).textContent)).toEqual([
      'jana@',
      'example.',
      'sk',
    ]);
    expect(await screen.findByText('© 2026 Gatehouse')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(fetch, '/api/user/info')).toBe(1);
    expect(callsTo(fetch, '/api/server/version')).toBe(1);
  });

  it('names an account created without names by its address alone, in every language', async () => {
    const unnamed = { ...signedIn, user: { ...signedIn.user, firstName: '', surname: '' } };
    for (const [lang, shown] of [
      ['en', 'Signed in as jana@example.sk'],
      ['sk', 'Prihlásený používateľ: jana@example.sk'],
      ['cs', 'Přihlášený uživatel: jana@example.sk'],
    ] as const) {
      stubServer({ ...unnamed, language: lang });
      const { unmount } = renderWithProviders(<LegacyPage replace={vi.fn()} assign={vi.fn()} />, lang);
      // The whole sentence: no name, and the address not twice.
      expect(await screen.findByText(wholeText(shown))).toBeTruthy();
      unmount();
    }
  });

  it('shows a first name alone when the surname is missing', async () => {
    stubServer({ ...signedIn, user: { ...signedIn.user, surname: '' } });
    renderWithProviders(<LegacyPage replace={vi.fn()} assign={vi.fn()} />);
    expect(await screen.findByText(wholeText('Signed in as Jana (jana@example.sk)'))).toBeTruthy();
  });

  it('links to the Sign-in and security page, in Slovak as well', async () => {
    stubServer({ ...signedIn, language: 'sk' });
    renderWithProviders(<LegacyPage replace={vi.fn()} assign={vi.fn()} />, 'sk');
    expect((await screen.findByRole('link', { name: 'Prihlásenie a zabezpečenie' })).getAttribute('href')).toBe(
      '/signin/security',
    );
  });

  it('sends a guest to sign in with the way back to this page', async () => {
    stubServer({ status: 'ok', guest: true, language: 'sk', user: null });
    const replace = vi.fn();
    renderWithProviders(<LegacyPage replace={replace} assign={vi.fn()} />);
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/signin/?redirect=%2F'));
  });

  it('signs out and goes to sign in', async () => {
    const fetch = stubServer(signedIn);
    const assign = vi.fn();
    renderWithProviders(<LegacyPage replace={vi.fn()} assign={assign} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/signin/'));
    expect(callsTo(fetch, '/api/user/logout')).toBe(1);
  });

  it('says signing out failed, in its own words, when the server does not answer; the page stays', async () => {
    const fetch = stubServer(signedIn);
    const assign = vi.fn();
    renderWithProviders(<LegacyPage replace={vi.fn()} assign={assign} />);
    const signOut = await screen.findByRole('button', { name: 'Sign out' });
    fetch.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    await userEvent.click(signOut);
    expect(await screen.findByText('Signing out has failed. Try again.')).toBeTruthy();
    // The button keeps focus: the failure is announced, once per try.
    await expectAnnounced('Signing out has failed. Try again.');
    expect(document.activeElement).toBe(signOut);
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });
});
