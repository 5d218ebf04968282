import { createContext } from 'react';
import { useProvided } from '../context/use-provided';

export type Politeness = 'polite' | 'assertive';

/** The page-wide focus, announcement and title rules (docs/decisions/0010-focus-and-announcements.md). */
export interface A11yApi {
  /**
   * Puts a message in the page's one polite (status) or one assertive (error) live region.
   * Call it once per event (a failure, a status change), never from a render.
   */
  announce: (message: string, politeness: Politeness) => void;
  /**
   * Takes back a message not yet said: what it speaks of has gone (a notice removed the moment it
   * appeared). One already said stays said. True when it was still waiting, so not said.
   */
  withdraw: (message: string, politeness: Politeness) => boolean;
  /**
   * A screen's h1 has mounted. The page's first screen keeps focus where the browser put it;
   * every later one takes focus, unless the person is in a text field or outside the page's main part.
   */
  screenShown: (heading: HTMLElement) => void;
  /** The document title: the page's own (`frame`), or the current screen's name (`screen`), null to clear. */
  setTitle: (owner: 'frame' | 'screen', title: string | null) => void;
}

export const A11yContext = createContext<A11yApi | null>(null);

export function useA11y(): A11yApi {
  return useProvided(A11yContext, 'useA11y');
}

/** `announce` of the page's live regions; stable. */
export function useAnnounce(): A11yApi['announce'] {
  return useA11y().announce;
}
