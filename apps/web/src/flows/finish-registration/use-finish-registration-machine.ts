import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { runFinishRegistrationEffect } from './finish-registration.effects';
import type { FinishRegistrationDeps } from './finish-registration.effects';
import { initialFinishRegistrationState, transition } from './finish-registration.machine';
import type { FinishRegistrationEvent, FinishRegistrationState } from './finish-registration.machine';

/** Holds the machine's state and runs its effects, in order, with the given deps. */
export function useFinishRegistrationMachine(
  token: string | null,
  deps: FinishRegistrationDeps,
): { state: FinishRegistrationState; send: (event: FinishRegistrationEvent) => void } {
  const [state, setState] = useState<FinishRegistrationState>(initialFinishRegistrationState);
  const current = useRef<FinishRegistrationState>(initialFinishRegistrationState);
  const depsRef = useRef(deps);
  useLayoutEffect(() => {
    depsRef.current = deps;
  });

  const send = useCallback(
    function dispatch(event: FinishRegistrationEvent) {
      const next = transition(token, current.current, event);
      current.current = next.state;
      setState(next.state);
      void (async () => {
        for (const effect of next.effects) await runFinishRegistrationEffect(effect, depsRef.current, dispatch);
      })();
    },
    [token],
  );

  return { state, send };
}
