import type { ReactNode } from 'react';

/** The shared snackbar hides itself after 6000 ms. */
export const SNACKBAR_AUTO_HIDE_MS = 6000;

export type SnackbarId = string;

export type SnackbarSeverity = 'info' | 'error';

export interface SnackbarAction {
  /** Visible button text (already translated). */
  label: string;
  onClick: () => void;
}

export interface SnackbarOptions {
  /** Reuse a known id (e.g. 'network-problem') so a caller can hide exactly its own snackbar. */
  id?: SnackbarId;
  message: ReactNode;
  action?: SnackbarAction;
  /** Auto-hide delay; defaults to SNACKBAR_AUTO_HIDE_MS. */
  durationMs?: number;
  /** 'error' is announced assertively (role="alert"); the default 'info' politely. */
  severity?: SnackbarSeverity;
}

export interface ActiveSnackbar {
  id: SnackbarId;
  /** Increases on every show, so showing the same id again restarts its timer and announcement. */
  serial: number;
  message: ReactNode;
  action?: SnackbarAction;
  durationMs: number;
  severity: SnackbarSeverity;
}

export interface SnackbarState {
  active: ActiveSnackbar | null;
  serial: number;
}

/** Why a close was requested. Only 'timeout' hides the snackbar (Escape and a click elsewhere do not). */
export type SnackbarCloseReason = 'timeout' | 'escapeKeyDown' | 'clickaway';

export type SnackbarEvent =
  | { type: 'snackbar.show'; id: SnackbarId; options: SnackbarOptions }
  | { type: 'snackbar.hide'; id: SnackbarId }
  | { type: 'snackbar.close'; id: SnackbarId; reason: SnackbarCloseReason };

export const initialSnackbarState: SnackbarState = { active: null, serial: 0 };

/**
 * The pure rules of the snackbar system:
 * - one snackbar is active at a time; showing a new one replaces the old one;
 * - hide(id) and the timeout act only if `id` is still the active one;
 * - Escape and click-away are closing triggers that do not hide anything.
 */
export function snackbarReducer(state: SnackbarState, event: SnackbarEvent): SnackbarState {
  switch (event.type) {
    case 'snackbar.show': {
      const serial = state.serial + 1;
      const { message, action, durationMs = SNACKBAR_AUTO_HIDE_MS, severity = 'info' } = event.options;
      return { serial, active: { id: event.id, serial, message, action, durationMs, severity } };
    }
    case 'snackbar.hide':
      return state.active?.id === event.id ? { ...state, active: null } : state;
    case 'snackbar.close':
      if (event.reason !== 'timeout') return state;
      return state.active?.id === event.id ? { ...state, active: null } : state;
    default:
      event satisfies never;
      return state;
  }
}

/**
 * A tiny external store around the reducer. The provider renders it; code outside React
 * (e.g. a global HTTP error handler) may hold the same controller and call show/hide.
 */
export interface SnackbarController {
  show: (options: SnackbarOptions) => SnackbarId;
  hide: (id: SnackbarId) => void;
  close: (id: SnackbarId, reason: SnackbarCloseReason) => void;
  getState: () => SnackbarState;
  subscribe: (listener: () => void) => () => void;
}

export function createSnackbarController(): SnackbarController {
  let state = initialSnackbarState;
  let generated = 0;
  const listeners = new Set<() => void>();
  const dispatch = (event: SnackbarEvent) => {
    const next = snackbarReducer(state, event);
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    show(options) {
      const id = options.id ?? `snackbar-${++generated}`;
      dispatch({ type: 'snackbar.show', id, options });
      return id;
    },
    hide: (id) => dispatch({ type: 'snackbar.hide', id }),
    close: (id, reason) => dispatch({ type: 'snackbar.close', id, reason }),
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
