import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { StatusAnswer } from '@gatehouse/contract';
import { useStartEffects } from '../../shared/machine';
import { runTokenLinkEffect } from './token-link.effects';
import type { TokenLinkDeps } from './token-link.effects';
import { startTokenLink, transition } from './token-link.machine';
import type { TokenLinkEffect, TokenLinkEvent, TokenLinkState, TokenLinkSteps } from './token-link.machine';

/** Holds the machine's state and runs its effects, in order, with the given deps. */
export function useTokenLinkMachine(
  steps: TokenLinkSteps,
  token: string | null,
  deps: TokenLinkDeps,
  /** The link's check, when the page came with it. */
  tokenAnswer?: StatusAnswer,
): { state: TokenLinkState; send: (event: TokenLinkEvent) => void } {
  // Started before the first render: a server-rendered page hydrates the screen it was rendered with.
  const [first] = useState(() => startTokenLink(steps, token, tokenAnswer));
  const [state, setState] = useState<TokenLinkState>(first.state);
  const current = useRef<TokenLinkState>(first.state);
  const depsRef = useRef(deps);
  useLayoutEffect(() => {
    depsRef.current = deps;
  });

  const send = useCallback(
    function dispatch(event: TokenLinkEvent) {
      const next = transition(steps, token, current.current, event);
      current.current = next.state;
      setState(next.state);
      void (async () => {
        for (const effect of next.effects) await runTokenLinkEffect(effect, depsRef.current, dispatch);
      })();
    },
    [steps, token],
  );

  // The first transition's effects: once, after the first commit.
  useStartEffects(
    first.effects,
    useCallback((effect: TokenLinkEffect) => runTokenLinkEffect(effect, depsRef.current, send), [send]),
  );

  return { state, send };
}
