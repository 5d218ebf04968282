import styles from './loading-indicator.module.css';

export const LOADING_INDICATOR_DEFAULT_SIZE_PX = 18;

export interface LoadingIndicatorProps {
  /** Diameter in pixels; a button's indicator is 18. */
  size?: number;
  /**
   * Accessible label (already translated). Without it the indicator is decorative
   * (aria-hidden), e.g. inside a button that already says aria-busy.
   */
  label?: string;
  className?: string;
}

/** A small circular spinner. It stops spinning under prefers-reduced-motion but stays visible. */
export function LoadingIndicator({
  size = LOADING_INDICATOR_DEFAULT_SIZE_PX,
  label,
  className,
}: LoadingIndicatorProps) {
  const classes = className ? `${styles.root} ${className}` : styles.root;
  const svg = (
    <svg className={styles.svg} width={size} height={size} viewBox="0 0 24 24" focusable="false" aria-hidden="true">
      <circle className={styles.track} cx="12" cy="12" r="10" fill="none" strokeWidth="3" />
      <circle className={styles.arc} cx="12" cy="12" r="10" fill="none" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
  if (!label) {
    return (
      <span className={classes} aria-hidden="true" data-loading-indicator="">
        {svg}
      </span>
    );
  }
  return (
    <span className={classes} role="progressbar" aria-label={label} data-loading-indicator="">
      {svg}
    </span>
  );
}
