import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { expectAlert, expectScreen, jsonResponse } from '../../shared/testing/test-utils';
import { removeWebAuthn, stubWebAuthn } from '../../shared/passkeys/webauthn-test-kit';
import {
  REGISTRATION_ROUTE,
  failed,
  ok,
  renderRegistrationFlow as renderFlow,
  requestNewLink,
  stubApi,
  submitPasswords as submitWith,
} from './token-link.test-helpers';
import type { RenderedFlow } from './token-link.test-helpers';

// What only the finish-registration route does; what it shares with reset-password is in token-link-flow.test.tsx.

type Flow = RenderedFlow;

/** Welcome page → continue → the create-password form. */
const toCreatePassword = (flow: Flow) => REGISTRATION_ROUTE.toSetPassword(flow);

const submitPasswords = (flow: Flow, password: string, password2: string) =>
  submitWith(flow, 'registration.setPassword.submit', password, password2);

/** Renders the route and registers with a valid password: the next page asks to remember the device. */
async function renderRegistered() {
  const flow = renderFlow();
  await toCreatePassword(flow);
  await submitPasswords(flow, 'Secret123', 'Secret123');
  return flow;
}

/** Presses a button of the pair-device page and waits for the redirect. */
async function leavePairPage(flow: ReturnType<typeof renderFlow>, button: 'Skip' | 'Mark as trustworthy') {
  await flow.user.click(await screen.findByRole('button', { name: button }));
  await waitFor(() => expect(flow.redirect).toHaveBeenCalledOnce());
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
    expect(new URL(String(api.callsTo('/api/token/info')[0]?.[0]), 'http://localhost').searchParams.get('token')).toBe(
      'inv',
    );
  });

  it.each(['wrong_token', 'missing_token'])(
    'shows the expired registration link page when the token check answers %s',
    async (reason) => {
      stubApi({ '/api/token/info': failed([reason]) });
      const { user, goToSignIn } = renderFlow();
      await expectScreen('This link is no longer valid', { first: true });
      expect(screen.getByText('The registration link has expired or has already been used.')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Close' }));
      expect(goToSignIn).toHaveBeenCalledOnce();
    },
  );

  it('goes on to the redirect for a visitor who came signed in when the link no longer works (a later step reloaded)', async () => {
    stubApi({ '/api/token/info': failed(['wrong_token']) });
    const { redirect, goToSignIn } = renderFlow({ signedIn: true });
    await waitFor(() => expect(redirect).toHaveBeenCalledOnce());
    expect(screen.queryByRole('heading', { name: 'This link is no longer valid' })).toBeNull();
    expect(goToSignIn).not.toHaveBeenCalled();
  });

  it('requests a fresh invitation through forgot password and confirms it', async () => {
    const api = stubApi({ '/api/token/info': failed(['wrong_token']), '/api/user/forgotpassword': ok });
    const { user } = renderFlow();
    await user.click(await screen.findByRole('button', { name: 'Generate new link' }));
    await requestNewLink(user, 'jana@example.sk');
    expect(api.bodyOf('/api/user/forgotpassword')).toEqual({ email: 'jana@example.sk' });
  });
});

describe('finish-registration route: registering and pairing the device', () => {
  it('registers with the token and both passwords, then asks to remember the device', async () => {
    const api = stubApi({ '/api/token/info': ok, '/api/user/register': ok });
    await renderRegistered();
    await expectScreen('Remember this device?');
    expect(api.bodyOf('/api/user/register')).toEqual({ token: 'inv', password: 'Secret123', password2: 'Secret123' });
  });

  it('goes to the redirect without pairing when the user skips', async () => {
    const api = stubApi({ '/api/token/info': ok, '/api/user/register': ok });
    const flow = await renderRegistered();
    await leavePairPage(flow, 'Skip');
    expect(api.callsTo('/api/user/newdevice')).toHaveLength(0);
  });

  it('marks the device as trustworthy with its name, then goes to the redirect', async () => {
    const api = stubApi({ '/api/token/info': ok, '/api/user/register': ok, '/api/user/newdevice': ok });
    const flow = await renderRegistered();
    await leavePairPage(flow, 'Mark as trustworthy');
    expect(api.bodyOf('/api/user/newdevice')).toEqual({ device_name: 'Mobile Chrome Android 14' });
  });

  it('says pairing failed and lets the user skip when the device cannot be marked', async () => {
    stubApi({
      '/api/token/info': ok,
      '/api/user/register': ok,
      '/api/user/newdevice': () => Promise.reject(new TypeError('offline')),
    });
    const flow = await renderRegistered();
    await flow.user.click(await screen.findByRole('button', { name: 'Mark as trustworthy' }));
    await expectAlert(
      'This device could not be marked as trustworthy. You can skip this step and mark it the next time you sign in.',
    );
    expect(flow.redirect).not.toHaveBeenCalled();
    expect(screen.queryByText('server-error state')).toBeNull();
    await flow.user.click(screen.getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(flow.redirect).toHaveBeenCalledOnce());
  });

  it('shows the expired registration link page when the registration answers wrong_token', async () => {
    stubApi({ '/api/token/info': ok, '/api/user/register': failed(['wrong_token']) });
    await renderRegistered();
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
    const flow = await renderRegistered();
    await flow.user.click(await screen.findByRole('button', { name: 'Skip' }));
    await expectScreen('Sign in faster next time');
    expect(flow.redirect).not.toHaveBeenCalled();
    await flow.user.click(screen.getByRole('button', { name: "Don't ask again" }));
    await waitFor(() => expect(flow.redirect).toHaveBeenCalledOnce());
    const posted = api.callsTo('/api/webauthn/offer').filter(([, init]) => init?.method === 'POST');
    expect(posted.map(([, init]) => JSON.parse(String(init?.body)) as unknown)).toEqual([
      { offerWebauthnRegistration: false },
    ]);
  });

  it('redirects after pairing without an offer when the server does not offer', async () => {
    stubWebAuthn();
    const api = stubApi({
      '/api/token/info': ok,
      '/api/user/register': ok,
      '/api/user/newdevice': ok,
      '/api/webauthn/offer': offer(false),
    });
    const flow = await renderRegistered();
    await leavePairPage(flow, 'Mark as trustworthy');
    expect(api.callsTo('/api/webauthn/offer')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Sign in faster next time' })).toBeNull();
  });

  it('asks the server nothing about the offer in a browser without passkeys', async () => {
    const api = stubApi({ '/api/token/info': ok, '/api/user/register': ok });
    const flow = await renderRegistered();
    await leavePairPage(flow, 'Skip');
    expect(api.callsTo('/api/webauthn/offer')).toHaveLength(0);
  });
});
