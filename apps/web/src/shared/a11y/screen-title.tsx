import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { useA11y } from './a11y-context';
import styles from './screen-title.module.css';

export interface ScreenTitleProps {
  id?: string;
  /** The screen's short name in the document title ("PIN" → "PIN – Prihlásenie"); the page's own title without it. */
  pageTitle?: string;
  className?: string;
  children: ReactNode;
}

/**
 * The one h1 of a screen, for every screen of the app. When it mounts (a new screen, not a
 * re-render) it takes focus, so a screen reader reads the new screen and the next Tab starts at
 * its top (WCAG 2.4.3) — except on the page's first screen, or when the person is in a text
 * field (docs/decisions/0010-focus-and-announcements.md). tabIndex -1 keeps it out of the Tab order.
 */
export function ScreenTitle({ id, pageTitle, className, children }: ScreenTitleProps) {
  const { screenShown, setTitle } = useA11y();
  const heading = useRef<HTMLHeadingElement>(null);

  // Once per mount: a re-render (typing, a ticked box, a new message) never moves focus.
  useEffect(() => {
    if (heading.current) screenShown(heading.current);
  }, [screenShown]);

  useEffect(() => {
    if (pageTitle === undefined) return;
    setTitle('screen', pageTitle);
    return () => setTitle('screen', null);
  }, [pageTitle, setTitle]);

  return (
    <h1 ref={heading} id={id} tabIndex={-1} className={className ? `${styles.title} ${className}` : styles.title}>
      {children}
    </h1>
  );
}
