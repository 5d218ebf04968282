import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { announced, expectAnnounced } from '../../testing/test-utils';
import { IntlWrapper } from '../test-intl';
import { SNACKBAR_CLEARANCE_PROPERTY, SnackbarProvider } from './snackbar-provider';
import { useSnackbar } from './use-snackbar';
import type { SnackbarTimers } from './snackbar-provider';
import type { SnackbarOptions } from './snackbar-store';

const ids: Record<string, string> = {};

function Harness({ onAction = () => {} }: { onAction?: () => void }) {
  const snackbar = useSnackbar();
  const show = (key: string, options: SnackbarOptions) => () => {
    ids[key] = snackbar.show(options);
  };
  return (
    <div>
      <button type="button" onClick={show('first', { message: 'First message' })}>
        Show first
      </button>
      <button type="button" onClick={show('second', { message: 'Second message' })}>
        Show second
      </button>
      <button
        type="button"
        onClick={show('action', { message: 'Network problem', action: { label: 'Reload', onClick: onAction } })}
      >
        Show with action
      </button>
      <button type="button" onClick={show('error', { message: 'Sign-in failed', severity: 'error' })}>
        Show error
      </button>
      <button type="button" onClick={() => snackbar.hide(ids.first ?? '')}>
        Hide first
      </button>
      <p>Outside text</p>
    </div>
  );
}

/** Injected timers driven by hand, so user-event keeps its real timers. */
function manualTimers() {
  let now = 0;
  let nextHandle = 0;
  const pending = new Map<number, { at: number; callback: () => void }>();
  const timers: SnackbarTimers = {
    setTimeout: (callback, ms) => {
      pending.set(++nextHandle, { at: now + ms, callback });
      return nextHandle;
    },
    clearTimeout: (handle) => {
      pending.delete(handle as number);
    },
  };
  const advanceBy = (ms: number) => {
    now += ms;
    for (const [handle, timer] of [...pending].sort((a, b) => a[1].at - b[1].at)) {
      if (timer.at <= now && pending.has(handle)) {
        pending.delete(handle);
        timer.callback();
      }
    }
  };
  return { timers, advanceBy };
}

let clock = manualTimers();
const advance = (ms: number) => act(() => clock.advanceBy(ms));

/** The snackbar saying `text` is still shown `shown` ms from now, and gone `then` ms after that. */
function expectShownFor(text: string, shown: number, then: number) {
  advance(shown);
  expect(screen.queryByText(text)).not.toBeNull();
  advance(then);
  expect(screen.queryByText(text)).toBeNull();
}

function setup(onAction?: () => void) {
  clock = manualTimers();
  const user = userEvent.setup();
  render(
    <IntlWrapper>
      <SnackbarProvider timers={clock.timers}>
        <Harness onAction={onAction} />
      </SnackbarProvider>
    </IntlWrapper>,
  );
  return user;
}

describe('SnackbarProvider', () => {
  it("announces the message once in the page's polite live region; the snackbar itself is no live region", async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Show first' }));
    await expectAnnounced('First message', 'polite');
    expect(screen.getByText('First message').closest('[aria-live], [role="status"], [role="alert"]')).toBeNull();
    expect(announced('assertive')).toBe('');
  });

  it('keeps the page bottom free while it is shown, so the footer can be scrolled clear of it', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Show first' }));
    expect(document.documentElement.style.getPropertyValue(SNACKBAR_CLEARANCE_PROPERTY)).toMatch(/^\d+px$/);
    await user.click(screen.getByRole('button', { name: 'Hide first' }));
    expect(document.documentElement.style.getPropertyValue(SNACKBAR_CLEARANCE_PROPERTY)).toBe('');
  });

  it('shows one snackbar at a time: a new one replaces the active one', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Show first' }));
    await user.click(screen.getByRole('button', { name: 'Show second' }));
    expect(screen.queryByText('First message')).toBeNull();
    expect(screen.getByText('Second message')).toBeTruthy();
  });

  it('does nothing when hide is called with an id that is no longer active', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Show first' }));
    await user.click(screen.getByRole('button', { name: 'Show second' }));
    await user.click(screen.getByRole('button', { name: 'Hide first' }));
    expect(screen.getByText('Second message')).toBeTruthy();
  });

  it('hides the snackbar when hide is called with the active id', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Show first' }));
    await user.click(screen.getByRole('button', { name: 'Hide first' }));
    expect(screen.queryByText('First message')).toBeNull();
  });

  it('hides itself 6000 ms after it was shown, not earlier', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Show first' }));
    expectShownFor('First message', 5999, 1);
  });

  it('restarts the timer for a replacing snackbar', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Show first' }));
    advance(4000);
    await user.click(screen.getByRole('button', { name: 'Show second' }));
    expectShownFor('Second message', 4000, 2000);
  });

  it('stays visible after Escape and a click elsewhere', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Show first' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByText('Outside text'));
    expect(screen.queryByText('First message')).not.toBeNull();
  });

  it('offers the action as a button that the keyboard reaches and activates', async () => {
    const onAction = vi.fn();
    const user = setup(onAction);
    await user.click(screen.getByRole('button', { name: 'Show with action' }));
    const action = screen.getByRole('button', { name: 'Reload' });
    // Focus is on the opener; Tab moves through the page to the snackbar's action.
    for (let i = 0; i < 10 && document.activeElement !== action; i++) await user.tab();
    expect(document.activeElement).toBe(action);
    await user.keyboard('{Enter}');
    expect(onAction).toHaveBeenCalledTimes(1);
  });

  it('keeps the snackbar while focus is on its action and hides it after focus leaves', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Show with action' }));
    const action = screen.getByRole('button', { name: 'Reload' });
    act(() => action.focus());
    advance(10_000);
    expect(screen.queryByText('Network problem')).not.toBeNull();
    act(() => screen.getByRole('button', { name: 'Show first' }).focus());
    advance(6000);
    expect(screen.queryByText('Network problem')).toBeNull();
  });

  it("announces an error snackbar in the page's assertive live region", async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Show error' }));
    await expectAnnounced('Sign-in failed', 'assertive');
    expect(announced('polite')).toBe('');
  });

  it('returns focus to where it came from when the snackbar with focus is hidden', async () => {
    const user = setup();
    const opener = screen.getByRole('button', { name: 'Show with action' });
    await user.click(opener);
    const action = screen.getByRole('button', { name: 'Reload' });
    for (let i = 0; i < 10 && document.activeElement !== action; i++) await user.tab();
    expect(document.activeElement).toBe(action);
    const cameFrom = screen.getByRole('button', { name: 'Hide first' });
    // Replace it (from code, focus untouched) by a snackbar without an action.
    await act(async () => {
      screen.getByRole('button', { name: 'Show first' }).dispatchEvent(new MouseEvent('click', { bubbles: true }));
    });
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
    // Tab reached the action from the last page button, so focus goes back there.
    expect(document.activeElement).toBe(cameFrom);
  });
});
