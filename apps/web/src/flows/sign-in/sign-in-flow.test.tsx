import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import en from '../../locales/en.json';
import sk from '../../locales/sk.json';
import cs from '../../locales/cs.json';
import { useServerError } from '../../shared/api';
import { expectAlert, jsonResponse, renderWithProviders } from '../../shared/testing/test-utils';
import { LOGIN_REASONS } from '@gatehouse/contract';
import { LOGIN_OUTCOMES } from './sign-in.messages';
import { SignInFlow } from './sign-in-flow';

function ServerErrorProbe() {
  return useServerError().failed ? <p>server-error state</p> : null;
}

function renderFlow() {
  const redirect = vi.fn();
  renderWithProviders(
    <>
      <SignInFlow rememberedUsers={[]} redirect={redirect} />
      <ServerErrorProbe />
    </>,
  );
  return { redirect, user: userEvent.setup() };
}

function answerLoginWith(response: () => Promise<Response>) {
  const fetchMock = vi.fn(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function fillAndSubmit(
  user: ReturnType<typeof userEvent.setup>,
  email = 'jana@example.sk',
  password = 'Secret123',
) {
  if (email) await user.type(screen.getByLabelText('Email address'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

/** Answers the login with the response, then fills in the form and submits it. */
async function signInAnswered(response: () => Promise<Response>) {
  answerLoginWith(response);
  const { user } = renderFlow();
  await fillAndSubmit(user);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('login form', () => {
  it('has a labelled e-mail field for user names and a current-password field', () => {
    renderFlow();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    const email = screen.getByRole('textbox', { name: 'Email address' });
    expect(email.getAttribute('autocomplete')).toBe('username webauthn');
    expect(email.getAttribute('type')).toBe('email');
    expect(email.getAttribute('inputmode')).toBe('email');
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password');
  });

  it('asks for both fields on an empty submit and focuses the first invalid one', async () => {
    const fetchMock = answerLoginWith(async () => jsonResponse({ status: 'ok' }));
    const { user } = renderFlow();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter email address')).toBeTruthy();
    expect(screen.getByText('Enter password')).toBeTruthy();
    const email = screen.getByRole('textbox', { name: 'Email address' });
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby') ?? '').not.toBe('');
    expect(document.activeElement).toBe(email);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for a valid e-mail address once the field is left with a malformed one', async () => {
    const { user } = renderFlow();
    await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'jana@');
    expect(screen.queryByText('Enter valid email address')).toBeNull();
    await user.tab();
    expect(await screen.findByText('Enter valid email address')).toBeTruthy();
  });

  it('clears the go-cache, signs in and redirects when the login is ok', async () => {
    const deleteCache = vi.fn(async () => true);
    vi.stubGlobal('caches', { delete: deleteCache });
    const fetchMock = answerLoginWith(async () => jsonResponse({ status: 'ok' }));
    const { user, redirect } = renderFlow();
    await fillAndSubmit(user);
    await waitFor(() => expect(redirect).toHaveBeenCalledOnce());
    expect(deleteCache).toHaveBeenCalledWith('go-cache');
    expect(
      JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit] | undefined)?.[1].body)),
    ).toEqual({ username: 'jana@example.sk', password: 'Secret123' });
  });

  it('announces incorrect credentials and empties the password', async () => {
    await signInAnswered(async () => jsonResponse({ status: 'failed', reasons: ['invalid_credentials'] }));
    await expectAlert('You have entered incorrect credentials.');
    const password = screen.getByLabelText<HTMLInputElement>('Password');
    expect(password.value).toBe('');
    expect(document.activeElement).toBe(password);
  });

  it('shows the server-error notice when the login gets no answer at all', async () => {
    await signInAnswered(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expectAlert('Signing in using email address and password is temporarily unavailable.');
    expect(screen.queryByText('server-error state')).toBeNull();
  });

  it('shows the field message when the server says the user name is missing', async () => {
    await signInAnswered(async () => jsonResponse({ status: 'failed', reasons: ['username_required'] }));
    expect(await screen.findByText('Enter email address')).toBeTruthy();
  });

  it('opens the forgot-password form with the e-mail typed so far', async () => {
    const { user } = renderFlow();
    await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'jana@example.sk');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot password' })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Email address' }).value).toBe('jana@example.sk');
  });

  it('enters the server-error state on app_error', async () => {
    await signInAnswered(async () => jsonResponse({ status: 'failed', reasons: ['app_error'] }));
    expect(await screen.findByText('server-error state')).toBeTruthy();
  });

  it('leaves a 5xx to the global handler: the server-error state', async () => {
    await signInAnswered(async () => jsonResponse({ status: 'failed', reasons: [] }, 500));
    expect(await screen.findByText('server-error state')).toBeTruthy();
  });

  it('shows the generic message for an unknown reason', async () => {
    await signInAnswered(async () => jsonResponse({ status: 'failed', reasons: ['brand_new_reason'] }));
    await expectAlert(en['signIn.notice.generic']);
  });
});

describe('login reasons', () => {
  it('have a message on the login form in every locale', () => {
    for (const catalogue of [en, sk, cs]) {
      for (const reason of LOGIN_REASONS) {
        const id = LOGIN_OUTCOMES[reason].message;
        expect(Object.prototype.hasOwnProperty.call(catalogue, id), `${reason} → ${id}`).toBe(true);
      }
    }
  });
});
