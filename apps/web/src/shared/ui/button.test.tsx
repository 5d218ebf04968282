import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from './button';

describe('Button', () => {
  it('calls onClick once per click when not loading', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Sign in</Button>);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('while loading keeps its label as the accessible name, reports aria-busy and shows the indicator', () => {
    render(<Button loading>Sign in</Button>);
    const button = screen.getByRole('button', { name: 'Sign in' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.querySelector('[data-loading-indicator]')).not.toBeNull();
    // Still focusable, so keyboard focus is not lost when loading starts.
    expect(button.hasAttribute('disabled')).toBe(false);
  });

  it('ignores clicks while loading', async () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Sign in
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Sign in' });
    await userEvent.click(button);
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('submits its form once and blocks a second submit while the caller shows loading', async () => {
    const onSubmit = vi.fn((event: React.FormEvent) => event.preventDefault());
    const { rerender } = render(
      <form onSubmit={onSubmit} noValidate>
        <Button type="submit">Sign in</Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Sign in' });
    await userEvent.click(button);
    rerender(
      <form onSubmit={onSubmit} noValidate>
        <Button type="submit" loading>
          Sign in
        </Button>
      </form>,
    );
    await userEvent.click(button);
    await userEvent.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('defaults to type button so it does not submit forms by accident', () => {
    render(<Button>Cancel</Button>);
    expect(screen.getByRole('button', { name: 'Cancel' }).getAttribute('type')).toBe('button');
  });
});
