import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Locale } from '@gatehouse/contract';
import en from '../../locales/en.json';
import sk from '../../locales/sk.json';
import cs from '../../locales/cs.json';
import { useServerError } from '../../shared/api';
import { expectAlert, expectFieldMessage, expectScreen, jsonResponse, renderWithProviders } from '../../shared/testing/test-utils';
import { ResetPasswordFlow } from './token-link-flow';

const CATALOGUES = { en, sk, cs } as const;
const LOCALES: Locale[] = ['en', 'sk', 'cs'];
type Handler = (init: RequestInit | undefined, url: URL) => Response | Promise<Response>;

/** Answers each API path with its handler; records the calls. */
function stubApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = handlers[url.pathname];
    if (!handler) throw new Error(`unexpected call ${url.pathname}`);
    return handler(init, url);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    callsTo: (path: string) => fetchMock.mock.calls.filter(([input]) => new URL(String(input), 'http://localhost').pathname === path),
    bodyOf: (path: string, index = 0) => {
      const call = fetchMock.mock.calls.filter(([input]) => new URL(String(input), 'http://localhost').pathname === path)[index];
      return JSON.parse(String(call?.[1]?.body)) as unknown;
    },
  };
}

const ok = () => jsonResponse({ status: 'ok' });
const failed = (reasons: string[], detail?: string) => () => jsonResponse({ status: 'failed', reasons, ...(detail ? { detail } : {}) });
const validToken = { '/api/token/info': ok };

function ServerErrorProbe() {
  return useServerError().failed ? <p>server-error state</p> : null;
}

function renderFlow({ search = '?token=abc', locale = 'en' as Locale } = {}) {
  const goToSignIn = vi.fn();
  const onDeviceUsers = vi.fn();
  renderWithProviders(
    <>
      <ResetPasswordFlow search={search} goToSignIn={goToSignIn} onDeviceUsers={onDeviceUsers} />
      <ServerErrorProbe />
    </>,
    locale,
  );
  return { goToSignIn, onDeviceUsers, user: userEvent.setup(), m: CATALOGUES[locale] };
}

async function fillPasswords(user: ReturnType<typeof userEvent.setup>, m: (typeof CATALOGUES)[Locale], password: string, password2: string) {
  if (password) await user.type(screen.getByLabelText(m['setPassword.password']), password);
  if (password2) await user.type(screen.getByLabelText(m['setPassword.password2']), password2);
  await user.click(screen.getByRole('button', { name: m['reset.submit'] }));
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
    expect(new URL(String(api.callsTo('/api/token/info')[0]?.[0]), 'http://localhost').searchParams.get('token')).toBe('a+b');
    const password = screen.getByLabelText('New password');
    expect(password.getAttribute('autocomplete')).toBe('new-password');
    expect(password.getAttribute('type')).toBe('password');
    expect(screen.getByLabelText('Repeat new password').getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByText('At least 8 characters, including an upper-case letter, a lower-case letter and a digit.').id).toBe(
      password.getAttribute('aria-describedby'),
    );
  });

  it.each(['wrong_token', 'missing_token'])('shows the expired-link page when the token check answers %s', async (reason) => {
    stubApi({ '/api/token/info': failed([reason]) });
    renderFlow();
    await expectScreen('This link is no longer valid', { first: true });
    expect(screen.getByText('The link to reset your password has expired or has already been used.')).toBeTruthy();
  });

  it('shows the expired-link page without asking the server when the link has no token', async () => {
    const api = stubApi({});
    renderFlow({ search: '' });
    await expectScreen('This link is no longer valid', { first: true });
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

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
});

describe.each(LOCALES)('reset-password route: set-password validation in %s', (locale) => {
  it('asks for a strong password and its confirmation on an empty submit, without calling the server', async () => {
    const api = stubApi(validToken);
    const { user, m } = renderFlow({ locale });
    await expectScreen(m['reset.title'], { first: true });
    await fillPasswords(user, m, '', '');
    await waitFor(() => expectFieldMessage(m['setPassword.password'], m['validation.weakPassword']));
    expectFieldMessage(m['setPassword.password2'], m['validation.confirmNewPassword']);
    expect(document.activeElement).toBe(screen.getByLabelText(m['setPassword.password']));
    expect(api.callsTo('/api/user/resetpassword')).toHaveLength(0);
  });

  it('shows the rule text for a weak password once the field is left, and the mismatch on the confirmation', async () => {
    stubApi(validToken);
    const { user, m } = renderFlow({ locale });
    await expectScreen(m['reset.title'], { first: true });
    await user.type(screen.getByLabelText(m['setPassword.password']), 'secret');
    expect(screen.queryByText(m['validation.weakPassword'])).toBeNull();
    await user.tab();
    await user.tab();
    await waitFor(() => expectFieldMessage(m['setPassword.password'], m['validation.weakPassword']));
    await user.type(screen.getByLabelText(m['setPassword.password2']), 'other');
    await user.tab();
    await waitFor(() => expectFieldMessage(m['setPassword.password2'], m['validation.passwordsDoNotMatch']));
  });

  it.each([
    [['weak_password'], undefined, 'setPassword.password', 'validation.weakPassword'],
    [['weak_password'], 'common_password', 'setPassword.password', 'validation.commonPassword'],
    [['password_required'], undefined, 'setPassword.password', 'validation.weakPassword'],
    [['password_verification_required'], undefined, 'setPassword.password2', 'validation.confirmNewPassword'],
    [['passwords_do_not_match'], undefined, 'setPassword.password2', 'validation.passwordsDoNotMatch'],
  ] as const)('puts the server reason %s (detail %s) on its field', async (reasons, detail, field, message) => {
    stubApi({ ...validToken, '/api/user/resetpassword': failed([...reasons], detail) });
    const { user, m } = renderFlow({ locale });
    await expectScreen(m['reset.title'], { first: true });
    await fillPasswords(user, m, 'Password1', 'Password1');
    await waitFor(() => expectFieldMessage(m[field], m[message]));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(m[field])));
  });

  it('shows the unavailable notice when the submit gets no answer', async () => {
    stubApi({ ...validToken, '/api/user/resetpassword': () => Promise.reject(new TypeError('Failed to fetch')) });
    const { user, m } = renderFlow({ locale });
    await expectScreen(m['reset.title'], { first: true });
    await fillPasswords(user, m, 'Secret123', 'Secret123');
    await expectAlert(m['setPassword.serviceUnavailable']);
  });
});

describe('reset-password route: submitting', () => {
  it('sends token and both passwords, shows the password-changed page and refreshes the device user list', async () => {
    const users = [{ userId: 'u1', email: 'jana@example.sk', firstName: 'Jana', surname: 'Nováková', loginName: 'jana' }];
    const api = stubApi({ ...validToken, '/api/user/resetpassword': ok, '/api/device/userlist': () => jsonResponse({ status: 'ok', users }) });
    const { user, m, onDeviceUsers, goToSignIn } = renderFlow();
    await expectScreen('Set a new password', { first: true });
    await fillPasswords(user, m, 'Secret123', 'Secret123');
    await expectScreen('Your password has been changed');
    expect(api.bodyOf('/api/user/resetpassword')).toEqual({ token: 'abc', password: 'Secret123', password2: 'Secret123' });
    await waitFor(() => expect(onDeviceUsers).toHaveBeenCalledWith(users));
    await user.click(screen.getByRole('button', { name: 'Continue to sign in' }));
    expect(goToSignIn).toHaveBeenCalledOnce();
  });

  it('still shows the password-changed page when the device user list cannot be refreshed', async () => {
    stubApi({ ...validToken, '/api/user/resetpassword': ok, '/api/device/userlist': () => Promise.reject(new TypeError('offline')) });
    const { user, m, onDeviceUsers } = renderFlow();
    await expectScreen('Set a new password', { first: true });
    await fillPasswords(user, m, 'Secret123', 'Secret123');
    await expectScreen('Your password has been changed');
    expect(onDeviceUsers).not.toHaveBeenCalled();
    expect(screen.queryByText('server-error state')).toBeNull();
  });

  it('shows the expired-link page when the submit answers wrong_token', async () => {
    stubApi({ ...validToken, '/api/user/resetpassword': failed(['wrong_token']) });
    const { user, m } = renderFlow();
    await expectScreen('Set a new password', { first: true });
    await fillPasswords(user, m, 'Secret123', 'Secret123');
    await expectScreen('This link is no longer valid');
  });

  it('shows the unavailable notice, not the error page, when the submit answers app_error', async () => {
    stubApi({ ...validToken, '/api/user/resetpassword': failed(['app_error']) });
    const { user, m } = renderFlow();
    await expectScreen('Set a new password', { first: true });
    await fillPasswords(user, m, 'Secret123', 'Secret123');
    await expectAlert('Create password service is temporarily unavailable.');
    expect(screen.queryByText('server-error state')).toBeNull();
  });
});

describe.each(LOCALES)('reset-password route: requesting a new link in %s', (locale) => {
  async function openRequestForm() {
    const flow = renderFlow({ locale });
    await flow.user.click(await screen.findByRole('button', { name: flow.m['reset.expired.newToken'] }));
    await expectScreen(flow.m['reset.newToken.title']);
    return flow;
  }

  it('asks for the e-mail address when it is empty and for a valid one when it is malformed', async () => {
    const api = stubApi({ '/api/token/info': failed(['wrong_token']) });
    const { user, m } = await openRequestForm();
    await user.click(screen.getByRole('button', { name: m['reset.newToken.submit'] }));
    await waitFor(() => expectFieldMessage(m['reset.newToken.email'], m['validation.enterEmail']));
    await user.type(screen.getByLabelText(m['reset.newToken.email']), 'jana@');
    await waitFor(() => expectFieldMessage(m['reset.newToken.email'], m['validation.enterValidEmail']));
    expect(api.callsTo('/api/user/forgotpassword')).toHaveLength(0);
  });

  it('shows the email_required reason of the server on the e-mail field', async () => {
    stubApi({ '/api/token/info': failed(['wrong_token']), '/api/user/forgotpassword': failed(['email_required']) });
    const { user, m } = await openRequestForm();
    await user.type(screen.getByLabelText(m['reset.newToken.email']), 'jana@example.sk');
    await user.click(screen.getByRole('button', { name: m['reset.newToken.submit'] }));
    await waitFor(() => expectFieldMessage(m['reset.newToken.email'], m['validation.enterEmail']));
  });

  it('sends the e-mail and confirms the generated link', async () => {
    const api = stubApi({ '/api/token/info': failed(['wrong_token']), '/api/user/forgotpassword': ok });
    const { user, m } = await openRequestForm();
    await user.type(screen.getByLabelText(m['reset.newToken.email']), ' jana@example.sk ');
    await user.click(screen.getByRole('button', { name: m['reset.newToken.submit'] }));
    await expectScreen(m['reset.newTokenSent.title']);
    expect(screen.getByText(m['reset.newTokenSent.body'])).toBeTruthy();
    expect(api.bodyOf('/api/user/forgotpassword')).toEqual({ email: 'jana@example.sk' });
  });

  it('shows its notice and clears the e-mail when the request gets no answer', async () => {
    stubApi({ '/api/token/info': failed(['wrong_token']), '/api/user/forgotpassword': () => Promise.reject(new TypeError('offline')) });
    const { user, m } = await openRequestForm();
    const email = screen.getByLabelText<HTMLInputElement>(m['reset.newToken.email']);
    await user.type(email, 'jana@example.sk');
    await user.click(screen.getByRole('button', { name: m['reset.newToken.submit'] }));
    await expectAlert(m['recovery.newToken.serverError']);
    await waitFor(() => expect(email.value).toBe(''));
  });
});
