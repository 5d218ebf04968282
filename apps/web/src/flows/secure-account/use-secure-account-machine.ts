import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { StatusAnswer } from '@gatehouse/contract';
import { useStartEffects } from '../../shared/machine';
import { runSecureAccountEffect } from './secure-account.effects';
import type { SecureAccountDeps } from './secure-account.effects';
import { startSecureAccount, transition } from './secure-account.machine';
import type { SecureAccountEffect, SecureAccountEvent, SecureAccountState } from './secure-account.machine';

/** Holds the machine's state and runs its effects, in order, with the given deps. */
export function useSecureAccountMachine(
  token: string | null,
  deps: SecureAccountDeps,
  /** The link's check, when the page came with it. */
  linkAnswer?: StatusAnswer,
): { state: SecureAccountState; send: (event: SecureAccountEvent) => void } {
  // Started before the first render: a server-rendered page hydrates the screen it was rendered with.
  const [first] = useState(() => startSecureAccount(token, linkAnswer));
  const [state, setState] = useState<SecureAccountState>(first.state);
  const current = useRef<SecureAccountState>(first.state);
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

  // The first transition's effects: once, after the first commit.
  useStartEffects(
    first.effects,
    useCallback((effect: SecureAccountEffect) => runSecureAccountEffect(effect, depsRef.current, send), [send]),
  );

  return { state, send };
}
