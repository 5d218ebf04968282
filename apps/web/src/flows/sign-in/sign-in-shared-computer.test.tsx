import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { announced, announcing } from '../../shared/testing/test-utils';
import { GET_OPTIONS, fakeAssertion, removeWebAuthn, stubWebAuthn } from '../../shared/passkeys/webauthn-test-kit';
import { PIN_STEP_STORAGE_KEY, SHARED_COMPUTER_STORAGE_KEY } from './pin-step-storage';
import { attempts, jana, ok, renderFlow, routeFetch } from './sign-in.test-helpers';

// "This is a shared or public computer" (docs/decisions/0116-shared-computer.md).
const CHOICE = { name: 'This is a shared or public computer' };
const HINT = "You won't be remembered on this computer and you'll be signed out sooner.";
const DEVICE_OFFER = 'You can sign in faster using your device (fingerprint, face or screen lock).';

type User = ReturnType<typeof renderFlow>['user'];

async function signIn(user: User) {
  await user.type(screen.getByLabelText('Email address'), 'jana@example.sk');
  await user.type(screen.getByLabelText('Password'), 'Secret123');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

/** A login that asks for the PIN, with 5 attempts left (2 silent). */
const routePinStep = () =>
  routeFetch({
    'POST /api/user/login': ok({ status: 'requested_pin_code' }),
    'GET /api/user/pincode': attempts(5, 2),
  });

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  removeWebAuthn();
  sessionStorage.clear();
});

describe('the shared-computer choice', () => {
  it('is an unticked checkbox on the login form, after the password; ticked, it says what it does', async () => {
    routeFetch({});
    const { user } = renderFlow();
    const box = screen.getByRole<HTMLInputElement>('checkbox', CHOICE);
    expect(box.checked).toBe(false);
    expect(screen.queryByText(HINT)).toBeNull();
    // Keyboard: Tab from the password field (past its show-password button) reaches it; Space ticks it.
    await user.click(screen.getByLabelText('Password'));
    await user.tab();
    if (document.activeElement !== box) await user.tab();
    expect(document.activeElement).toBe(box);
    await user.keyboard(' ');
    expect(box.checked).toBe(true);
    expect(box.getAttribute('aria-describedby')).toBe(screen.getByText(HINT).id);
  });

  it('is sent with the login only when ticked, and the PIN step then offers no "remember this device"', async () => {
    const api = routePinStep();
    const { user } = renderFlow();
    await user.click(screen.getByRole('checkbox', CHOICE));
    await signIn(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Enter code' })).toBeTruthy();
    expect(api.calls('POST /api/user/login')[0]?.body).toEqual({
      username: 'jana@example.sk',
      password: 'Secret123',
      sharedComputer: true,
    });
    await screen.findByRole('textbox', { name: 'Code' });
    expect(screen.queryByRole('checkbox')).toBeNull();
    // The step is kept nowhere: its address cannot come back to the next person in this tab or another.
    expect(sessionStorage.getItem(PIN_STEP_STORAGE_KEY)).toBeNull();
    expect(document.cookie).not.toContain('gh_pin_step=1');
  });

  it("unticked, changes nothing: the login body is the contract's two fields and the PIN step offers the box", async () => {
    const api = routePinStep();
    const { user } = renderFlow();
    await user.click(screen.getByRole('checkbox', CHOICE));
    await user.click(screen.getByRole('checkbox', CHOICE));
    await signIn(user);
    expect(await screen.findByRole('checkbox', { name: "Don't show this prompt on this device again" })).toBeTruthy();
    expect(api.calls('POST /api/user/login')[0]?.body).toEqual({ username: 'jana@example.sk', password: 'Secret123' });
    expect(sessionStorage.getItem(SHARED_COMPUTER_STORAGE_KEY)).toBeNull();
    // The PIN step is kept for a reload of this tab.
    expect(JSON.parse(sessionStorage.getItem(PIN_STEP_STORAGE_KEY) ?? 'null')).toEqual({
      email: 'jana@example.sk',
      variant: 'signIn',
    });
  });

  it('stays chosen in this tab: a reload during the PIN step still offers no "remember this device"', async () => {
    sessionStorage.setItem(SHARED_COMPUTER_STORAGE_KEY, '1');
    sessionStorage.setItem(PIN_STEP_STORAGE_KEY, JSON.stringify({ email: 'jana@example.sk', variant: 'signIn' }));
    routeFetch({ 'GET /api/user/pincode': attempts(5, 2) });
    renderFlow();
    await screen.findByRole('textbox', { name: 'Code' });
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('stops the passkey autofill and its notice, and starts them again when unticked', async () => {
    const webauthn = stubWebAuthn();
    routeFetch({ 'GET /api/webauthn/get': ok(GET_OPTIONS) });
    const { user } = renderFlow();
    expect(await screen.findByText(DEVICE_OFFER)).toBeTruthy();
    expect(webauthn.conditionalRequests).toHaveLength(1);
    await user.click(screen.getByRole('checkbox', CHOICE));
    await waitFor(() => expect(webauthn.conditionalRequests[0]?.signal?.aborted).toBe(true));
    expect(screen.queryByText(DEVICE_OFFER)).toBeNull();
    await user.click(screen.getByRole('checkbox', CHOICE));
    await waitFor(() => expect(webauthn.conditionalRequests).toHaveLength(2));
    expect(await screen.findByText(DEVICE_OFFER)).toBeTruthy();
  });

  it('does not say the device offer once it has gone: the box ticked the moment it appeared', async () => {
    // As when the box was ticked before the app took over the page: the app shows the offer, then
    // applies the held tick at once, before the polite region has said anything.
    stubWebAuthn();
    routeFetch({ 'GET /api/webauthn/get': ok(GET_OPTIONS) });
    renderFlow();
    const polite = document.querySelector('[data-announcer="polite"]');
    const said: string[] = [];
    const observer = new MutationObserver(() => said.push(polite?.textContent ?? ''));
    if (polite) observer.observe(polite, { childList: true, characterData: true, subtree: true });
    await screen.findByText(DEVICE_OFFER);
    fireEvent.click(screen.getByRole('checkbox', CHOICE));
    expect(screen.queryByText(DEVICE_OFFER)).toBeNull();
    await waitFor(() => expect(announcing('polite')).toBe(false));
    // Longer than a message takes to be said (emptied, then filled 100 ms later).
    await new Promise((resolve) => setTimeout(resolve, 300));
    observer.disconnect();
    expect(said).not.toContain(DEVICE_OFFER);
    expect(announced('polite')).not.toBe(DEVICE_OFFER);
  });

  it('starts no autofill at all when the tab chose it before', async () => {
    sessionStorage.setItem(SHARED_COMPUTER_STORAGE_KEY, '1');
    const webauthn = stubWebAuthn();
    routeFetch({ 'GET /api/webauthn/get': ok(GET_OPTIONS) });
    renderFlow({ users: [jana] });
    expect(screen.getByRole<HTMLInputElement>('checkbox', CHOICE).checked).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(webauthn.conditionalRequests).toHaveLength(0);
  });

  it('goes with a passkey sign-in by button, and no passkey is offered after it', async () => {
    sessionStorage.setItem(SHARED_COMPUTER_STORAGE_KEY, '1');
    const webauthn = stubWebAuthn({ conditional: false });
    webauthn.get.mockImplementation(async () => fakeAssertion());
    const api = routeFetch({
      'GET /api/webauthn/get': ok(GET_OPTIONS),
      'POST /api/webauthn/get': ok({ status: 'ok', email: jana.email }),
    });
    const { user, redirect } = renderFlow();
    await user.click(screen.getByRole('button', { name: 'Sign in using device' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledOnce());
    expect(api.calls('POST /api/webauthn/get')[0]?.body).toMatchObject({ type: 'public-key', sharedComputer: true });
    // No offer check at all (routeFetch would have thrown on GET /api/webauthn/offer).
    expect(api.calls('GET /api/webauthn/offer')).toHaveLength(0);
  });
});
