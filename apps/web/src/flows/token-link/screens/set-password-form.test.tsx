import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../shared/testing/test-utils';
import { SetPasswordForm } from './set-password-form';

function renderForm() {
  const onSubmit = vi.fn();
  renderWithProviders(
    <SetPasswordForm
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
