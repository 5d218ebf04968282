import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../testing/test-utils';
import { BiometricRestrictedDialog } from './biometric-restricted-dialog';
import { LazyBiometricRestrictedDialog } from './lazy-biometric-restricted-dialog';

function Caller({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Sign in using device
      </button>
      <LazyBiometricRestrictedDialog
        open={open}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
      />
    </>
  );
}

describe('biometric-restricted dialog', () => {
  it('is closed while its caller keeps it closed', () => {
    renderWithProviders(<BiometricRestrictedDialog open={false} onClose={vi.fn()} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByTestId('biometric-dialog-title')).toBeNull();
  });

  it('shows a title, the explanation and one confirm button, each with its test id', async () => {
    renderWithProviders(<BiometricRestrictedDialog open onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Signing in using device is restricted' });
    expect(screen.getByTestId('biometric-dialog-content').textContent).toBe(
      'Signing in using device is not available for your account. Sign in using email address and password.',
    );
    expect(screen.getByTestId('biometric-dialog-confirm').textContent).toBe('OK');
    expect(dialog.querySelectorAll('button')).toHaveLength(1);
  });

  it('closes with its confirm button, tells the caller, and returns focus to where the user was', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Caller onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Sign in using device' });
    await user.click(opener);
    await user.click(await screen.findByTestId('biometric-dialog-confirm'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onClose).toHaveBeenCalledOnce();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
