import type { ComponentProps } from 'react';
import styles from './truncated-text.module.css';

export interface TruncatedTextProps extends Omit<ComponentProps<'span'>, 'children' | 'title'> {
  /** The full text; shown with an ellipsis past 358px and available as the title tooltip. */
  children: string;
}

/**
 * Dialog and list names are cut at 358px with an ellipsis.
 * The full text stays in the DOM, so screen readers read all of it.
 */
export function TruncatedText({ children, className, ...rest }: TruncatedTextProps) {
  return (
    <span {...rest} title={children} className={className ? `${styles.truncate358} ${className}` : styles.truncate358}>
      {children}
    </span>
  );
}

/** The class itself, for elements that cannot be a span. */
export const truncate358ClassName: string = styles.truncate358 ?? '';
