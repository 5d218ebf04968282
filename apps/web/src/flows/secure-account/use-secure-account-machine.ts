import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { runSecureAccountEffect } from './secure-account.effects';
import type { SecureAccountDeps } from './secure-account.effects';
import { initialSecureAccountState, transition } from './secure-account.machine';
import type { SecureAccountEvent, SecureAccountState } from './secure-account.machine';

/** Holds the machine's state and runs its effects, in order, with the given deps. */
export function useSecureAccountMachine(
  token: string | null,
  deps: SecureAccountDeps,
): { state: SecureAccountState; send: (event: SecureAccountEvent) => void } {
  const [state, setState] = useState<SecureAccountState>(initialSecureAccountState);
  const current = useRef<SecureAccountState>(initialSecureAccountState);
  const depsRef = useRef(deps);
  useLayoutEffect(() => {
    depsRef.current = deps;
  });

  const send = useCallback(
    function dispatch(event: SecureAccountEvent) {
      const next = transition(token, current.current, event);
      current.current = next.state;
      setState(next.state);
      void (async () => {
        for (const effect of next.effects) await runSecureAccountEffect(effect, depsRef.current, dispatch);
      })();
    },
    [token],
  );

  return { state, send };
}
