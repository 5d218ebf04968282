import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { StatusAnswer } from '@gatehouse/contract';
import { runResetPasswordEffect } from './reset-password.effects';
import type { ResetPasswordDeps } from './reset-password.effects';
import { startResetPassword, transition } from './reset-password.machine';
import type { ResetPasswordEvent, ResetPasswordState } from './reset-password.machine';

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

  // The first transition's effects (the link's check, when the page did not come with it): once.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      for (const effect of first.effects) await runResetPasswordEffect(effect, depsRef.current, send);
    })();
  }, [first, send]);

  return { state, send };
}
