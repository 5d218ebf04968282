// The sign-in flow as a person uses it: keys typed one by one after a mistake, focus where they
// are, each mistake said once (docs/decisions/0010-focus-and-announcements.md).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectAnnounced, expectNothingAnnounced, expectReported, wholeText } from '../../shared/testing/test-utils';
import { GET_OPTIONS, fakeAssertion, removeWebAuthn, stubWebAuthn } from '../../shared/passkeys/webauthn-test-kit';
import { accessibleDescriptionOf } from '../../shared/ui/test-intl';
import { attempts, jana, ok, petr, renderFlow, routeFetch } from './sign-in.test-helpers';

/** A person's pace: a pause between keys (the bug lived in those pauses). */
const person = () => userEvent.setup({ delay: 20 });
/** Typing at that pace takes a few seconds per test on a busy machine. */
const TYPING = { timeout: 20_000 };
type Person = ReturnType<typeof person>;

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  removeWebAuthn();
  sessionStorage.clear();
});

async function toPin(user: Person, typedEmail = 'Jana@Example.SK') {
  await user.type(screen.getByLabelText('Email address'), typedEmail);
  await user.type(screen.getByLabelText('Password'), 'Secret123');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  const heading = await screen.findByRole('heading', { level: 1, name: 'Enter code' });
  await waitFor(() => expect(document.activeElement).toBe(heading));
  return screen.getByRole<HTMLInputElement>('textbox', { name: 'Code' });
}

describe('the PIN form, typed as people do', TYPING, () => {
  /** Signs in to the PIN form of a server that answers wrong_pin_code to every code. */
  async function openPinFormThatRefusesEveryCode() {
    routeFetch({
      'POST /api/user/login': ok({ status: 'requested_pin_code', email: 'jana@example.sk' }),
      'GET /api/user/pincode': attempts(5, 2),
      'POST /api/user/pincode': ok({ status: 'failed', reasons: ['wrong_pin_code'] }),
    });
    renderFlow();
    const user = person();
    return { user, code: await toPin(user) };
  }

  it('keeps every key of the code typed after a wrong one, and says the mistake once', async () => {
    const { user, code } = await openPinFormThatRefusesEveryCode();
    // The address the server names, not the one typed.
    expect(
      screen.getByText(wholeText('We have sent a code to jana@example.sk. It is valid for 10 minutes.')),
    ).toBeTruthy();
    expect(document.title).toBe('PIN – Sign in');

    // Sent with Enter from the field: focus stays, the assertive region says it.
    await user.click(code);
    await user.type(code, 'ZZZZZZ{Enter}');
    await waitFor(() =>
      expect(accessibleDescriptionOf(code)).toBe('Entered code is incorrect or its validity has expired'),
    );
    await expectAnnounced('Entered code is incorrect or its validity has expired');
    expect(document.activeElement).toBe(code);

    // Back in the field, a new code key by key: all six keys stay, focus too.
    await user.clear(code);
    await user.type(code, 'ABCDE3');
    expect(code.value).toBe('ABCDE3');
    expect(document.activeElement).toBe(code);

    // Ticking the box keeps focus on the box (the screen re-renders, its heading stays put).
    const remember = await screen.findByRole('checkbox', { name: "Don't show this prompt on this device again" });
    await user.click(remember);
    expect(remember.getAttribute('aria-checked')).toBe('true');
    expect(document.activeElement).toBe(remember);
  });

  it('selects a refused code, so the next one typed straight away replaces it', async () => {
    const { user, code } = await openPinFormThatRefusesEveryCode();
    await user.click(code);
    await user.type(code, 'ZZZZZZ{Enter}');
    await expectAnnounced('Entered code is incorrect or its validity has expired');
    expect(document.activeElement).toBe(code);
    expect([code.selectionStart, code.selectionEnd]).toEqual([0, 6]);

    // The person types the code again without clearing the field: only the new keys remain.
    await user.keyboard('abcde3');
    expect(code.value).toBe('ABCDE3');
    expect(document.activeElement).toBe(code);
    expect(code.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('selects a refused code sent from the button too, once focus is back in the field', async () => {
    const { user, code } = await openPinFormThatRefusesEveryCode();
    await user.type(code, 'ZZZZZZ');
    await user.tab();
    await user.tab();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(code));
    await user.keyboard('ABCDE3');
    expect(code.value).toBe('ABCDE3');
  });

  it('keeps the keys typed while a refused code was on its way, and does not select them', async () => {
    let answer: (() => void) | null = null;
    const { calls } = routeFetch({
      'POST /api/user/login': ok({ status: 'requested_pin_code', email: 'jana@example.sk' }),
      'GET /api/user/pincode': attempts(5, 2),
      'POST /api/user/pincode': () =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(ok({ status: 'failed', reasons: ['wrong_pin_code'] })());
        }),
    });
    renderFlow();
    const user = person();
    const code = await toPin(user);
    await user.click(code);
    await user.type(code, 'ZZZZZZ{Enter}');
    await waitFor(() => expect(answer).not.toBeNull());
    // The person goes on typing before the answer comes; then the answer (the attempts are read again).
    await user.keyboard('Y');
    answer!();
    await waitFor(() => expect(calls('GET /api/user/pincode')).toHaveLength(2));
    expect(code.value).toBe('ZZZZZZY');
    expect([code.selectionStart, code.selectionEnd]).toEqual([7, 7]);
    await user.keyboard('{Backspace}');
    expect(code.value).toBe('ZZZZZZ');
    expect(document.activeElement).toBe(code);
  });

  it('keeps focus in the code when the button is pressed with a pointer, and says the mistake there', async () => {
    const { user, code } = await openPinFormThatRefusesEveryCode();
    await user.type(code, 'ZZZZZZ');
    // A press does not take focus from the field (docs/decisions/0010, rule 9): the field in error
    // has it, so the mistake is said (rule 5).
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await expectAnnounced('Entered code is incorrect or its validity has expired');
    expect(document.activeElement).toBe(code);
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(accessibleDescriptionOf(code)).toBe('Entered code is incorrect or its validity has expired');
  });

  it('moves focus to the code when the mistake was sent from elsewhere, where the field reads it (nothing announced)', async () => {
    const { user, code } = await openPinFormThatRefusesEveryCode();
    await user.type(code, 'ZZZZZZ');
    // Tab past the box to the button, Enter: focus is on the button, the field in error takes it.
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Continue' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(accessibleDescriptionOf(code)).toBe('Entered code is incorrect or its validity has expired');
    expectNothingAnnounced();
  });
});

describe('the login forms, typed as people do', TYPING, () => {
  it('keeps every key on the login form reached from another screen, after a mistake', async () => {
    routeFetch({ 'POST /api/user/login': ok({ status: 'failed', reasons: ['invalid_credentials'] }) });
    renderFlow();
    const user = person();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const email = screen.getByRole<HTMLInputElement>('textbox', { name: 'Email address' });
    const password = screen.getByLabelText<HTMLInputElement>('Password');
    // Enter in the empty e-mail: the form's own check, said once since the person is in the field.
    await user.click(email);
    await user.keyboard('{Enter}');
    await expectAnnounced('Enter email address');
    await user.type(email, 'jana@example.sk');
    await user.type(password, 'Wrong-1234{Enter}');
    await waitFor(() => expect(password.value).toBe(''));
    await expectReported('You have entered incorrect credentials.');
    expect(document.activeElement).toBe(password);
    await user.type(password, 'Secret-1234');
    expect(password.value).toBe('Secret-1234');
    expect(email.value).toBe('jana@example.sk');
  });

  it('refuses a password of spaces without asking the server', async () => {
    const api = routeFetch({});
    renderFlow();
    const user = person();
    await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'jana@example.sk');
    await user.type(screen.getByLabelText('Password'), '    {Enter}');
    await expectReported('Enter password');
    expect(api.calls('POST /api/user/login')).toEqual([]);
  });

  it("'use another account' shows no message nobody asked for, and leads back to the list", async () => {
    routeFetch({});
    renderFlow({ users: [jana, petr] });
    const user = person();
    await user.click(screen.getByRole('button', { name: 'Back to the account list, jana@example.sk' }));
    await user.click(await screen.findByRole('button', { name: 'Use another account' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
    // Typing on it after the screen change: every key stays.
    const email = screen.getByRole<HTMLInputElement>('textbox', { name: 'Email address' });
    await user.type(email, 'eva@example.sk');
    expect(email.value).toBe('eva@example.sk');
    await user.click(screen.getByRole('button', { name: 'Back to the account list' }));
    const list = await screen.findByRole('heading', { level: 1, name: 'Choose an account' });
    await waitFor(() => expect(document.activeElement).toBe(list));
  });

  it("the snackbar's Activate puts focus in the password with no message, and every key stays", async () => {
    stubWebAuthn({ conditional: false });
    routeFetch({ 'GET /api/webauthn/get': ok({ status: 'not found' }) });
    renderFlow({ users: [jana] });
    const user = person();
    await user.click(screen.getByRole('button', { name: 'Sign in using device' }));
    await user.click(await screen.findByRole('button', { name: 'Activate' }));
    const password = screen.getByLabelText<HTMLInputElement>('Password');
    await waitFor(() => expect(document.activeElement).toBe(password));
    await user.type(password, 'Secret-1234');
    expect(password.value).toBe('Secret-1234');
    expect(password.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Enter password')).toBeNull();
  });
});

describe('forgot password, typed as people do', TYPING, () => {
  it('keeps every key of an address corrected after the form refused it', async () => {
    const api = routeFetch({ 'POST /api/user/forgotpassword': ok() });
    renderFlow();
    const user = person();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const email = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Email address' });
    await user.type(email, 'typing.user@example{Enter}');
    await expectAnnounced('Enter valid email address');
    await user.type(email, '.org');
    expect(email.value).toBe('typing.user@example.org');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeTruthy();
    expect(api.calls('POST /api/user/forgotpassword')[0]?.body).toEqual({ email: 'typing.user@example.org' });
  });

  it("starts the blocked page's reset with the address the passkey answer names", async () => {
    stubWebAuthn({ conditional: false, get: async () => fakeAssertion() });
    routeFetch({
      'GET /api/webauthn/get': ok(GET_OPTIONS),
      'POST /api/webauthn/get': ok({ status: 'failed', reasons: ['blocked'], email: 'jana@example.sk' }),
    });
    renderFlow();
    const user = person();
    await user.click(screen.getByRole('button', { name: 'Sign in using device' }));
    await user.click(await screen.findByRole('button', { name: 'Reset password' }));
    expect((await screen.findByRole<HTMLInputElement>('textbox', { name: 'Email address' })).value).toBe(
      'jana@example.sk',
    );
  });
});
