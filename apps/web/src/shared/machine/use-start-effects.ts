import { useEffect, useRef } from 'react';

/**
 * Runs the effects of a machine's first transition (applied before the first render, so that a
 * server-rendered screen and the one hydrating it are the same) once, in order, after the first
 * commit; also under StrictMode, whose second mount must not run them again.
 */
export function useStartEffects<Effect>(effects: readonly Effect[], run: (effect: Effect) => Promise<void>): void {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      for (const effect of effects) await run(effect);
    })();
  }, [effects, run]);
}
