import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { expectAlert, expectScreen, jsonResponse, TestProviders } from '../../shared/testing/test-utils';
import { ResetPasswordFlow } from './token-link-flow';
import { failed, ok, renderResetFlow as renderFlow, stubApi, submitPasswords } from './token-link.test-helpers';
import type { RenderedFlow } from './token-link.test-helpers';

// What only the reset-password route does; what it shares with finish-registration is in token-link-flow.test.tsx.

const validToken = { '/api/token/info': ok };

async function fillPasswords(user: RenderedFlow['user'], m: RenderedFlow['m'], password: string, password2: string) {
  await submitPasswords({ user, m }, 'reset.submit', password, password2);
}

/** Renders the route with a live link and submits a valid password twice. */
async function renderSubmitted() {
  const flow = renderFlow();
  await expectScreen('Set a new password', { first: true });
  await fillPasswords(flow.user, flow.m, 'Secret123', 'Secret123');
  return flow;
}

/** From an expired link's page, a new link asked for and sent; the catalogue of the page's language. */
async function newLinkSent(options: Parameters<typeof renderFlow>[0]) {
  stubApi({ '/api/token/info': failed(['wrong_token']), '/api/user/forgotpassword': ok });
  const { user, m } = renderFlow(options);
  await user.click(await screen.findByRole('button', { name: m['reset.expired.newToken'] }));
  await user.type(await screen.findByLabelText(m['reset.newToken.email']), 'jana@example.sk');
  await user.click(screen.getByRole('button', { name: m['reset.newToken.submit'] }));
  await expectScreen(m['reset.newTokenSent.title']);
  return m;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('reset-password route: the link', () => {
  it('checks the token from the query and shows the set-password form; as the first screen of the page its title takes no focus', async () => {
    const api = stubApi(validToken);
    renderFlow({ search: '?token=a%2Bb' });
    await expectScreen('Set a new password', { first: true });
    // Read once with URLSearchParams: decoded once, sent as it was meant.
    expect(new URL(String(api.callsTo('/api/token/info')[0]?.[0]), 'http://localhost').searchParams.get('token')).toBe(
      'a+b',
    );
    const password = screen.getByLabelText('New password');
    expect(password.getAttribute('autocomplete')).toBe('new-password');
    expect(password.getAttribute('type')).toBe('password');
    expect(screen.getByLabelText('Repeat new password').getAttribute('autocomplete')).toBe('new-password');
    expect(
      screen.getByText('At least 8 characters, including an upper-case letter, a lower-case letter and a digit.').id,
    ).toBe(password.getAttribute('aria-describedby'));
  });

  it.each(['wrong_token', 'missing_token'])(
    'shows the expired-link page when the token check answers %s',
    async (reason) => {
      stubApi({ '/api/token/info': failed([reason]) });
      renderFlow();
      await expectScreen('This link is no longer valid', { first: true });
      expect(screen.getByText('The link to reset your password has expired or has already been used.')).toBeTruthy();
    },
  );

  it('leaves the expired-link page for the sign-in route', async () => {
    stubApi({ '/api/token/info': failed(['wrong_token']) });
    const { user, goToSignIn } = renderFlow();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(goToSignIn).toHaveBeenCalledOnce();
  });

  it('enters the server-error state when the token check gets no answer', async () => {
    stubApi({ '/api/token/info': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderFlow();
    expect(await screen.findByText('server-error state')).toBeTruthy();
  });

  it.each([
    [
      'told to wait (429)',
      () => jsonResponse({ status: 'failed', reasons: ['too_many_requests'] }, 429, { 'Retry-After': '30' }),
      'Too many attempts. Try again in 30 seconds.',
    ],
    [
      'told the service is busy (503)',
      () => jsonResponse({ status: 'failed', reasons: ['service_busy'] }, 503, { 'Retry-After': '2' }),
      'The service is busy right now. Try again in a moment.',
    ],
  ])(
    'offers the check again when it was %s, and shows the form once the link checks out',
    async (_case, refusal, told) => {
      let checks = 0;
      const api = stubApi({ '/api/token/info': () => (++checks === 1 ? refusal() : ok()) });
      const { user } = renderFlow();
      await expectScreen('We could not check the link', { first: true });
      expect(screen.getByText('Your link may still be valid.')).toBeTruthy();
      expect(await screen.findByText(told)).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Check the link again' }));
      await expectScreen('Set a new password');
      expect(api.callsTo('/api/token/info')).toHaveLength(2);
    },
  );

  it('leaves a link whose check was refused for now for the sign-in route', async () => {
    stubApi({ '/api/token/info': () => jsonResponse({ status: 'failed', reasons: ['too_many_requests'] }, 429) });
    const { user, goToSignIn } = renderFlow();
    await expectScreen('We could not check the link', { first: true });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(goToSignIn).toHaveBeenCalledOnce();
  });

  it.each([
    ['sk', 1, 'Odkaz platí 1 minútu.'],
    ['sk', 30, 'Odkaz platí 30 minút.'],
    ['cs', 3, 'Odkaz platí 3 minuty.'],
    ['en', 60, 'The link is valid for 60 minutes.'],
  ] as const)(
    'says in %s how long the new link works (%i minutes), as server info gives it',
    async (locale, minutes, validity) => {
      const m = await newLinkSent({ locale, resetLinkMinutes: minutes });
      expect(screen.getByText(`${m['reset.newTokenSent.body']} ${validity}`)).toBeTruthy();
    },
  );

  it("names no duration on the new link's page when server info gives none", async () => {
    const m = await newLinkSent({ locale: 'sk' });
    expect(screen.getByText(m['reset.newTokenSent.body']).textContent).toBe(m['reset.newTokenSent.body']);
  });

  it('checks the link once under StrictMode, which mounts the page twice in development', async () => {
    const api = stubApi(validToken);
    render(
      <TestProviders>
        <ResetPasswordFlow search="?token=abc" goToSignIn={vi.fn()} onDeviceUsers={vi.fn()} />
      </TestProviders>,
      { reactStrictMode: true },
    );
    await expectScreen('Set a new password', { first: true });
    expect(api.callsTo('/api/token/info')).toHaveLength(1);
  });

  it('shows the expired-link page without asking the server when the link has no token', async () => {
    const api = stubApi({});
    renderFlow({ search: '' });
    await expectScreen('This link is no longer valid', { first: true });
    expect(api.fetchMock).not.toHaveBeenCalled();
  });
});

describe('reset-password route: loaded again in the browser that set the password with it', () => {
  it('shows the password-changed page again, without asking anything, and leads to sign in', async () => {
    const api = stubApi({});
    const { user, goToSignIn } = renderFlow({ search: '?token=abc', tokenCheck: { token: 'abc', usedHere: true } });
    // The page's first screen: its title takes no focus.
    await expectScreen('Your password has been changed', { first: true });
    expect(api.fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Continue to sign in' }));
    expect(goToSignIn).toHaveBeenCalledOnce();
  });

  it("checks a link the server's word was not about", async () => {
    const api = stubApi(validToken);
    renderFlow({ search: '?token=abc', tokenCheck: { token: 'other', usedHere: true } });
    await expectScreen('Set a new password', { first: true });
    expect(api.callsTo('/api/token/info')).toHaveLength(1);
  });
});

describe('reset-password route: submitting', () => {
  it('sends token and both passwords, shows the password-changed page and refreshes the device user list', async () => {
    const users = [
      { userId: 'u1', email: 'jana@example.sk', firstName: 'Jana', surname: 'Nováková', loginName: 'jana' },
    ];
    const api = stubApi({
      ...validToken,
      '/api/user/resetpassword': ok,
      '/api/device/userlist': () => jsonResponse({ status: 'ok', users }),
    });
    const { user, onDeviceUsers, goToSignIn } = await renderSubmitted();
    await expectScreen('Your password has been changed');
    expect(api.bodyOf('/api/user/resetpassword')).toEqual({
      token: 'abc',
      password: 'Secret123',
      password2: 'Secret123',
    });
    await waitFor(() => expect(onDeviceUsers).toHaveBeenCalledWith(users));
    await user.click(screen.getByRole('button', { name: 'Continue to sign in' }));
    expect(goToSignIn).toHaveBeenCalledOnce();
  });

  it('still shows the password-changed page when the device user list cannot be refreshed', async () => {
    stubApi({
      ...validToken,
      '/api/user/resetpassword': ok,
      '/api/device/userlist': () => Promise.reject(new TypeError('offline')),
    });
    const { onDeviceUsers } = await renderSubmitted();
    await expectScreen('Your password has been changed');
    expect(onDeviceUsers).not.toHaveBeenCalled();
    expect(screen.queryByText('server-error state')).toBeNull();
  });

  it('shows the expired-link page when the submit answers wrong_token', async () => {
    stubApi({ ...validToken, '/api/user/resetpassword': failed(['wrong_token']) });
    await renderSubmitted();
    await expectScreen('This link is no longer valid');
  });

  it('shows the unavailable notice, not the error page, when the submit answers app_error', async () => {
    stubApi({ ...validToken, '/api/user/resetpassword': failed(['app_error']) });
    await renderSubmitted();
    await expectAlert('Create password service is temporarily unavailable.');
    expect(screen.queryByText('server-error state')).toBeNull();
  });
});
