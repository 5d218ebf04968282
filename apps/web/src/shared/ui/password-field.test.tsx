import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PasswordField } from './password-field';
import { IntlWrapper } from './test-intl';

describe('PasswordField', () => {
  it('reveals and hides the password with a pressed toggle button', async () => {
    render(<PasswordField label="Password" autoComplete="current-password" />, { wrapper: IntlWrapper });
    const input = screen.getByLabelText('Password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(input.getAttribute('type')).toBe('password');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');

    await userEvent.click(toggle);
    expect(input.getAttribute('type')).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');

    await userEvent.click(toggle);
    expect(input.getAttribute('type')).toBe('password');
  });

  it('uses a caller-given name for the toggle', () => {
    render(<PasswordField label="New password" toggleLabel="Show new password" />, { wrapper: IntlWrapper });
    expect(screen.getByRole('button', { name: 'Show new password' })).toBeTruthy();
  });
});
