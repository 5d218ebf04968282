import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { ServerInfoAnswer } from '@gatehouse/contract';
import { jsonResponse, renderWithProviders } from '../shared/testing/test-utils';
import { App } from './app';
import type { StartUpData } from './start-up';
// The page's lazy chunk and texts, loaded with the test file (see recovery-routes.test.tsx).
import '../flows/account-security';
import 'virtual:messages/en/security';

const signedIn = (): StartUpData => ({
  user: { authenticated: true, language: 'en', id: 'u1', email: 'jana@example.sk', firstName: 'Jana', surname: 'N' },
  serverInfo: ServerInfoAnswer.parse({ status: 'ok' }),
  serverVersion: { copyright: '© Provider' },
  deviceUsers: [],
});

afterEach(() => vi.unstubAllGlobals());

describe('the security route', () => {
  it('shows the security page to a signed-in visitor, with the way back to the default page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ status: 'ok', passkeys: [], devices: [], sessions: [], signIns: [], reauthRequired: true }),
      ),
    );
    window.history.replaceState(null, '', '/security');
    renderWithProviders(
      <App
        startUp={Promise.resolve({ type: 'signIn', data: signedIn() })}
        basename=""
        redirectParam={null}
        appOrigin="http://localhost"
        assign={vi.fn()}
        reload={vi.fn()}
      />,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign-in and security' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Passkeys' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your account' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('Sign-in and security – Sign in');
  });
});
