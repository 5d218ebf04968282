import { useEffect, useEffectEvent, useRef } from 'react';
import type { Locale } from '@gatehouse/contract';
import { useFormatter } from '../i18n/formatter';
import { useA11y } from './a11y-context';
import type { Politeness } from './a11y-context';

/**
 * Announces `message` when it appears and each time it or `key` changes; never on a plain
 * re-render. For messages that are not the answer to a submit: a status (the attempts left, a
 * cancelled passkey prompt) or an action's failure (a button that failed keeps focus).
 *
 * A message that changes only because the person chose another language is the same message
 * translated: once said, it is not said again (the language choice keeps focus, and nothing else
 * of the page is read out then either; docs/decisions/0010-focus-and-announcements.md).
 */
export function useAnnouncement(message: string | null, politeness: Politeness, key: unknown = null): void {
  const { announce, withdraw } = useA11y();
  const { locale } = useFormatter();
  const last = useRef<{ message: string | null; key: unknown }>({ message: null, key: null });
  // The language and key of the notice on show, once given to the live region and not taken back
  // unsaid: kept across the effect's clean-up, which runs before each change.
  const shown = useRef<{ key: unknown; locale: Locale } | null>(null);
  const say = useEffectEvent((text: string) => announce(text, politeness));
  useEffect(() => {
    if (message === last.current.message && key === last.current.key) return;
    last.current = { message, key };
    const before = shown.current;
    shown.current = message === null ? null : { key, locale };
    if (message === null) return;
    if (before === null || before.key !== key || before.locale === locale) say(message);
    // Gone (unmounted, or replaced) before it was said: not said. StrictMode's extra unmount
    // and mount in development takes it back and says it again: said once.
    return () => {
      last.current = { message: null, key: null };
      if (withdraw(message, politeness)) shown.current = null;
    };
  }, [message, key, locale, withdraw, politeness]);
}
