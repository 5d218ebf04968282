import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { runResetPasswordEffect } from './reset-password.effects';
import type { ResetPasswordDeps } from './reset-password.effects';
import { initialResetPasswordState, transition } from './reset-password.machine';
import type { ResetPasswordEvent, ResetPasswordState } from './reset-password.machine';

/** Holds the machine's state and runs its effects, in order, with the given deps. */
export function useResetPasswordMachine(
  token: string | null,
  deps: ResetPasswordDeps,
): { state: ResetPasswordState; send: (event: ResetPasswordEvent) => void } {
  const [state, setState] = useState<ResetPasswordState>(initialResetPasswordState);
  const current = useRef<ResetPasswordState>(initialResetPasswordState);
  const depsRef = useRef(deps);
  useLayoutEffect(() => {
    depsRef.current = deps;
  });

  const send = useCallback(
    function dispatch(event: ResetPasswordEvent) {
      const next = transition(token, current.current, event);
      current.current = next.state;
      setState(next.state);
      void (async () => {
        for (const effect of next.effects) await runResetPasswordEffect(effect, depsRef.current, dispatch);
      })();
    },
    [token],
  );

  return { state, send };
}
