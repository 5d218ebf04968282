import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import {
  GET_OPTIONS,
  domError,
  fakeAssertion,
  removeWebAuthn,
  stubWebAuthn,
} from '../../shared/passkeys/webauthn-test-kit';
import en from '../../locales/en.json';
import sk from '../../locales/sk.json';
import cs from '../../locales/cs.json';
import { WEBAUTHN_GET_REASONS } from '@gatehouse/contract';
import { PASSKEY_NOTICE_MESSAGES, PASSKEY_NOT_AVAILABLE_MESSAGES, PASSKEY_OUTCOMES } from './sign-in.messages';
import { announced, expectAnnounced, wholeText } from '../../shared/testing/test-utils';
// sign-in.test-helpers also loads the lazy modules (the biometric-restricted dialog among them).
import { jana, ok, renderFlow, routeFetch } from './sign-in.test-helpers';
import type { Handler } from './sign-in.test-helpers';

const NO_OFFER = ok({ offerWebauthnRegistration: false });
const BUTTON = { name: 'Sign in using device' };

afterEach(() => {
  vi.unstubAllGlobals();
  removeWebAuthn();
});

/** Stubs a browser with passkeys, the options and the check's answer; renders the flow and presses the passkey button. */
async function pressPasskeyButton(check: Handler, options: Parameters<typeof renderFlow>[0] = {}) {
  stubWebAuthn({ conditional: false });
  routeFetch({ 'GET /api/webauthn/get': ok(GET_OPTIONS), 'POST /api/webauthn/get': check });
  const flow = renderFlow(options);
  await flow.user.click(screen.getByRole('button', BUTTON));
  return flow;
}

describe('passkey sign-in by button', () => {
  it('shows the passkey button on the login form and on the remembered-user form', async () => {
    const { user } = renderFlow({ users: [jana] });
    expect(screen.getByRole('button', BUTTON).getAttribute('type')).toBe('button');
    await user.click(screen.getByRole('button', { name: 'Back to the account list, jana@example.sk' }));
    await user.click(await screen.findByRole('button', { name: 'Use another account' }));
    await screen.findByRole('textbox', { name: 'Email address' });
    expect(screen.getByRole('button', BUTTON)).toBeTruthy();
  });

  it('aborts the pending conditional request first, then signs in with the modal ceremony and the strict body', async () => {
    const webauthn = stubWebAuthn();
    const api = routeFetch({
      'GET /api/webauthn/get': ok(GET_OPTIONS),
      'POST /api/webauthn/get': ok({ status: 'ok', email: jana.email }),
      'GET /api/webauthn/offer': NO_OFFER,
    });
    const { user, redirect } = renderFlow({ users: [jana] });
    await waitFor(() => expect(webauthn.conditionalRequests).toHaveLength(1));
    const conditional = webauthn.conditionalRequests[0];
    let abortedBeforeModal: boolean | undefined;
    webauthn.get.mockImplementationOnce(async (options) => {
      abortedBeforeModal = conditional?.signal?.aborted;
      expect(options.mediation).not.toBe('conditional');
      return fakeAssertion();
    });
    await user.click(screen.getByRole('button', BUTTON));
    await waitFor(() => expect(redirect).toHaveBeenCalledOnce());
    expect(abortedBeforeModal).toBe(true);
    expect(api.calls('GET /api/webauthn/get').map((r) => r.search)).toEqual(['?userId=u1', '?userId=u1']);
    expect(api.calls('POST /api/webauthn/get')[0]?.body).toEqual({
      id: 'Y3JlZC0x',
      type: 'public-key',
      rawId: 'Y3JlZC0x',
      response: {
        clientDataJSON: 'Y2xpZW50LWRhdGE',
        authenticatorData: 'YXV0aC1kYXRh',
        signature: 'c2lnbmF0dXJl',
        userHandle: 'dXNlci1oYW5kbGU',
      },
    });
  });

  it('says the browser cannot sign in using device when it has no WebAuthn, and asks the server nothing', async () => {
    const api = routeFetch({});
    const { user } = renderFlow();
    await user.click(screen.getByRole('button', BUTTON));
    expect(await screen.findByText('Signing in using device is unsupported on this device.')).toBeTruthy();
    expect(api.requests).toEqual([]);
  });

  it('says the options are not available when GET /api/webauthn/get fails', async () => {
    stubWebAuthn({ conditional: false });
    routeFetch({ 'GET /api/webauthn/get': ok({ status: 'failed', reasons: ['app_error'] }) });
    const { user } = renderFlow();
    await user.click(screen.getByRole('button', BUTTON));
    expect(
      await screen.findByText('Signing in using device is not available right now. Sign in using password.'),
    ).toBeTruthy();
  });

  it.each([
    [
      { status: 'failed', reasons: ['invalid_credentials'] },
      'The sign-in data of this device is not valid. Sign in using password.',
    ],
    [
      { status: 'failed', reasons: ['app_error'] },
      'Signing in using device is temporarily unavailable. Sign in using password.',
    ],
    [{ status: 'failed', reasons: ['something_new'] }, 'Signing in using device has failed. Sign in using password.'],
  ])('shows the passkey error text for the answer %j', async (answer, text) => {
    const { redirect } = await pressPasskeyButton(ok(answer));
    expect(await screen.findByText(text)).toBeTruthy();
    // The passkey button keeps focus: the outcome is announced.
    await expectAnnounced(text);
    expect(redirect).not.toHaveBeenCalled();
  });

  it('says signing in using device failed when the check gets no answer', async () => {
    await pressPasskeyButton(() => Promise.reject(new TypeError('offline')));
    expect(await screen.findByText('Signing in using device has failed. Sign in using password.')).toBeTruthy();
  });

  it('shows the disabled page with the e-mail of the answer on account_disabled', async () => {
    await pressPasskeyButton(ok({ status: 'failed', reasons: ['account_disabled'], email: 'eva@example.sk' }));
    expect(
      await screen.findByText(wholeText('Your account eva@example.sk has been disabled by an administrator.')),
    ).toBeTruthy();
  });

  it('shows the blocked page on blocked', async () => {
    await pressPasskeyButton(ok({ status: 'failed', reasons: ['blocked'] }), { users: [jana] });
    expect(await screen.findByRole('button', { name: 'Reset password' })).toBeTruthy();
  });

  it('stays quiet when the user cancels the prompt (NotAllowedError): a polite status, no alert', async () => {
    stubWebAuthn({ conditional: false, get: async () => Promise.reject(domError('NotAllowedError')) });
    const api = routeFetch({ 'GET /api/webauthn/get': ok(GET_OPTIONS) });
    const { user } = renderFlow();
    await user.click(screen.getByRole('button', BUTTON));
    expect(await screen.findByText('Signing in using device was cancelled.')).toBeTruthy();
    await expectAnnounced('Signing in using device was cancelled.', 'polite');
    expect(announced('assertive')).toBe('');
    expect(api.calls('POST /api/webauthn/get')).toEqual([]);
  });

  it('opens the biometric-restricted dialog when the authenticator refuses (SecurityError)', async () => {
    stubWebAuthn({ conditional: false, get: async () => Promise.reject(domError('SecurityError')) });
    routeFetch({ 'GET /api/webauthn/get': ok(GET_OPTIONS) });
    const { user } = renderFlow();
    await user.click(screen.getByRole('button', BUTTON));
    expect((await screen.findByTestId('biometric-dialog-title')).textContent).toBe(
      'Signing in using device is restricted',
    );
    await user.click(screen.getByTestId('biometric-dialog-confirm'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("offers activation in a snackbar on 'not found' for a remembered account; Activate leads to the offer right after the password sign-in", async () => {
    stubWebAuthn({ conditional: false });
    const api = routeFetch({ 'GET /api/webauthn/get': ok({ status: 'not found' }), 'POST /api/user/login': ok() });
    const { user, redirect } = renderFlow({ users: [jana] });
    await user.click(screen.getByRole('button', BUTTON));
    expect(
      await screen.findByText(
        'Signing in using device is not activated for this account. You can activate it after you sign in using password.',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(document.activeElement).toBe(password));
    await user.type(password, 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in faster next time' })).toBeTruthy();
    // The user asked for it: no GET /api/webauthn/offer.
    expect(api.calls('GET /api/webauthn/offer')).toEqual([]);
    expect(redirect).not.toHaveBeenCalled();
  });

  it("shows the info snackbar on 'not found' on the login form", async () => {
    stubWebAuthn({ conditional: false });
    routeFetch({ 'GET /api/webauthn/get': ok({ status: 'not found' }) });
    const { user } = renderFlow();
    await user.click(screen.getByRole('button', BUTTON));
    expect(await screen.findByText('No sign-in data for this account is saved on this device.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Activate' })).toBeNull();
  });
});

describe('passkey conditional mediation', () => {
  it('starts on the login form with the discoverable options and shows the device offer', async () => {
    const webauthn = stubWebAuthn();
    const api = routeFetch({ 'GET /api/webauthn/get': ok(GET_OPTIONS) });
    renderFlow();
    expect(
      await screen.findByText('You can sign in faster using your device (fingerprint, face or screen lock).'),
    ).toBeTruthy();
    expect(webauthn.conditionalRequests).toHaveLength(1);
    expect(api.calls('GET /api/webauthn/get')[0]?.search).toBe('');
    expect(webauthn.conditionalRequests[0]?.publicKey?.rpId).toBe('localhost');
  });

  it("starts no conditional request on the remembered-user form when the server answers 'not found'", async () => {
    const webauthn = stubWebAuthn();
    const api = routeFetch({ 'GET /api/webauthn/get': ok({ status: 'not found' }) });
    renderFlow({ users: [jana] });
    await waitFor(() => expect(api.calls('GET /api/webauthn/get')).toHaveLength(1));
    expect(api.calls('GET /api/webauthn/get')[0]?.search).toBe('?userId=u1');
    await new Promise((r) => setTimeout(r, 20));
    expect(webauthn.conditionalRequests).toHaveLength(0);
  });

  it('aborts the conditional request when the login view is left', async () => {
    const webauthn = stubWebAuthn();
    routeFetch({ 'GET /api/webauthn/get': ok(GET_OPTIONS) });
    const { user } = renderFlow();
    await waitFor(() => expect(webauthn.conditionalRequests).toHaveLength(1));
    expect(webauthn.conditionalRequests[0]?.signal?.aborted).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await screen.findByRole('heading', { level: 1, name: 'Forgot password' });
    expect(webauthn.conditionalRequests[0]?.signal?.aborted).toBe(true);
  });

  it('signs in with the passkey the user picks from the autofill', async () => {
    const webauthn = stubWebAuthn();
    webauthn.get.mockImplementation(async () => fakeAssertion());
    const api = routeFetch({
      'GET /api/webauthn/get': ok(GET_OPTIONS),
      'POST /api/webauthn/get': ok({ status: 'ok', email: jana.email }),
      'GET /api/webauthn/offer': NO_OFFER,
    });
    const { redirect } = renderFlow();
    await waitFor(() => expect(redirect).toHaveBeenCalledOnce());
    expect(api.calls('POST /api/webauthn/get')).toHaveLength(1);
  });

  it('swallows a conditional request that rejects (no matching credential) and keeps the password path working', async () => {
    const webauthn = stubWebAuthn();
    webauthn.get.mockImplementation(async () => Promise.reject(domError('NotAllowedError')));
    routeFetch({
      'GET /api/webauthn/get': ok(GET_OPTIONS),
      'POST /api/user/login': ok(),
      'GET /api/webauthn/offer': NO_OFFER,
    });
    const { user, redirect } = renderFlow({ users: [jana] });
    await waitFor(() => expect(webauthn.get).toHaveBeenCalled());
    expect(screen.queryByText('Signing in using device was cancelled.')).toBeNull();
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledOnce());
  });
});

describe('passkey offer after sign-in', () => {
  it('shows the offer when the server says so, and Ask later redirects', async () => {
    stubWebAuthn({ conditional: false });
    routeFetch({
      'POST /api/user/login': ok(),
      'GET /api/webauthn/offer': ok({ offerWebauthnRegistration: true, userId: 'u1' }),
    });
    const { user, redirect } = renderFlow({ users: [jana] });
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.click(await screen.findByRole('button', { name: 'Ask later' }));
    expect(redirect).toHaveBeenCalledOnce();
  });

  it('redirects at once when the server does not offer', async () => {
    stubWebAuthn({ conditional: false });
    const api = routeFetch({ 'POST /api/user/login': ok(), 'GET /api/webauthn/offer': NO_OFFER });
    const { user, redirect } = renderFlow({ users: [jana] });
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledOnce());
    expect(api.calls('GET /api/webauthn/offer')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Sign in faster next time' })).toBeNull();
  });
});

describe('passkey messages', () => {
  it('exist for every passkey sign-in reason and every passkey notice in every locale', () => {
    const ids = [
      ...WEBAUTHN_GET_REASONS.map((reason) => PASSKEY_OUTCOMES[reason].message),
      ...Object.values(PASSKEY_NOTICE_MESSAGES),
      ...Object.values(PASSKEY_NOT_AVAILABLE_MESSAGES),
      'signIn.passkey.button',
      'signIn.login.deviceOffer',
    ];
    for (const catalogue of [en, sk, cs]) {
      for (const id of ids) expect(Object.prototype.hasOwnProperty.call(catalogue, id), id).toBe(true);
    }
  });
});
