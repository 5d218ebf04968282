import { useLayoutEffect, useMemo, useRef } from 'react';
import type { ReactNode } from 'react';
import { useT } from '../i18n/use-t';
import { A11yContext } from './a11y-context';
import type { A11yApi, Politeness } from './a11y-context';
import { mayMoveFocusToScreen } from './focus-rules';

/** The region is emptied first, then filled: the same message twice is announced twice. */
const ANNOUNCE_DELAY_MS = 100;
/** A message leaves its region after a while, so a stale one is not found when reading the page later. */
const ANNOUNCEMENT_CLEAR_MS = 15_000;
/** On a region while a message waits its ANNOUNCE_DELAY_MS to be said. */
const PENDING_ATTRIBUTE = 'data-pending';

/**
 * The page's one polite and one assertive live region, the focus rule for new screens, and
 * the document title (docs/decisions/0010-focus-and-announcements.md). Inside I18nProvider.
 */
export function A11yProvider({ children }: { children: ReactNode }) {
  const t = useT();
  const format = useRef(t);
  useLayoutEffect(() => {
    format.current = t;
  }, [t]);
  const polite = useRef<HTMLDivElement>(null);
  const assertive = useRef<HTMLDivElement>(null);
  const firstScreen = useRef<HTMLElement | null>(null);

  const api = useMemo<A11yApi>(() => {
    // Each region says its messages one after another: a message that comes while another is on
    // its way waits its turn instead of replacing it (a caps-lock notice and the passkey notice
    // may come within the same moment; a screen-reader user must hear both).
    const regions: Record<Politeness, { timer?: ReturnType<typeof setTimeout>; queue: string[]; busy: boolean }> = {
      polite: { queue: [], busy: false },
      assertive: { queue: [], busy: false },
    };
    // A message stays first in its queue until it is said, so that it can be taken back until then.
    const sayNext = (politeness: Politeness, region: HTMLElement) => {
      const state = regions[politeness];
      const [message] = state.queue;
      if (message === undefined) {
        state.busy = false;
        region.removeAttribute(PENDING_ATTRIBUTE);
        state.timer = setTimeout(() => {
          region.textContent = '';
        }, ANNOUNCEMENT_CLEAR_MS);
        return;
      }
      state.busy = true;
      // Emptied first, then filled: the same message twice is said twice.
      region.textContent = '';
      // Marks a message on its way (a test waits for it to be said rather than for a time).
      region.setAttribute(PENDING_ATTRIBUTE, '');
      state.timer = setTimeout(() => {
        // Taken back meanwhile (withdraw): not said, the region goes on to the next.
        if (state.queue[0] === message) region.textContent = state.queue.shift() ?? '';
        // Said before the region is touched again for the next one.
        state.timer = setTimeout(() => sayNext(politeness, region), ANNOUNCE_DELAY_MS);
      }, ANNOUNCE_DELAY_MS);
    };
    const titles: { frame: string | null; screen: string | null } = { frame: null, screen: null };
    return {
      announce(message, politeness) {
        const region = (politeness === 'assertive' ? assertive : polite).current;
        if (region === null || message.trim() === '') return;
        const state = regions[politeness];
        // The same message already waiting is said once.
        if (state.queue.includes(message)) return;
        state.queue.push(message);
        if (state.busy) return;
        clearTimeout(state.timer);
        sayNext(politeness, region);
      },
      withdraw(message, politeness) {
        const state = regions[politeness];
        const waiting = state.queue.includes(message);
        state.queue = state.queue.filter((queued) => queued !== message);
        return waiting;
      },
      screenShown(heading) {
        // What was said of the screen before leaves the regions, where browse mode would still find
        // it; a message on its way is said (a new screen may come with one).
        for (const [politeness, region] of [
          ['polite', polite.current],
          ['assertive', assertive.current],
        ] as const) {
          if (region && !regions[politeness].busy) {
            clearTimeout(regions[politeness].timer);
            region.textContent = '';
          }
        }
        // The page's first screen: the page has just loaded, the person starts at its top.
        // (React's development double effects report the same heading twice.)
        if (firstScreen.current === null || firstScreen.current === heading) {
          firstScreen.current = heading;
          return;
        }
        if (mayMoveFocusToScreen(document.activeElement)) heading.focus();
      },
      setTitle(owner, title) {
        titles[owner] = title;
        const frame = titles.frame ?? format.current('app.title');
        document.title =
          titles.screen === null ? frame : format.current('app.pageTitle', { screen: titles.screen, app: frame });
      },
    };
  }, []);

  return (
    <A11yContext value={api}>
      {children}
      {/* Both regions are there from the start: a region that appears with its text is not announced reliably. */}
      <div
        ref={polite}
        className="visually-hidden"
        role="status"
        aria-live="polite"
        aria-atomic="true"
        data-announcer="polite"
      />
      <div
        ref={assertive}
        className="visually-hidden"
        role="alert"
        aria-live="assertive"
        aria-atomic="true"
        data-announcer="assertive"
      />
    </A11yContext>
  );
}
