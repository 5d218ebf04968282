import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Locale } from '@gatehouse/contract';
import en from '../../locales/en.json';
import sk from '../../locales/sk.json';
import cs from '../../locales/cs.json';
import { useServerError } from '../../shared/api';
import { expectAlert, expectFieldMessage, expectScreen, jsonResponse, renderWithProviders } from '../../shared/testing/test-utils';
import { removeWebAuthn, stubWebAuthn } from '../../shared/passkeys/webauthn-test-kit';
import { FinishRegistrationFlow } from './token-link-flow';

const CATALOGUES = { en, sk, cs } as const;
const LOCALES: Locale[] = ['en', 'sk', 'cs'];
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36';
type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

const pathOf = (input: unknown) => new URL(String(input), 'http://localhost').pathname;

function stubApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const handler = handlers[pathOf(input)];
    if (!handler) throw new Error(`unexpected call ${pathOf(input)}`);
    return handler(init);
  });
  vi.stubGlobal('fetch', fetchMock);
  const callsTo = (path: string) => fetchMock.mock.calls.filter(([input]) => pathOf(input) === path);
  return { fetchMock, callsTo, bodyOf: (path: string) => JSON.parse(String(callsTo(path)[0]?.[1]?.body)) as unknown };
}

const ok = () => jsonResponse({ status: 'ok' });
const failed = (reasons: string[], detail?: string) => () => jsonResponse({ status: 'failed', reasons, ...(detail ? { detail } : {}) });

function ServerErrorProbe() {
  return useServerError().failed ? <p>server-error state</p> : null;
}

function renderFlow({ search = '?token=inv&redirect=%2Frecords', locale = 'en' as Locale } = {}) {
  const goToSignIn = vi.fn();
  const redirect = vi.fn();
  renderWithProviders(
    <>
      <FinishRegistrationFlow search={search} goToSignIn={goToSignIn} redirect={redirect} userAgent={ANDROID_CHROME} />
      <ServerErrorProbe />
    </>,
    locale,
  );
  return { goToSignIn, redirect, user: userEvent.setup(), m: CATALOGUES[locale] };
}

type Flow = ReturnType<typeof renderFlow>;

/** Welcome page → continue → the create-password form. */
async function toCreatePassword({ user, m }: Flow) {
  await expectScreen(m['registration.welcome.title'], { first: true });
  await user.click(screen.getByRole('button', { name: m['registration.welcome.continue'] }));
  await expectScreen(m['registration.setPassword.title']);
}

async function submitPasswords({ user, m }: Flow, password: string, password2: string) {
  if (password) await user.type(screen.getByLabelText(m['setPassword.password']), password);
  if (password2) await user.type(screen.getByLabelText(m['setPassword.password2']), password2);
  await user.click(screen.getByRole('button', { name: m['registration.setPassword.submit'] }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  removeWebAuthn();
});

describe('finish-registration route: the link', () => {
  it('shows the welcome page with a single continue button when the token is valid', async () => {
    const api = stubApi({ '/api/token/info': ok });
    renderFlow();
    await expectScreen('Welcome', { first: true });
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(new URL(String(api.callsTo('/api/token/info')[0]?.[0]), 'http://localhost').searchParams.get('token')).toBe('inv');
  });

  it.each(['wrong_token', 'missing_token'])('shows the expired registration link page when the token check answers %s', async (reason) => {
    stubApi({ '/api/token/info': failed([reason]) });
    const { user, goToSignIn } = renderFlow();
    await expectScreen('This link is no longer valid', { first: true });
    expect(screen.getByText('The registration link has expired or has already been used.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(goToSignIn).toHaveBeenCalledOnce();
  });

  it('requests a fresh invitation through forgot password and confirms it', async () => {
    const api = stubApi({ '/api/token/info': failed(['wrong_token']), '/api/user/forgotpassword': ok });
    const { user } = renderFlow();
    await user.click(await screen.findByRole('button', { name: 'Generate new link' }));
    await expectScreen('Request a new link');
    await user.type(screen.getByLabelText('Email address'), 'jana@example.sk');
    await user.click(screen.getByRole('button', { name: 'Send new link' }));
    await expectScreen('Check your email');
    expect(api.bodyOf('/api/user/forgotpassword')).toEqual({ email: 'jana@example.sk' });
  });
});

describe.each(LOCALES)('finish-registration route: create-password validation in %s', (locale) => {
  it('asks for a strong password and its confirmation on an empty submit', async () => {
    const api = stubApi({ '/api/token/info': ok });
    const flow = renderFlow({ locale });
    await toCreatePassword(flow);
    await submitPasswords(flow, '', '');
    await waitFor(() => expectFieldMessage(flow.m['setPassword.password'], flow.m['validation.weakPassword']));
    expectFieldMessage(flow.m['setPassword.password2'], flow.m['validation.confirmNewPassword']);
    expect(api.callsTo('/api/user/register')).toHaveLength(0);
  });

  it('says the passwords do not match before calling the server', async () => {
    const api = stubApi({ '/api/token/info': ok });
    const flow = renderFlow({ locale });
    await toCreatePassword(flow);
    await submitPasswords(flow, 'Secret123', 'Secret124');
    await waitFor(() => expectFieldMessage(flow.m['setPassword.password2'], flow.m['validation.passwordsDoNotMatch']));
    expect(api.callsTo('/api/user/register')).toHaveLength(0);
  });

  it.each([
    [['weak_password'], undefined, 'setPassword.password', 'validation.weakPassword'],
    [['weak_password'], 'common_password', 'setPassword.password', 'validation.commonPassword'],
    [['password_required'], undefined, 'setPassword.password', 'validation.weakPassword'],
    [['password_verification_required'], undefined, 'setPassword.password2', 'validation.confirmNewPassword'],
    [['passwords_do_not_match'], undefined, 'setPassword.password2', 'validation.passwordsDoNotMatch'],
  ] as const)('puts the server reason %s (detail %s) on its field', async (reasons, detail, field, message) => {
    stubApi({ '/api/token/info': ok, '/api/user/register': failed([...reasons], detail) });
    const flow = renderFlow({ locale });
    await toCreatePassword(flow);
    await submitPasswords(flow, 'Password1', 'Password1');
    await waitFor(() => expectFieldMessage(flow.m[field], flow.m[message]));
  });

  it('shows the unavailable notice when the registration gets no answer', async () => {
    stubApi({ '/api/token/info': ok, '/api/user/register': () => Promise.reject(new TypeError('Failed to fetch')) });
    const flow = renderFlow({ locale });
    await toCreatePassword(flow);
    await submitPasswords(flow, 'Secret123', 'Secret123');
    await expectAlert(flow.m['setPassword.serviceUnavailable']);
  });

  it('asks for the e-mail on the new-link form when it is empty or malformed', async () => {
    stubApi({ '/api/token/info': failed(['wrong_token']) });
    const { user, m } = renderFlow({ locale });
    await user.click(await screen.findByRole('button', { name: m['registration.expired.newToken'] }));
    await expectScreen(m['registration.newToken.title']);
    await user.click(screen.getByRole('button', { name: m['registration.newToken.submit'] }));
    await waitFor(() => expectFieldMessage(m['registration.newToken.email'], m['validation.enterEmail']));
    await user.type(screen.getByLabelText(m['registration.newToken.email']), 'jana.example.sk');
    await waitFor(() => expectFieldMessage(m['registration.newToken.email'], m['validation.enterValidEmail']));
  });
});

describe('finish-registration route: registering and pairing the device', () => {
  it('registers with the token and both passwords, then asks to remember the device', async () => {
    const api = stubApi({ '/api/token/info': ok, '/api/user/register': ok });
    const flow = renderFlow();
    await toCreatePassword(flow);
    await submitPasswords(flow, 'Secret123', 'Secret123');
    await expectScreen('Remember this device?');
    expect(api.bodyOf('/api/user/register')).toEqual({ token: 'inv', password: 'Secret123', password2: 'Secret123' });
  });

  it('goes to the redirect without pairing when the user skips', async () => {
    const api = stubApi({ '/api/token/info': ok, '/api/user/register': ok });
    const flow = renderFlow();
    await toCreatePassword(flow);
    await submitPasswords(flow, 'Secret123', 'Secret123');
    await flow.user.click(await screen.findByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(flow.redirect).toHaveBeenCalledOnce());
    expect(api.callsTo('/api/user/newdevice')).toHaveLength(0);
  });

  it('marks the device as trustworthy with its name, then goes to the redirect', async () => {
    const api = stubApi({ '/api/token/info': ok, '/api/user/register': ok, '/api/user/newdevice': ok });
    const flow = renderFlow();
    await toCreatePassword(flow);
    await submitPasswords(flow, 'Secret123', 'Secret123');
    await flow.user.click(await screen.findByRole('button', { name: 'Mark as trustworthy' }));
    await waitFor(() => expect(flow.redirect).toHaveBeenCalledOnce());
    expect(api.bodyOf('/api/user/newdevice')).toEqual({ device_name: 'Mobile Chrome Android 14' });
  });

  it('says pairing failed and lets the user skip when the device cannot be marked', async () => {
    stubApi({ '/api/token/info': ok, '/api/user/register': ok, '/api/user/newdevice': () => Promise.reject(new TypeError('offline')) });
    const flow = renderFlow();
    await toCreatePassword(flow);
    await submitPasswords(flow, 'Secret123', 'Secret123');
    await flow.user.click(await screen.findByRole('button', { name: 'Mark as trustworthy' }));
    await expectAlert('This device could not be marked as trustworthy. You can skip this step and mark it the next time you sign in.');
    expect(flow.redirect).not.toHaveBeenCalled();
    expect(screen.queryByText('server-error state')).toBeNull();
    await flow.user.click(screen.getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(flow.redirect).toHaveBeenCalledOnce());
  });

  it('shows the expired registration link page when the registration answers wrong_token', async () => {
    stubApi({ '/api/token/info': ok, '/api/user/register': failed(['wrong_token']) });
    const flow = renderFlow();
    await toCreatePassword(flow);
    await submitPasswords(flow, 'Secret123', 'Secret123');
    await expectScreen('This link is no longer valid');
    expect(screen.getByText('The registration link has expired or has already been used.')).toBeTruthy();
  });
});

describe('finish-registration route: the passkey offer after the pair-device page', () => {
  const offer = (value: boolean) => (init: RequestInit | undefined) =>
    init?.method === 'POST' ? jsonResponse({ status: 'ok' }) : jsonResponse({ offerWebauthnRegistration: value });

  it("shows the passkey offer after Skip when the browser supports passkeys and the server offers; Don't ask again saves false and redirects", async () => {
    stubWebAuthn();
    const api = stubApi({ '/api/token/info': ok, '/api/user/register': ok, '/api/webauthn/offer': offer(true) });
    const flow = renderFlow();
    await toCreatePassword(flow);
    await submitPasswords(flow, 'Secret123', 'Secret123');
    await flow.user.click(await screen.findByRole('button', { name: 'Skip' }));
    await expectScreen('Sign in faster next time');
    expect(flow.redirect).not.toHaveBeenCalled();
    await flow.user.click(screen.getByRole('button', { name: "Don't ask again" }));
    await waitFor(() => expect(flow.redirect).toHaveBeenCalledOnce());
    const posted = api.callsTo('/api/webauthn/offer').filter(([, init]) => init?.method === 'POST');
    expect(posted.map(([, init]) => JSON.parse(String(init?.body)) as unknown)).toEqual([{ offerWebauthnRegistration: false }]);
  });

  it('redirects after pairing without an offer when the server does not offer', async () => {
    stubWebAuthn();
    const api = stubApi({ '/api/token/info': ok, '/api/user/register': ok, '/api/user/newdevice': ok, '/api/webauthn/offer': offer(false) });
    const flow = renderFlow();
    await toCreatePassword(flow);
    await submitPasswords(flow, 'Secret123', 'Secret123');
    await flow.user.click(await screen.findByRole('button', { name: 'Mark as trustworthy' }));
    await waitFor(() => expect(flow.redirect).toHaveBeenCalledOnce());
    expect(api.callsTo('/api/webauthn/offer')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Sign in faster next time' })).toBeNull();
  });

  it('asks the server nothing about the offer in a browser without passkeys', async () => {
    const api = stubApi({ '/api/token/info': ok, '/api/user/register': ok });
    const flow = renderFlow();
    await toCreatePassword(flow);
    await submitPasswords(flow, 'Secret123', 'Secret123');
    await flow.user.click(await screen.findByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(flow.redirect).toHaveBeenCalledOnce());
    expect(api.callsTo('/api/webauthn/offer')).toHaveLength(0);
  });
});
