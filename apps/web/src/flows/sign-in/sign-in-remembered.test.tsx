import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { expectAnnounced } from '../../shared/testing/test-utils';
import { accessibleDescriptionOf } from '../../shared/ui/test-intl';
import { eva, ivan, jana, ok, petr, renderFlow, routeFetch } from './sign-in.test-helpers';

afterEach(() => {
  vi.unstubAllGlobals();
});

type User = ReturnType<typeof renderFlow>['user'];

async function openList(user: User) {
  await user.click(screen.getByRole('button', { name: 'Back to the account list, jana@example.sk' }));
  return screen.findByRole('heading', { level: 1, name: 'Choose an account' });
}

/** The login form with an empty e-mail field and the focus on its heading. */
async function expectEmptyLoginForm() {
  const email = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Email address' });
  expect(email.value).toBe('');
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Sign in' })));
}

describe('remembered accounts', () => {
  it('preselects the first remembered account: its form with the e-mail on the back button', () => {
    renderFlow({ users: [jana, petr] });
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to the account list, jana@example.sk' }).textContent).toContain(
      'jana@example.sk',
    );
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password webauthn');
    expect(screen.queryByRole('textbox', { name: 'Email address' })).toBeNull();
  });

  it('signs in with the remembered e-mail and the typed password', async () => {
    const api = routeFetch({ 'POST /api/user/login': ok() });
    const { user, redirect } = renderFlow({ users: [jana] });
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledOnce());
    expect(api.calls('POST /api/user/login')[0]?.body).toEqual({ username: 'jana@example.sk', password: 'Secret123' });
  });

  it('clears the password and shows the incorrect-password message on the field after a wrong password', async () => {
    routeFetch({ 'POST /api/user/login': ok({ status: 'failed', reasons: ['invalid_credentials'] }) });
    const { user } = renderFlow({ users: [jana] });
    const password = screen.getByLabelText<HTMLInputElement>('Password');
    await user.type(password, 'Wrong123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(accessibleDescriptionOf(password)).toBe('You have entered incorrect password.'));
    expect(password.value).toBe('');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(password);
  });

  it('lists at most three accounts, each a button with the name and the e-mail masked, and focuses the list heading', async () => {
    const { user } = renderFlow({ users: [jana, petr, eva, ivan] });
    const heading = await openList(user);
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const list = screen.getByRole('list', { name: 'Choose an account' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(list).getByRole('button', { name: 'Petr Svoboda p…@example.cz' })).toBeTruthy();
    expect(within(list).queryByText(/ivan/)).toBeNull();
    // No whole e-mail anywhere on the list: it shows once an account is picked.
    expect(list.textContent).not.toMatch(/jana@|petr@|eva@/);
  });

  it('masks the e-mail in place of a missing name, once', async () => {
    const { user } = renderFlow({ users: [{ ...jana, firstName: '', surname: '' }, petr] });
    await openList(user);
    const list = screen.getByRole('list', { name: 'Choose an account' });
    expect(within(list).getByRole('button', { name: 'j…@example.sk' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Options for j…@example.sk' })).toBeTruthy();
  });

  it('opens the form of the account chosen from the list', async () => {
    const { user } = renderFlow({ users: [jana, petr] });
    await openList(user);
    await user.click(screen.getByRole('button', { name: 'Petr Svoboda p…@example.cz' }));
    // Picked: now the whole e-mail is shown.
    expect(await screen.findByRole('button', { name: 'Back to the account list, petr@example.cz' })).toBeTruthy();
  });

  it('removes an account from the list through its menu and shows the updated list', async () => {
    const api = routeFetch({ 'DELETE /api/device/userlist': ok({ status: 'ok', users: [petr] }) });
    const { user } = renderFlow({ users: [jana, petr] });
    await openList(user);
    await user.click(await screen.findByRole('button', { name: 'Options for Jana Nováková' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove from list' }));
    await waitFor(() => expect(screen.queryByText('Jana Nováková')).toBeNull());
    expect(screen.getByRole('button', { name: 'Petr Svoboda p…@example.cz' })).toBeTruthy();
    expect(api.calls('DELETE /api/device/userlist')[0]?.search).toBe('?userId=u1');
    // Focus on the list's heading, and what was done is said (a row that goes away is not).
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Choose an account' }));
    await expectAnnounced('jana@example.sk has been removed from the list.', 'polite');
  });

  it('shows the login form when the last account is removed', async () => {
    routeFetch({ 'DELETE /api/device/userlist': ok({ status: 'ok', users: [] }) });
    const { user } = renderFlow({ users: [jana] });
    await openList(user);
    await user.click(await screen.findByRole('button', { name: 'Options for Jana Nováková' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove from list' }));
    await expectEmptyLoginForm();
    await expectAnnounced('jana@example.sk has been removed from the list.', 'polite');
  });

  it('forgets every account of the device, also those not shown, and then shows the empty login form with focus on its heading', async () => {
    const api = routeFetch({ 'DELETE /api/device/userlist/all': ok({ status: 'ok', users: [] }) });
    const { user } = renderFlow({ users: [jana, petr, eva, ivan] });
    await openList(user);
    await user.click(screen.getByRole('button', { name: 'Forget all accounts on this device' }));
    await expectEmptyLoginForm();
    await expectAnnounced('Every account has been forgotten on this device.', 'polite');
    expect(api.calls('DELETE /api/device/userlist/all')).toHaveLength(1);
    // Nothing leads back to a list that is gone.
    expect(screen.queryByRole('button', { name: /Back to the account list/ })).toBeNull();
  });

  it("shows the empty login form on 'use another account'", async () => {
    const { user } = renderFlow({ users: [jana] });
    await openList(user);
    await user.click(screen.getByRole('button', { name: 'Use another account' }));
    await expectEmptyLoginForm();
  });

  it('opens the forgot-password form with the remembered e-mail', async () => {
    const { user } = renderFlow({ users: [jana] });
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot password' })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Email address' }).value).toBe('jana@example.sk');
  });
});
