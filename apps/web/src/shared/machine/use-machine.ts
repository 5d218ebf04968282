import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** A transition's outcome: the next state and the effects to run, in order. */
export interface Transition<State, Effect> {
  state: State;
  effects: readonly Effect[];
}

/** A flow's machine as its hook runs it: pure transitions, and the effects run with the flow's deps. */
export interface MachineParts<State, Event, Effect, Deps> {
  /** The first transition, applied before the first render. */
  start: () => Transition<State, Effect>;
  transition: (state: State, event: Event) => Transition<State, Effect>;
  run: (effect: Effect, deps: Deps, send: (event: Event) => void) => Promise<void>;
}

/**
 * Holds a flow machine's state and runs its effects, in order, with the latest deps.
 *
 * The first transition is applied before the first render, so that a server-rendered screen and
 * the one hydrating it are the same; its effects run once, after the first commit (also under
 * StrictMode, whose second mount must not run them again).
 *
 * `visit` counts the screen changes (a change of the state's type), also those React never
 * rendered (login → PIN → login in one batch): a flow that keys its screen with it makes each
 * visit a new screen for the focus rules (docs/decisions/0010-focus-and-announcements.md).
 */
export function useMachine<State extends { type: string }, Event, Effect, Deps>(
  parts: MachineParts<State, Event, Effect, Deps>,
  deps: Deps,
): { state: State; visit: number; send: (event: Event) => void } {
  const [first] = useState(() => parts.start());
  const [view, setView] = useState<{ state: State; visit: number }>({ state: first.state, visit: 0 });
  const current = useRef(view);
  const latest = useRef({ parts, deps });
  useLayoutEffect(() => {
    latest.current = { parts, deps };
  });

  const send = useCallback(function dispatch(event: Event) {
    const next = latest.current.parts.transition(current.current.state, event);
    const visit = next.state.type === current.current.state.type ? current.current.visit : current.current.visit + 1;
    current.current = { state: next.state, visit };
    setView(current.current);
    void (async () => {
      for (const effect of next.effects) await latest.current.parts.run(effect, latest.current.deps, dispatch);
    })();
  }, []);

  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      for (const effect of first.effects) await latest.current.parts.run(effect, latest.current.deps, send);
    })();
  }, [first, send]);

  return { state: view.state, visit: view.visit, send };
}
