import { describe, expect, it, vi } from 'vitest';
import {
  SNACKBAR_AUTO_HIDE_MS,
  createSnackbarController,
  initialSnackbarState,
  snackbarReducer,
} from './snackbar-store';
import type { SnackbarState } from './snackbar-store';

const show = (state: SnackbarState, id: string, message = id) =>
  snackbarReducer(state, { type: 'snackbar.show', id, options: { message } });

describe('snackbarReducer', () => {
  it('makes a shown snackbar the active one with the 6000 ms default duration', () => {
    const state = show(initialSnackbarState, 'a');
    expect(state.active?.id).toBe('a');
    expect(state.active?.durationMs).toBe(SNACKBAR_AUTO_HIDE_MS);
    expect(SNACKBAR_AUTO_HIDE_MS).toBe(6000);
  });

  it('replaces the active snackbar when another is shown', () => {
    const state = show(show(initialSnackbarState, 'a'), 'b');
    expect(state.active?.id).toBe('b');
  });

  it('ignores hide for an id that is no longer active', () => {
    const state = show(show(initialSnackbarState, 'old'), 'new');
    expect(snackbarReducer(state, { type: 'snackbar.hide', id: 'old' })).toBe(state);
  });

  it('hides the snackbar whose id is active', () => {
    const state = show(initialSnackbarState, 'a');
    expect(snackbarReducer(state, { type: 'snackbar.hide', id: 'a' }).active).toBeNull();
  });

  it('does not hide on Escape or click-away, only on timeout', () => {
    const state = show(initialSnackbarState, 'a');
    expect(snackbarReducer(state, { type: 'snackbar.close', id: 'a', reason: 'escapeKeyDown' })).toBe(state);
    expect(snackbarReducer(state, { type: 'snackbar.close', id: 'a', reason: 'clickaway' })).toBe(state);
    expect(snackbarReducer(state, { type: 'snackbar.close', id: 'a', reason: 'timeout' }).active).toBeNull();
  });

  it('ignores the timeout of a snackbar that was already replaced', () => {
    const state = show(show(initialSnackbarState, 'a'), 'b');
    expect(snackbarReducer(state, { type: 'snackbar.close', id: 'a', reason: 'timeout' }).active?.id).toBe('b');
  });

  it('gives a re-shown id a new serial so its timer and announcement restart', () => {
    const first = show(initialSnackbarState, 'a');
    const again = show(first, 'a');
    expect(again.active?.serial).toBeGreaterThan(first.active?.serial ?? Infinity);
  });
});

describe('createSnackbarController', () => {
  it('returns distinct generated ids and keeps a given id', () => {
    const controller = createSnackbarController();
    const a = controller.show({ message: 'a' });
    const b = controller.show({ message: 'b' });
    expect(a).not.toBe(b);
    expect(controller.show({ id: 'network', message: 'n' })).toBe('network');
  });

  it('notifies subscribers only when the state changes', () => {
    const controller = createSnackbarController();
    const listener = vi.fn();
    controller.subscribe(listener);
    const id = controller.show({ message: 'a' });
    controller.hide('someone-else');
    controller.close(id, 'escapeKeyDown');
    expect(listener).toHaveBeenCalledTimes(1);
    controller.hide(id);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(controller.getState().active).toBeNull();
  });
});
