import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { APP_PAGES, ENDPOINTS, ServerInfoAnswer, sendsSignedInVisitorOn } from '@gatehouse/contract';
import { jsonResponse, renderWithProviders } from '../shared/testing/test-utils';
import { App } from './app';
import { redirectsSignedInUser } from './routes';
import { startUp } from './start-up';
import type { StartUpData } from './start-up';
// What these routes load on first use (lazy chunks): the token-link and secure-account routes with their flows, and the English texts of
// their areas. Loaded with the test file, so a test waits for React and the stubbed calls, not for
// the first transform of these modules, which on a loaded machine took longer than findBy's wait
// (seen once during a CI run). The app still loads them lazily; each test still waits for its screen.
import './token-link-routes';
import './secure-account-route';
import 'virtual:messages/en/recovery';
import 'virtual:messages/en/secureAccount';
import 'virtual:messages/en/signInLater';

const data = (): StartUpData => ({
  user: { authenticated: false, language: 'en', id: null, email: null, firstName: null, surname: null },
  serverInfo: ServerInfoAnswer.parse({ status: 'ok', redirectAllowlist: ['https://portal.example'] }),
  serverVersion: { copyright: '© Provider' },
  deviceUsers: [],
});

function renderAt(path: string, redirectParam: string | null = null) {
  window.history.replaceState(null, '', path);
  const assign = vi.fn();
  renderWithProviders(
    <App
      startUp={Promise.resolve({ type: 'signIn', data: data() })}
      basename=""
      redirectParam={redirectParam}
      appOrigin="http://localhost"
      assign={assign}
      reload={vi.fn()}
    />,
  );
  return { assign, user: userEvent.setup() };
}

const pathOf = (input: unknown) => new URL(String(input), 'http://localhost').pathname;

function stubApi(handlers: Record<string, () => Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) => {
      const handler = handlers[pathOf(input)];
      if (!handler) throw new Error(`unexpected call ${pathOf(input)}`);
      return handler();
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('recovery routes', () => {
  it('shows the reset-password flow at /reset-password and returns to the sign-in route after the change, with the account', async () => {
    stubApi({
      '/api/token/info': () => jsonResponse({ status: 'ok', email: 'jana@example.sk' }),
      '/api/user/resetpassword': () => jsonResponse({ status: 'ok' }),
      '/api/device/userlist': () => jsonResponse({ status: 'ok', users: [] }),
    });
    const { user } = renderAt('/reset-password?token=abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Set a new password' })).toBeTruthy();
    await user.type(screen.getByLabelText('New password'), 'Secret123');
    await user.type(screen.getByLabelText('Repeat new password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await user.click(await screen.findByRole('button', { name: 'Continue to sign in' }));
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    // The login form starts with the account the link was for; the history entry no longer holds it, so a
    // reload starts as the server draws the page.
    expect(await screen.findByLabelText('Email address')).toHaveProperty('value', 'jana@example.sk');
    await waitFor(() => expect(window.history.state).toMatchObject({ email: undefined }));
    // The browser's Back returns to the link's page: it says the password was changed, not the form of a used link.
    window.history.back();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your password has been changed' })).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('secures the account at /secure-account and continues to the reset-password flow with the reset token', async () => {
    stubApi({
      '/api/user/secureaccount': () => jsonResponse({ status: 'ok', resetToken: 'fresh-reset' }),
      '/api/token/info': () => jsonResponse({ status: 'ok' }),
    });
    const { user } = renderAt('/secure-account?token=link');
    await user.click(await screen.findByRole('button', { name: 'Secure my account' }));
    await user.click(await screen.findByRole('button', { name: 'Choose a new password' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Set a new password' })).toBeTruthy();
    expect(window.location.pathname).toBe('/reset-password');
    expect(new URLSearchParams(window.location.search).get('token')).toBe('fresh-reset');
    // Back to the link's page: the account is secured, not the confirmation's button again.
    window.history.back();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account is secured' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Secure my account' })).toBeNull();
  });

  it('finishes a registration at /accept-invitation and goes to the safe redirect of the link', async () => {
    stubApi({
      '/api/token/info': () => jsonResponse({ status: 'ok' }),
      '/api/user/register': () => jsonResponse({ status: 'ok' }),
    });
    const { user, assign } = renderAt(
      '/accept-invitation?token=inv&redirect=https%3A%2F%2Fportal.example%2Fhome',
      'https://portal.example/home',
    );
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.type(screen.getByLabelText('New password'), 'Secret123');
    await user.type(screen.getByLabelText('Repeat new password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Create password' }));
    await user.click(await screen.findByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://portal.example/home'));
  });

  it('goes to the default page after a registration whose redirect leads to a foreign origin', async () => {
    stubApi({
      '/api/token/info': () => jsonResponse({ status: 'ok' }),
      '/api/user/register': () => jsonResponse({ status: 'ok' }),
    });
    const { user, assign } = renderAt('/accept-invitation?token=inv', 'https://evil.example/');
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.type(screen.getByLabelText('New password'), 'Secret123');
    await user.type(screen.getByLabelText('Repeat new password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Create password' }));
    await user.click(await screen.findByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
  });
});

describe('signed-in visitors on the recovery routes', () => {
  it('are sent on from the sign-in route only', () => {
    expect(redirectsSignedInUser('/signin/', '/signin')).toBe(true);
    expect(redirectsSignedInUser('/signin/anything', '/signin')).toBe(true);
    expect(redirectsSignedInUser('/signin/reset-password', '/signin')).toBe(false);
    expect(redirectsSignedInUser('/signin/accept-invitation/', '/signin')).toBe(false);
    expect(redirectsSignedInUser('/signin/secure-account', '/signin')).toBe(false);
    // The security page is for the signed-in user: never sent on.
    expect(redirectsSignedInUser('/signin/security', '/signin')).toBe(false);
  });

  it('are sent on from a registration link that no longer works, once it is checked, and from no other link page', () => {
    expect(sendsSignedInVisitorOn(APP_PAGES.acceptInvitation, false)).toBe(true);
    expect(sendsSignedInVisitorOn(APP_PAGES.acceptInvitation, true)).toBe(false);
    expect(sendsSignedInVisitorOn(APP_PAGES.acceptInvitation)).toBe(false);
    expect(sendsSignedInVisitorOn(APP_PAGES.resetPassword, false)).toBe(false);
    expect(sendsSignedInVisitorOn(APP_PAGES.secureAccount, false)).toBe(false);
  });

  it('stay on a recovery route after start-up', async () => {
    const replace = vi.fn();
    const answers: Record<string, unknown> = {
      '/api/user/info': {
        status: 'ok',
        guest: false,
        language: 'en',
        user: { id: 'u1', email: 'jana@example.sk', firstName: 'Jana', surname: 'N' },
      },
      '/api/server/info': { status: 'ok' },
      '/api/server/version': { copyright: '©' },
      '/api/device/userlist': { status: 'ok', users: [] },
    };
    const call = async (endpoint: { path: string }) =>
      ENDPOINTS.find((e) => e.path === endpoint.path && e.method === 'GET')?.answer.parse(answers[endpoint.path]);
    // A fake of the generic client: it answers the four start-up calls by path.
    const result = await startUp({
      call: call as never,
      redirectParam: null,
      appOrigin: 'http://localhost',
      replace,
      redirectSignedIn: false,
    });
    expect(result.type).toBe('signIn');
    expect(replace).not.toHaveBeenCalled();
  });
});
