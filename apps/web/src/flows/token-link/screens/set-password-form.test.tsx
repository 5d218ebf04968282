import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, wholeText } from '../../../shared/testing/test-utils';
import { SetPasswordForm } from './set-password-form';

function renderForm(account: string | null = null) {
  const onSubmit = vi.fn();
  renderWithProviders(
    <SetPasswordForm
      account={account}
      title="Set a new password"
      pageTitle="New password"
      submitLabel="Change password"
      submitting={false}
      notice={null}
      serverErrors={{}}
      failures={0}
      onSubmit={onSubmit}
    />,
  );
  return { onSubmit, user: userEvent.setup() };
}

describe('set-password form', () => {
  it("names the account the link is for, and gives it to the password manager as the form's username", async () => {
    const { user, onSubmit } = renderForm('jana@example.sk');
    expect(screen.getByText(wholeText('Account: jana@example.sk'))).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Set a new password' });
    const username = form.querySelector<HTMLInputElement>('input[autocomplete="username"]');
    expect([username?.value, username?.hidden, username?.readOnly]).toEqual(['jana@example.sk', true, true]);
    await user.type(screen.getByLabelText('New password'), 'Fresh-Meadow-42');
    await user.type(screen.getByLabelText('Repeat new password'), 'Fresh-Meadow-42{Enter}');
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ password: 'Fresh-Meadow-42', password2: 'Fresh-Meadow-42' }),
    );
  });

  it('names no account when the link check did not', () => {
    renderForm(null);
    expect(screen.queryByText(/^Account:/)).toBeNull();
    expect(document.querySelector('input[autocomplete="username"]')).toBeNull();
  });

  it('shows no message before a field is left or the form is submitted', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('New password'), 'abc');
    expect(screen.queryByText(/Enter a password with at least 8 characters/)).toBeNull();
  });

  it('withdraws the mismatch message when the first password is changed to match', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('New password'), 'Secret12');
    await user.type(screen.getByLabelText('Repeat new password'), 'Secret123');
    await user.tab();
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    await user.type(screen.getByLabelText('New password'), '3');
    await waitFor(() => expect(screen.queryByText('Passwords do not match')).toBeNull());
  });

  it('submits both passwords when they follow the rule and match', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(screen.getByLabelText('New password'), 'Žltý kôň 9');
    await user.type(screen.getByLabelText('Repeat new password'), 'Žltý kôň 9');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ password: 'Žltý kôň 9', password2: 'Žltý kôň 9' }));
  });
});
