import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useStartEffects } from '../../shared/machine';
import { runEffect } from './sign-in.effects';
import type { SignInDeps } from './sign-in.effects';
import { initialSignInState, transition } from './sign-in.machine';
import type { SignInEffect, SignInEvent, SignInState } from './sign-in.machine';

/**
 * Holds the machine's state and runs its effects, in order, with the given deps.
 * `visit` counts the screen changes (a change of the state's type), also those React never
 * rendered (login → PIN → login in one batch): the flow keys the screen shown with it, so each
 * visit is a new screen for the focus rules (docs/decisions/0010-focus-and-announcements.md).
 */
/**
 * `start`: the first event, applied before the first render (so that a server-rendered screen and the
 * one hydrating it are the same); its effects run once, after the first commit.
 */
export function useSignInMachine(
  deps: SignInDeps,
  start: () => SignInEvent,
): { state: SignInState; visit: number; send: (event: SignInEvent) => void } {
  const [first] = useState(() => transition(initialSignInState, start()));
  const [view, setView] = useState<{ state: SignInState; visit: number }>({ state: first.state, visit: 0 });
  const current = useRef<{ state: SignInState; visit: number }>({ state: first.state, visit: 0 });
  const depsRef = useRef(deps);
  useLayoutEffect(() => {
    depsRef.current = deps;
  });

  const send = useCallback(function dispatch(event: SignInEvent) {
    const next = transition(current.current.state, event);
    const visit = next.state.type === current.current.state.type ? current.current.visit : current.current.visit + 1;
    current.current = { state: next.state, visit };
    setView(current.current);
    void (async () => {
      for (const effect of next.effects) await runEffect(effect, depsRef.current, dispatch);
    })();
  }, []);

  // The first transition's effects: once, after the first commit.
  useStartEffects(
    first.effects,
    useCallback((effect: SignInEffect) => runEffect(effect, depsRef.current, send), [send]),
  );

  return { state: view.state, visit: view.visit, send };
}
