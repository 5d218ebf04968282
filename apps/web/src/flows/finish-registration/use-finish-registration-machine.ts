import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useStartEffects } from '../../shared/machine';
import type { StatusAnswer } from '@gatehouse/contract';
import { runFinishRegistrationEffect } from './finish-registration.effects';
import type { FinishRegistrationDeps } from './finish-registration.effects';
import { startFinishRegistration, transition } from './finish-registration.machine';
import type {
  FinishRegistrationEffect,
  FinishRegistrationEvent,
  FinishRegistrationState,
} from './finish-registration.machine';

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

  // The first transition's effects: once, after the first commit.
  useStartEffects(
    first.effects,
    useCallback(
      (effect: FinishRegistrationEffect) => runFinishRegistrationEffect(effect, depsRef.current, send),
      [send],
    ),
  );

  return { state, send };
}
