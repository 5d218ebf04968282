import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectAnnounced } from '../testing/test-utils';
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

  it('keeps the caret in the field when the toggle is pressed with the mouse, so the field is not left', async () => {
    const user = userEvent.setup();
    let left = 0;
    render(<PasswordField label="Password" onBlur={() => (left += 1)} />, { wrapper: IntlWrapper });
    const input = screen.getByLabelText('Password');
    await user.click(input);
    await user.keyboard('Secr');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(document.activeElement).toBe(input);
    expect(left).toBe(0);
    await user.keyboard('et-1');
    expect((input as HTMLInputElement).value).toBe('Secret-1');
    expect(input.getAttribute('type')).toBe('text');
    // With the keyboard the toggle is a control of its own: Tab reaches it, and the field is left.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Show password' }));
    expect(left).toBe(1);
  });

  it('uses a caller-given name for the toggle', () => {
    render(<PasswordField label="New password" toggleLabel="Show new password" />, { wrapper: IntlWrapper });
    expect(screen.getByRole('button', { name: 'Show new password' })).toBeTruthy();
  });

  it('says Caps Lock is on beside the toggle, as part of the field, and announces it once', async () => {
    const user = userEvent.setup({ delay: 20 });
    render(<PasswordField label="Password" autoComplete="current-password" />, { wrapper: IntlWrapper });
    const input = screen.getByLabelText('Password');
    await user.click(input);
    await user.keyboard('ab');
    expect(screen.queryByText('Caps Lock is on')).toBeNull();
    await user.keyboard('{CapsLock}AB');
    const notice = screen.getByText('Caps Lock is on');
    // Words beside the reveal toggle, in the field's description.
    expect(notice.closest('div')?.contains(screen.getByRole('button', { name: 'Show password' }))).toBe(true);
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(notice.id);
    await expectAnnounced('Caps Lock is on', 'polite');
    // Every key is kept while it shows.
    expect(input).toHaveProperty('value', 'abAB');
    expect(document.activeElement).toBe(input);
    await user.keyboard('{CapsLock}c');
    expect(screen.queryByText('Caps Lock is on')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
  });

  it('passes blur and key handlers on (a form library still sees the field left)', async () => {
    const seen: string[] = [];
    render(
      <>
        <PasswordField label="Password" onBlur={() => seen.push('blur')} onKeyDown={() => seen.push('key')} />
        <button type="button">Elsewhere</button>
      </>,
      { wrapper: IntlWrapper },
    );
    await userEvent.click(screen.getByLabelText('Password'));
    await userEvent.keyboard('x');
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(seen).toEqual(['key', 'blur']);
  });
});
