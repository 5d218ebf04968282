import { useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { SnackbarContext } from './snackbar-context';
import type { SnackbarApi } from './snackbar-context';
import { createSnackbarController } from './snackbar-store';
import type { ActiveSnackbar, SnackbarController } from './snackbar-store';
import styles from './snackbar.module.css';

export interface SnackbarTimers {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const browserTimers: SnackbarTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface SnackbarProviderProps {
  children?: ReactNode;
  /** Share one controller with code outside React; by default the provider makes its own. */
  controller?: SnackbarController;
  /** Injected timers (tests); defaults to the global setTimeout/clearTimeout. */
  timers?: SnackbarTimers;
}

/**
 * Renders the one active snackbar, anchored bottom centre, and gives `useSnackbar()` to its
 * children. The auto-hide timer pauses while the pointer is over the snackbar or focus is in it
 * (WCAG 2.2.1), and restarts in full when they leave. Escape and click-away hide nothing.
 */
export function SnackbarProvider({ children, controller, timers = browserTimers }: SnackbarProviderProps) {
  const [ownController] = useState(createSnackbarController);
  const store = controller ?? ownController;
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const active = state.active;
  const api = useMemo<SnackbarApi>(() => ({ show: store.show, hide: store.hide }), [store]);

  // Pause per showing: a new snackbar starts with its own, running timer.
  const [pausedSerial, setPausedSerial] = useState<number | null>(null);
  const paused = active !== null && pausedSerial === active.serial;

  useEffect(() => {
    if (!active || paused) return;
    const handle = timers.setTimeout(() => store.close(active.id, 'timeout'), active.durationMs);
    return () => timers.clearTimeout(handle);
  }, [active, paused, store, timers]);

  const pause = () => {
    if (active) setPausedSerial(active.serial);
  };
  const resume = () => setPausedSerial(null);

  // If a keyboard user is on the action when the snackbar goes away (or is replaced), focus
  // would fall to <body>; send it back to where it came from instead.
  const container = useRef<HTMLDivElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const target = returnFocusTo.current;
    if (!target) return;
    const focus = document.activeElement;
    if (container.current?.contains(focus)) return;
    returnFocusTo.current = null;
    if ((focus === null || focus === document.body) && target.isConnected) target.focus();
  }, [active]);

  return (
    <SnackbarContext value={api}>
      {children}
      <div className={styles.viewport} data-open={active ? '' : undefined}>
        <div
          className={styles.snackbar}
          data-severity={active?.severity}
          onPointerEnter={pause}
          onPointerLeave={resume}
          ref={container}
          onFocus={(event) => {
            const from = event.relatedTarget;
            if (from instanceof HTMLElement && !event.currentTarget.contains(from)) returnFocusTo.current = from;
            pause();
          }}
          onBlur={(event) => {
            const to = event.relatedTarget;
            if (to instanceof Node && event.currentTarget.contains(to)) return;
            // Focus moved elsewhere on purpose: nothing to return.
            if (to) returnFocusTo.current = null;
            resume();
          }}
        >
          {/* Both live regions stay mounted so that new content is announced reliably. */}
          <div className={styles.message} role="status" aria-live="polite" aria-atomic="true">
            {active?.severity === 'info' && <SnackbarMessage active={active} />}
          </div>
          <div className={styles.message} role="alert" aria-atomic="true">
            {active?.severity === 'error' && <SnackbarMessage active={active} />}
          </div>
          {active?.action && (
            <button key={active.serial} type="button" className={styles.action} onClick={active.action.onClick}>
              {active.action.label}
            </button>
          )}
        </div>
      </div>
    </SnackbarContext>
  );
}

function SnackbarMessage({ active }: { active: ActiveSnackbar }) {
  // Keyed by serial: showing the same text again replaces the node and is announced again.
  return (
    <span key={active.serial} className={styles.text} data-snackbar-id={active.id}>
      {active.message}
    </span>
  );
}
