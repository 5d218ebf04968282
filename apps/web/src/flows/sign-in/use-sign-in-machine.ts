import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { runEffect } from './sign-in.effects';
import type { SignInDeps } from './sign-in.effects';
import { initialSignInState, transition } from './sign-in.machine';
import type { SignInEvent, SignInState } from './sign-in.machine';

/** Holds the machine's state and runs its effects, in order, with the given deps. */
export function useSignInMachine(deps: SignInDeps): { state: SignInState; send: (event: SignInEvent) => void } {
  const [state, setState] = useState<SignInState>(initialSignInState);
  const current = useRef<SignInState>(initialSignInState);
  const depsRef = useRef(deps);
  useLayoutEffect(() => {
    depsRef.current = deps;
  });

  const send = useCallback(function dispatch(event: SignInEvent) {
    const next = transition(current.current, event);
    current.current = next.state;
    setState(next.state);
    void (async () => {
      for (const effect of next.effects) await runEffect(effect, depsRef.current, dispatch);
    })();
  }, []);

  return { state, send };
}
