import type { ComponentProps, ReactNode } from 'react';
import styles from './card.module.css';

export interface CardProps extends Omit<ComponentProps<'section'>, 'title'> {
  /** Heading text of the card header (already translated). */
  title?: ReactNode;
  /** Decorative icon shown before the title. */
  icon?: ReactNode;
  /** Heading level of the title; screens with their own h1 usually want 1 here or 2. */
  headingLevel?: 1 | 2 | 3;
}

/** 488px wide on larger screens, full width below 600px. With a title it is a labelled region. */
export function Card({ title, icon, headingLevel = 2, className, children, ...rest }: CardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section {...rest} className={className ? `${styles.card} ${className}` : styles.card}>
      {(title || icon) && (
        <header className={styles.header}>
          {icon && (
            <span className={styles.icon} aria-hidden="true">
              {icon}
            </span>
          )}
          {title && <Heading className={styles.title}>{title}</Heading>}
        </header>
      )}
      <div className={styles.body}>{children}</div>
    </section>
  );
}
