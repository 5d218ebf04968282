import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog } from './dialog';

function Harness({ onConfirm }: { onConfirm?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Why can't I use my device?
      </button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Signing in using device is restricted"
        confirmLabel="OK"
        onConfirm={onConfirm}
        titleTestId="biometric-title"
        contentTestId="biometric-content"
        confirmTestId="biometric-confirm"
      >
        <p>Sign in using email address and password.</p>
      </Dialog>
    </>
  );
}

const NAME = 'Signing in using device is restricted';

/** What a screen reader reads as the element's description: the text of what aria-describedby names. */
const descriptionOf = (element: Element) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('Dialog', () => {
  it('opens as a dialog named by its title and described by its content, with test ids', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: "Why can't I use my device?" }));
    const dialog = await screen.findByRole('dialog', { name: NAME });
    expect(dialog.getAttribute('aria-describedby')).toBe(screen.getByTestId('biometric-content').id);
    expect(screen.getByTestId('biometric-title').textContent).toBe(NAME);
    expect(screen.getByTestId('biometric-confirm').textContent).toBe('OK');
  });

  it('closes on Escape and returns focus to the opener', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: "Why can't I use my device?" });
    await user.click(opener);
    await screen.findByRole('dialog', { name: NAME });
    await waitFor(() => expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true));

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('runs onConfirm and closes when the confirm button is pressed', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    render(<Harness onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: "Why can't I use my device?" }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps keyboard focus inside while open', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: "Why can't I use my device?" }));
    const dialog = await screen.findByRole('dialog', { name: NAME });
    await user.tab();
    await user.tab();
    await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('is described by its introductory sentence alone when its body is a form, or by nothing', async () => {
    const { rerender } = render(
      <Dialog open onOpenChange={vi.fn()} title="Confirm it is you" description="Enter your password first.">
        <form>
          <label>
            Password <input type="password" />
          </label>
          <button type="submit">Confirm</button>
        </form>
      </Dialog>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await waitFor(() => expect(descriptionOf(dialog)).toBe('Enter your password first.'));
    expect(screen.getByLabelText('Password')).toBeTruthy();
    rerender(
      <Dialog open onOpenChange={vi.fn()} title="Rename the passkey" description={null}>
        <form>
          <label>
            Name <input />
          </label>
        </form>
      </Dialog>,
    );
    const renamed = await screen.findByRole('dialog', { name: 'Rename the passkey' });
    await waitFor(() => expect(descriptionOf(renamed)).toBe(''));
  });
});
