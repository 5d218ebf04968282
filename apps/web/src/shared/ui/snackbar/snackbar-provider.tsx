import { useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { ReactNode, RefObject } from 'react';
import { SNACKBAR_ATTRIBUTE, useAnnounce } from '../../a11y';
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

/** The CSS custom property the page frame keeps free at its bottom while a snackbar is shown. */
export const SNACKBAR_CLEARANCE_PROPERTY = '--snackbar-clearance';

/**
 * Renders the one active snackbar, anchored bottom centre, and gives `useSnackbar()` to its
 * children. The auto-hide timer pauses while the pointer is over the snackbar or focus is in it
 * (WCAG 2.2.1), and restarts in full when they leave. Escape and click-away hide nothing.
 * Its message is announced once per showing through the page's live regions (errors
 * assertively); the snackbar grows to show its whole message, and while it is shown the page
 * keeps its height free at the bottom, so the footer can be scrolled clear of it.
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

  // Announced once per showing (a re-shown message is announced again).
  const announce = useAnnounce();
  const message = useRef<HTMLSpanElement>(null);
  const announceShown = useEffectEvent((severity: ActiveSnackbar['severity']) => {
    const text = message.current?.textContent ?? '';
    announce(text, severity === 'error' ? 'assertive' : 'polite');
  });
  const shownSerial = active?.serial ?? null;
  const shownSeverity = active?.severity ?? 'info';
  useEffect(() => {
    if (shownSerial !== null) announceShown(shownSeverity);
  }, [shownSerial, shownSeverity]);

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

  useSnackbarClearance(container, active !== null);

  return (
    <SnackbarContext value={api}>
      {children}
      <div className={styles.viewport} data-open={active ? '' : undefined}>
        <div
          className={styles.snackbar}
          {...{ [SNACKBAR_ATTRIBUTE]: '' }}
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
          {active && (
            <div className={styles.message}>
              {/* Keyed by serial: a re-shown message is a new node. */}
              <span key={active.serial} ref={message} className={styles.text} data-snackbar-id={active.id}>
                {active.message}
              </span>
            </div>
          )}
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

/**
 * While a snackbar is shown, the document says how much of the page's bottom it covers (its
 * height and its offset), so the page frame keeps that much free below the footer.
 */
function useSnackbarClearance(snackbar: RefObject<HTMLDivElement | null>, open: boolean): void {
  useLayoutEffect(() => {
    const element = snackbar.current;
    const root = document.documentElement;
    if (!open || !element) return;
    const measure = () => {
      // Its height and its distance from the bottom (24 or 56 px), and a little air.
      const offset = element.parentElement ? parseFloat(getComputedStyle(element.parentElement).bottom) || 0 : 0;
      root.style.setProperty(SNACKBAR_CLEARANCE_PROPERTY, `${Math.ceil(element.offsetHeight + offset + 8)}px`);
    };
    measure();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
      root.style.removeProperty(SNACKBAR_CLEARANCE_PROPERTY);
    };
  }, [snackbar, open]);
}
