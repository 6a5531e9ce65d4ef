import * as styles from './spinner.css.ts';

export interface SpinnerProps {
  size?: keyof typeof styles.size;
  /** What is loading, read by screen readers. */
  label?: string;
  /** Hidden from screen readers, when the surrounding control already says it is busy. */
  decorative?: boolean;
  className?: string;
}

export function Spinner({ size = 'md', label = 'Loading', decorative = false, className }: SpinnerProps) {
  const classes = [styles.spinner, styles.size[size], className].filter(Boolean).join(' ');
  if (decorative) return <span className={classes} aria-hidden="true" />;
  return <span className={classes} role="status" aria-label={label} />;
}
