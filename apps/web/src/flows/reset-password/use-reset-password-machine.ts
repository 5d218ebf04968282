import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useStartEffects } from '../../shared/machine';
import type { StatusAnswer } from '@gatehouse/contract';
import { runResetPasswordEffect } from './reset-password.effects';
import type { ResetPasswordDeps } from './reset-password.effects';
import { startResetPassword, transition } from './reset-password.machine';
import type { ResetPasswordEffect, ResetPasswordEvent, ResetPasswordState } from './reset-password.machine';

/** Holds the machine's state and runs its effects, in order, with the given deps. */
export function useResetPasswordMachine(
  token: string | null,
  deps: ResetPasswordDeps,
  /** The link's check, when the page came with it. */
  tokenAnswer?: StatusAnswer,
): { state: ResetPasswordState; send: (event: ResetPasswordEvent) => void } {
  // Started before the first render: a server-rendered page hydrates the screen it was rendered with.
  const [first] = useState(() => startResetPassword(token, tokenAnswer));
  const [state, setState] = useState<ResetPasswordState>(first.state);
  const current = useRef<ResetPasswordState>(first.state);
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

  // The first transition's effects: once, after the first commit.
  useStartEffects(
    first.effects,
    useCallback((effect: ResetPasswordEffect) => runResetPasswordEffect(effect, depsRef.current, send), [send]),
  );

  return { state, send };
}
