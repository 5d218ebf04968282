import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import styles from './forms.module.css';

export interface ScreenTitleProps {
  id?: string;
  children: ReactNode;
}

/**
 * The one h1 of a screen. It takes focus when the screen appears, so a screen
 * reader announces the new screen and the next Tab starts at its top
 * (WCAG 2.4.3); tabIndex -1 keeps it out of the Tab order.
 */
export function ScreenTitle({ id, children }: ScreenTitleProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: false });
  }, []);
  return (
    <h1 ref={ref} id={id} tabIndex={-1} className={styles.title}>
      {children}
    </h1>
  );
}
