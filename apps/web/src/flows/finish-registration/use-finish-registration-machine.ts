import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { StatusAnswer } from '@gatehouse/contract';
import { runFinishRegistrationEffect } from './finish-registration.effects';
import type { FinishRegistrationDeps } from './finish-registration.effects';
import { startFinishRegistration, transition } from './finish-registration.machine';
import type { FinishRegistrationEvent, FinishRegistrationState } from './finish-registration.machine';

/** Holds the machine's state and runs its effects, in order, with the given deps. */
export function useFinishRegistrationMachine(
  token: string | null,
  deps: FinishRegistrationDeps,
  /** The link's check, when the page came with it. */
  tokenAnswer?: StatusAnswer,
): { state: FinishRegistrationState; send: (event: FinishRegistrationEvent) => void } {
  // Started before the first render: a server-rendered page hydrates the screen it was rendered with.
  const [first] = useState(() => startFinishRegistration(token, tokenAnswer));
  const [state, setState] = useState<FinishRegistrationState>(first.state);
  const current = useRef<FinishRegistrationState>(first.state);
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

  // The first transition's effects (the link's check, when the page did not come with it): once.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      for (const effect of first.effects) await runFinishRegistrationEffect(effect, depsRef.current, send);
    })();
  }, [first, send]);

  return { state, send };
}
