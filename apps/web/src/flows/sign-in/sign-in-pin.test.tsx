import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { accessibleDescriptionOf } from '../../shared/ui/test-intl';
import { wholeText } from '../../shared/testing/test-utils';
import { PIN_STEP_STORAGE_KEY } from './pin-step-storage';
import { attempts, jsonResponse, ok, renderFlow, routeFetch } from './sign-in.test-helpers';
import { vi } from 'vitest';

type User = ReturnType<typeof renderFlow>['user'];

async function signIn(user: User) {
  await user.type(screen.getByLabelText('Email address'), 'jana@example.sk');
  await user.type(screen.getByLabelText('Password'), 'Secret123');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

async function enterPin(user: User, pin = 'abc234') {
  const field = await screen.findByRole('textbox', { name: 'Code' });
  await user.clear(field);
  await user.type(field, pin);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

/**
 * Stubs a login answered with `status` and a PIN step with 5 attempts left (2 silent), plus `routes`;
 * renders the flow and signs in.
 */
async function signInToPinStep(routes: Parameters<typeof routeFetch>[0], status = 'requested_pin_code') {
  const api = routeFetch({
    'POST /api/user/login': ok({ status }),
    'GET /api/user/pincode': attempts(5, 2),
    ...routes,
  });
  const flow = renderFlow();
  await signIn(flow.user);
  return { api, ...flow };
}

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('PIN step in the flow', () => {
  it('shows the PIN form with focus on its heading and keeps the e-mail in session storage', async () => {
    await signInToPinStep({});
    const heading = await screen.findByRole('heading', { level: 1, name: 'Enter code' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(
      screen.getByText(wholeText('We have sent a code to jana@example.sk. It is valid for 10 minutes.')),
    ).toBeTruthy();
    expect(JSON.parse(sessionStorage.getItem(PIN_STEP_STORAGE_KEY) ?? 'null')).toEqual({
      email: 'jana@example.sk',
      variant: 'signIn',
    });
  });

  it('says a wrong code is incorrect and shows the attempts it reads again', async () => {
    const api = routeFetch({
      'POST /api/user/login': ok({ status: 'requested_pin_code' }),
      'GET /api/user/pincode': [attempts(3, 1), attempts(2, 0)],
      'POST /api/user/pincode': ok({ status: 'failed', reasons: ['wrong_pin_code'] }),
    });
    const { user, redirect } = renderFlow();
    await signIn(user);
    await enterPin(user);
    expect(await screen.findByText('You have 2 attempts left.')).toBeTruthy();
    const field = screen.getByRole('textbox', { name: 'Code' });
    // The message and the re-read attempts arrive from two answers, in either order.
    await waitFor(() =>
      expect(accessibleDescriptionOf(field)).toBe('Entered code is incorrect or its validity has expired'),
    );
    expect(api.calls('GET /api/user/pincode')).toHaveLength(2);
    expect(api.calls('POST /api/user/pincode')[0]?.body).toEqual({ pin_code: 'ABC234' });
    expect(redirect).not.toHaveBeenCalled();
  });

  it('registers the device with its name, refreshes user info, then redirects when the box was ticked', async () => {
    const { api, user, redirect } = await signInToPinStep({
      'POST /api/user/pincode': ok(),
      'POST /api/user/newdevice': ok(),
      'GET /api/user/info': ok({
        status: 'ok',
        guest: false,
        language: 'en',
        user: { id: 'u1', email: 'jana@example.sk', firstName: 'Jana', surname: 'N' },
      }),
    });
    await user.click(await screen.findByRole('checkbox', { name: "Don't show this prompt on this device again" }));
    await enterPin(user);
    await waitFor(() => expect(redirect).toHaveBeenCalledOnce());
    const order = api.requests.map((r) => `${r.method} ${r.path}`);
    expect(order.slice(-3)).toEqual(['POST /api/user/pincode', 'POST /api/user/newdevice', 'GET /api/user/info']);
    expect(api.calls('POST /api/user/newdevice')[0]?.body).toEqual({ device_name: expect.any(String) });
    expect(sessionStorage.getItem(PIN_STEP_STORAGE_KEY)).toBeNull();
  });

  it('redirects without registering the device when the box was not ticked', async () => {
    const { api, user, redirect } = await signInToPinStep({
      'POST /api/user/pincode': ok(),
    });
    await enterPin(user);
    await waitFor(() => expect(redirect).toHaveBeenCalledOnce());
    expect(api.calls('POST /api/user/newdevice')).toHaveLength(0);
  });

  it('shows the blocked page when the PIN attempts run out, and reset password opens the forgot form with the e-mail', async () => {
    routeFetch({
      'POST /api/user/login': ok({ status: 'requested_pin_code' }),
      'GET /api/user/pincode': attempts(1, 0),
      'POST /api/user/pincode': ok({ status: 'failed', reasons: ['blocked'] }),
    });
    const { user } = renderFlow();
    await signIn(user);
    await enterPin(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account is blocked' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Use another account' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot password' })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Email address' }).value).toBe('jana@example.sk');
  });

  it('returns to the login form with the e-mail when the server no longer knows the PIN step', async () => {
    const { user } = await signInToPinStep({
      'POST /api/user/pincode': ok({ status: 'failed', reasons: ['credentials_required'] }),
    });
    await enterPin(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Email address' }).value).toBe('jana@example.sk');
    expect(sessionStorage.getItem(PIN_STEP_STORAGE_KEY)).toBeNull();
  });

  it('returns to the login form with the e-mail and says how to get a new code when the code has expired', async () => {
    const { api, user } = await signInToPinStep({
      'POST /api/user/pincode': ok({ status: 'failed', reasons: ['missing_pin_code'] }),
    });
    await enterPin(user);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(
      screen.getByText('The code has expired. Enter your password again and we will send you a new code.'),
    ).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Email address' }).value).toBe('jana@example.sk');
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('');
    expect(sessionStorage.getItem(PIN_STEP_STORAGE_KEY)).toBeNull();

    // The password again: a new login, so a new code is mailed, and the PIN form comes back.
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Enter code' })).toBeTruthy();
    expect(api.calls('POST /api/user/login')).toHaveLength(2);
  });

  it('goes back to the login form with the e-mail on "Back to sign-in", and a reload no longer resumes the step', async () => {
    const { api, user } = await signInToPinStep({});
    await user.click(await screen.findByRole('button', { name: 'Back to sign-in' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Email address' }).value).toBe('jana@example.sk');
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('');
    expect(sessionStorage.getItem(PIN_STEP_STORAGE_KEY)).toBeNull();
    expect(api.calls('POST /api/user/pincode')).toHaveLength(0);
  });

  it('gives a new login form, heading focused, when the PIN step is over before its form could show (login → PIN → login in one go)', async () => {
    routeFetch({
      'POST /api/user/login': ok({ status: 'requested_pin_code' }),
      'GET /api/user/pincode': ok({
        status: 'failed',
        reasons: ['credentials_required'],
        pin_code_remaining_attempts: 0,
        pin_code_remaining_silent_attempts: 0,
      }),
    });
    const { user } = renderFlow();
    await signIn(user);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Sign in' })),
    );
    // A new form: the address the step was for, the password typed before gone.
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Email address' }).value).toBe('jana@example.sk');
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('');
    expect(sessionStorage.getItem(PIN_STEP_STORAGE_KEY)).toBeNull();
  });

  it('offers to skip an optional recheck in a snackbar, and the skip signs in', async () => {
    const { api, user, redirect } = await signInToPinStep(
      {
        'POST /api/user/pincode/skip': ok(),
      },
      'pin_code_recheck_required',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm it is you' })).toBeTruthy();
    expect(screen.getByText('You can skip the code check this time.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledOnce());
    expect(api.calls('POST /api/user/pincode/skip')).toHaveLength(1);
  });

  it.each(['pin_code_recheck_mandatory', 'requested_pin_code'])('offers no skip on %s', async (status) => {
    routeFetch({ 'POST /api/user/login': ok({ status }), 'GET /api/user/pincode': attempts(5, 2) });
    const { user } = renderFlow();
    await signIn(user);
    await screen.findByRole('textbox', { name: 'Code' });
    expect(screen.queryByText('You can skip the code check this time.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Skip' })).toBeNull();
  });

  it('shows the PIN mail snackbar and keeps the login form when the PIN mail failed', async () => {
    routeFetch({ 'POST /api/user/login': ok({ status: 'failed', reasons: ['pin_code_mail_failed'] }) });
    const { user } = renderFlow();
    await signIn(user);
    expect(
      await screen.findByText('An error has occured while signing in. Try again later or sign in using device.'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
  });

  it('resumes the PIN step after a reload from session storage', async () => {
    sessionStorage.setItem(PIN_STEP_STORAGE_KEY, JSON.stringify({ email: 'jana@example.sk', variant: 'signIn' }));
    routeFetch({ 'GET /api/user/pincode': attempts(2, 0) });
    renderFlow();
    expect(await screen.findByRole('heading', { level: 1, name: 'Enter code' })).toBeTruthy();
    expect(await screen.findByText('You have 2 attempts left.')).toBeTruthy();
  });

  it('ignores a session-storage entry it cannot parse', async () => {
    sessionStorage.setItem(PIN_STEP_STORAGE_KEY, '{"email":');
    routeFetch({});
    renderFlow();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
  });

  it('leaves a failing PIN call to the global handler', async () => {
    const { user } = await signInToPinStep({
      'POST /api/user/pincode': () => jsonResponse({ status: 'failed', reasons: [] }, 500),
    });
    await enterPin(user);
    expect(await screen.findByText('server-error state')).toBeTruthy();
  });
});
