import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../shared/chunks';
import { renderWithProviders } from '../shared/testing/test-utils';
import { App } from './app';
import type { StartUpData } from './start-up';

// The sign-in's later screens (forgot password among them) never arrive: a link that stalls.
vi.mock('../flows/sign-in/screens/later-screens', () => new Promise(() => {}));

const data: StartUpData = {
  user: { authenticated: false, language: 'en', id: null, email: null, firstName: null, surname: null },
  serverInfo: {
    status: 'ok',
    reCaptcha: { siteKey: null, scriptUri: null, privacyPolicyUrl: null, termsUrl: null },
    contactUrl: null,
    redirectAllowlist: [],
    botCheck: { kind: 'none' },
    resetLinkMinutes: 60,
  },
  serverVersion: { copyright: '© 2026 Provider' },
  deviceUsers: [],
};

afterEach(() => {
  vi.useRealTimers();
});

describe('a script chunk that does not arrive', () => {
  it('keeps the loading state until the chunk time-out, then shows the internal error page with its reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    window.history.replaceState(null, '', '/');
    renderWithProviders(
      <App
        startUp={Promise.resolve({ type: 'signIn', data })}
        basename=""
        redirectParam={null}
        appOrigin="http://localhost"
        assign={vi.fn()}
        reload={vi.fn()}
      />,
      'en',
    );
    // "Forgot password?" opens a later screen: it is waited for, not given up on early.
    (await screen.findByRole('button', { name: 'Forgot password?' })).click();
    await act(() => vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1_000));
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
    expect(screen.getByRole('progressbar')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    // Its Reload fetches the page anew (a browser does not fetch a failed chunk again without one).
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });
});
