import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiFailure } from '../shared/api';
import { renderWithProviders } from '../shared/testing/test-utils';
import { App } from './app';
import type { StartUpData, StartUpResult } from './start-up';

const data = (language: string, siteKey: string | null = null): StartUpData => ({
  user: { authenticated: false, language, id: null, email: null, firstName: null, surname: null },
  serverInfo: {
    status: 'ok',
    reCaptcha: { siteKey, scriptUri: null, privacyPolicyUrl: null, termsUrl: null },
    contactUrl: null,
    redirectAllowlist: [],
    botCheck: { kind: 'none' },
    resetLinkMinutes: 60,
  },
  serverVersion: { copyright: '© 2025 Provider' },
  deviceUsers: [],
});

function renderApp(result: StartUpResult) {
  const reload = vi.fn();
  const assign = vi.fn();
  window.history.replaceState(null, '', '/');
  renderWithProviders(
    <App
      startUp={Promise.resolve(result)}
      basename=""
      redirectParam={null}
      appOrigin="http://localhost"
      assign={assign}
      reload={reload}
    />,
    'sk',
  );
  return { reload, assign };
}

describe('app', () => {
  it('shows an accessible loading state, then the sign-in form in the user language', async () => {
    renderApp({ type: 'signIn', data: data('en') });
    expect(screen.getByRole('progressbar', { name: 'Načítava sa…' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByRole('contentinfo').textContent).toContain('© 2025 Provider');
    expect(screen.getByRole('main')).toBeTruthy();
  });

  it('falls back to Slovak for an unknown language', async () => {
    renderApp({ type: 'signIn', data: data('de') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Prihlásenie' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('sk');
  });

  it('switches the language at once and remembers it in the gh_lang cookie', async () => {
    renderApp({ type: 'signIn', data: data('sk') });
    await screen.findByRole('heading', { level: 1, name: 'Prihlásenie' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Jazyk' }), 'cs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Přihlášení' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('cs');
    expect(document.cookie).toContain('gh_lang=cs');
  });

  it('shows the language chosen at once while its texts load, so a second arrow key goes on from it', async () => {
    renderApp({ type: 'signIn', data: data('sk') });
    await screen.findByRole('heading', { level: 1, name: 'Prihlásenie' });
    const list = screen.getByRole('combobox', { name: 'Jazyk' }) as HTMLSelectElement;
    // What an arrow key on the closed list does: the next option is chosen.
    const arrowDown = () =>
      act(() => fireEvent.change(list, { target: { value: list.options.item(list.selectedIndex + 1)?.value } }));
    arrowDown();
    expect(list.value).toBe('en');
    expect(document.documentElement.lang).toBe('sk');
    arrowDown();
    expect(list.value).toBe('cs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Přihlášení' })).toBeTruthy();
    expect(list.value).toBe('cs');
    expect(document.documentElement.lang).toBe('cs');
  });

  it('shows the bot-check notice only when the server gives a site key', async () => {
    renderApp({ type: 'signIn', data: data('en', 'site-key') });
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      'https://policies.google.com/privacy',
    );
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toBeTruthy();
  });

  it('shows no bot-check notice while the bot check is off', async () => {
    renderApp({ type: 'signIn', data: data('en') });
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(screen.queryByRole('link', { name: 'Privacy Policy' })).toBeNull();
  });

  it('shows the internal error page with Reload when start-up fails', async () => {
    const { reload } = renderApp({ type: 'failed', error: new ApiFailure('http', 'userInfo', 500), language: null });
    expect(
      await screen.findByText(
        'Pri spracovaní vašej požiadavky nastala chyba. Skúste znova načítať stránku a zopakovať požiadavku.',
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Znova načítať' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('shows the internal error page in the language user info gave when another start-up call failed', async () => {
    renderApp({ type: 'failed', error: new ApiFailure('http', 'serverVersion', 500), language: 'en' });
    expect(
      await screen.findByText(
        'An error has occured while processing your request. Try to reload page and repeat request.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });
});
