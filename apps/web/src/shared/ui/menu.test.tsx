import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Menu, MenuItem } from './menu';

function Harness({ onRemove }: { onRemove: () => void }) {
  return (
    <Menu triggerLabel="Options for Jana Nováková">
      <MenuItem onSelect={onRemove}>Remove from list</MenuItem>
    </Menu>
  );
}

describe('Menu', () => {
  it('opens from its named icon button and activates an item with the keyboard', async () => {
    const onRemove = vi.fn();
    const user = userEvent.setup();
    render(<Harness onRemove={onRemove} />);
    const trigger = screen.getByRole('button', { name: 'Options for Jana Nováková' });

    await user.tab();
    expect(document.activeElement).toBe(trigger);
    await user.keyboard('{Enter}');
    const item = await screen.findByRole('menuitem', { name: 'Remove from list' });
    await waitFor(() => expect(document.activeElement).toBe(item));

    await user.keyboard('{Enter}');
    expect(onRemove).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('closes on Escape without activating anything', async () => {
    const onRemove = vi.fn();
    const user = userEvent.setup();
    render(<Harness onRemove={onRemove} />);
    await user.click(screen.getByRole('button', { name: 'Options for Jana Nováková' }));
    await screen.findByRole('menu');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(onRemove).not.toHaveBeenCalled();
  });
});
