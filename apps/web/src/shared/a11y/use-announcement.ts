import { useEffect, useEffectEvent, useRef } from 'react';
import { useA11y } from './a11y-context';
import type { Politeness } from './a11y-context';

/**
 * Announces `message` when it appears and each time it or `key` changes; never on a plain
 * re-render. For messages that are not the answer to a submit: a status (the attempts left, a
 * cancelled passkey prompt) or an action's failure (a button that failed keeps focus).
 */
export function useAnnouncement(message: string | null, politeness: Politeness, key: unknown = null): void {
  const { announce, withdraw } = useA11y();
  const last = useRef<{ message: string | null; key: unknown }>({ message: null, key: null });
  const say = useEffectEvent((text: string) => announce(text, politeness));
  useEffect(() => {
    if (message === last.current.message && key === last.current.key) return;
    last.current = { message, key };
    if (message === null) return;
    say(message);
    // Gone (unmounted, or replaced) before it was said: not said. StrictMode's extra unmount
    // and mount in development takes it back and says it again: said once.
    return () => {
      last.current = { message: null, key: null };
      withdraw(message, politeness);
    };
  }, [message, key, withdraw, politeness]);
}
