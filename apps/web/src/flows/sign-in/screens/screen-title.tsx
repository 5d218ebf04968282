import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import styles from './screens.module.css';

/**
 * Told by every screen title when it mounts. The flow moves focus to each new
 * screen's h1 except the first one (the page has just loaded); lazily loaded
 * screens get focus as soon as they are there.
 */
export const HeadingMountedContext = createContext<((heading: HTMLHeadingElement) => void) | null>(null);

/** The one h1 of a sign-in screen; it can take focus (tabIndex -1) so screen readers start reading the new screen. */
export function ScreenTitle({ id, children }: { id: string; children: ReactNode }) {
  const headingMounted = useContext(HeadingMountedContext);
  return (
    <h1
      id={id}
      ref={(heading) => {
        if (heading !== null) headingMounted?.(heading);
      }}
      tabIndex={-1}
      className={styles.title}
    >
      {children}
    </h1>
  );
}
