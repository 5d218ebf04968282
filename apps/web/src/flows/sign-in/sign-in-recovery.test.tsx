import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { accessibleDescriptionOf } from '../../shared/ui/test-intl';
import { SOURCE_CATALOGUES } from '../../shared/testing/source-catalogues';
import { expectReported, wholeText } from '../../shared/testing/test-utils';
import { jsonResponse, ok, renderFlow, routeFetch } from './sign-in.test-helpers';

// Each test starts on an unmarked history entry, as a page load does (the window is shared).
beforeEach(() => {
  window.history.replaceState(null, '');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type User = ReturnType<typeof renderFlow>['user'];

/** A text of a language's catalogue as the person reads it (texts without arguments). */
const text = (locale: 'en' | 'sk' | 'cs', id: keyof (typeof SOURCE_CATALOGUES)['en']) => SOURCE_CATALOGUES[locale][id];

async function signIn(user: User) {
  await user.type(screen.getByLabelText('Email address'), 'jana@example.sk');
  await user.type(screen.getByLabelText('Password'), 'Secret123');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

async function openForgot(user: User) {
  await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
  return screen.findByRole<HTMLInputElement>('textbox', { name: 'Email address' });
}

/** Opens the forgot-password form, types the address (none when empty) and sends it; returns the e-mail field. */
async function sendForgot(user: User, typed = '') {
  const email = await openForgot(user);
  if (typed) await user.type(email, typed);
  await user.click(screen.getByRole('button', { name: 'Send link' }));
  return email;
}

describe('blocked and disabled accounts', () => {
  it('shows the disabled page with the e-mail of the answer, the contact link and only use another account', async () => {
    routeFetch({
      'POST /api/user/login': ok({
        status: 'failed',
        reasons: ['account_disabled'],
        email: 'jana.novakova@example.sk',
      }),
    });
    const { user } = renderFlow({ contactUrl: 'https://provider.example/contact' });
    await signIn(user);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Your account is disabled' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(
      screen.getByText(wholeText('Your account jana.novakova@example.sk has been disabled by an administrator.')),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'contact us' }).getAttribute('href')).toBe(
      'https://provider.example/contact',
    );
    expect(screen.queryByRole('button', { name: 'Reset password' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Use another account' }));
    expect((await screen.findByRole<HTMLInputElement>('textbox', { name: 'Email address' })).value).toBe('');
  });

  it('shows no contact link when the server gives none, or one that is not a web, mail or phone address', async () => {
    routeFetch({ 'POST /api/user/login': ok({ status: 'failed', reasons: ['account_disabled'] }) });
    const { user } = renderFlow({ contactUrl: 'javascript:alert(1)' });
    await signIn(user);
    await screen.findByRole('heading', { level: 1, name: 'Your account is disabled' });
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows the blocked page with use another account and reset password on a blocked login', async () => {
    routeFetch({ 'POST /api/user/login': ok({ status: 'failed', reasons: ['blocked'] }) });
    const { user } = renderFlow();
    await signIn(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account is blocked' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reset password' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Use another account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
  });
});

describe('forgot password', () => {
  it('asks for an e-mail on an empty submit without calling the server', async () => {
    const api = routeFetch({});
    const { user } = renderFlow();
    const email = await sendForgot(user);
    await waitFor(() => expect(accessibleDescriptionOf(email)).toBe('Enter email address'));
    expect(api.requests).toHaveLength(0);
  });

  it('asks for a valid e-mail when the address is malformed', async () => {
    routeFetch({});
    const { user } = renderFlow();
    const email = await sendForgot(user, 'jana@');
    await waitFor(() => expect(accessibleDescriptionOf(email)).toBe('Enter valid email address'));
  });

  it('shows the server field message for incorrect_email', async () => {
    routeFetch({ 'POST /api/user/forgotpassword': ok({ status: 'failed', reasons: ['incorrect_email'] }) });
    const { user } = renderFlow();
    const email = await sendForgot(user, 'jana@example.sk');
    await waitFor(() => expect(accessibleDescriptionOf(email)).toBe('Enter valid email address'));
  });

  it('shows the confirmation after a sent link, and its button leads back to sign-in', async () => {
    const api = routeFetch({ 'POST /api/user/forgotpassword': ok() });
    const { user } = renderFlow();
    await sendForgot(user, 'jana@example.sk');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Check your email' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(api.calls('POST /api/user/forgotpassword')[0]?.body).toEqual({ email: 'jana@example.sk' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('textbox', { name: 'Email address' })).toBeTruthy();
  });

  it.each([
    [1, 'en', 'The link is valid for 1 minute.'],
    [30, 'en', 'The link is valid for 30 minutes.'],
    [2, 'sk', 'Odkaz platí 2 minúty.'],
    [60, 'sk', 'Odkaz platí 60 minút.'],
    [3, 'cs', 'Odkaz platí 3 minuty.'],
  ] as const)(
    'says how long the link works as the server configures it: %i minutes in %s',
    async (minutes, locale, validity) => {
      routeFetch({ 'POST /api/user/forgotpassword': ok() });
      const { user } = renderFlow({ resetLinkMinutes: minutes, locale });
      await user.click(await screen.findByRole('button', { name: text(locale, 'signIn.login.forgotPassword') }));
      await user.type(
        await screen.findByRole('textbox', { name: text(locale, 'signIn.forgot.email') }),
        'jana@example.sk',
      );
      await user.click(screen.getByRole('button', { name: text(locale, 'signIn.forgot.submit') }));
      await screen.findByRole('heading', { level: 1, name: text(locale, 'signIn.resetSent.title') });
      const body = screen.getByText(`${text(locale, 'signIn.resetSent.body')} ${validity}`);
      // "this email address": the address is shown just above, so that a typo shows.
      expect(body.previousElementSibling?.textContent).toBe('jana@example.sk');
      // Shown as an address (shared/ui/address.tsx): a narrow line breaks it after "@" or the dot.
      expect(
        [...(body.previousElementSibling?.querySelectorAll('span span') ?? [])].map((part) => part.textContent),
      ).toEqual(['jana@', 'example.', 'sk']);
    },
  );

  it('names no duration on the confirmation when the server does not say it', async () => {
    routeFetch({ 'POST /api/user/forgotpassword': ok() });
    const { user } = renderFlow();
    await sendForgot(user, 'jana@example.sk');
    await screen.findByRole('heading', { level: 1, name: 'Check your email' });
    expect(
      screen.getByText('If an account with this email address exists, we have sent it a link to set a new password.'),
    ).toBeTruthy();
    expect(screen.queryByText(/valid for/)).toBeNull();
  });

  it.each([
    ['no answer', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['app_error', () => jsonResponse({ status: 'failed', reasons: ['app_error'] })],
    // A server fault: the same notice as the link pages' new-link form shows, not the error page.
    ['a 502 from a proxy', () => new Response('<html>Bad Gateway</html>', { status: 502 })],
    ['a busy server (503)', () => jsonResponse({ status: 'failed', reasons: ['service_busy'] }, 503)],
  ])('shows the server-error notice and clears the e-mail on %s', async (_name, handler) => {
    routeFetch({ 'POST /api/user/forgotpassword': handler });
    const { user } = renderFlow();
    await sendForgot(user, 'jana@example.sk');
    expect(await screen.findByText('Sending the link is temporarily unavailable. Try again later.')).toBeTruthy();
    await expectReported('Sending the link is temporarily unavailable. Try again later.');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Email address' }).value).toBe('');
    expect(screen.queryByText('server-error state')).toBeNull();
  });

  it('leaves a throttled request to the global handler: a snackbar with the wait', async () => {
    routeFetch({
      'POST /api/user/forgotpassword': () =>
        jsonResponse({ status: 'failed', reasons: ['too_many_requests'] }, 429, { 'Retry-After': '30' }),
    });
    const { user } = renderFlow();
    const email = await sendForgot(user, 'jana@example.sk');
    expect(await screen.findByText('Too many attempts. Try again in 30 seconds.')).toBeTruthy();
    expect(email.value).toBe('jana@example.sk');
  });

  it('goes back to sign-in on cancel, with the e-mail as corrected on the forgot form', async () => {
    routeFetch({});
    const { user } = renderFlow();
    await user.type(screen.getByLabelText('Email address'), 'jana@exmple.sk');
    const before = window.history.length;
    const email = await openForgot(user);
    expect(email.value).toBe('jana@exmple.sk');
    // The form is an entry of the browser's history.
    expect(window.history.length).toBe(before + 1);
    await user.clear(email);
    await user.type(email, ' jana@example.sk ');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Email address').value).toBe('jana@example.sk');
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('');
  });

  it('steps back through history once when Cancel is pressed twice before the browser has gone back, so the page is not left', async () => {
    routeFetch({});
    const { user } = renderFlow();
    await user.type(screen.getByLabelText('Email address'), 'jana@example.sk');
    await openForgot(user);
    // The browser steps back later, as on a busy phone: the second press of a double click comes first.
    const stepBack = window.history.back.bind(window.history);
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    fireEvent.click(cancel);
    fireEvent.click(cancel);
    expect(back).toHaveBeenCalledTimes(1);
    stepBack();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(back).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText<HTMLInputElement>('Email address').value).toBe('jana@example.sk');
  });

  it("goes back to sign-in on the browser's Back, from the form and from the confirmation, with the e-mail", async () => {
    routeFetch({ 'POST /api/user/forgotpassword': ok({ status: 'ok' }) });
    const { user } = renderFlow();
    await user.type(screen.getByLabelText('Email address'), 'jana@example.sk');
    await openForgot(user);
    window.history.back();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Email address').value).toBe('jana@example.sk');

    await sendForgot(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeTruthy();
    window.history.back();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Email address').value).toBe('jana@example.sk');
  });
});
