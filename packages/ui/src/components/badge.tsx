import type { StatusTone } from '@store/contracts';
import type { ReactNode } from 'react';
import * as styles from './badge.css.ts';

export type BadgeTone = StatusTone;

export interface BadgeProps {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
  /** A tooltip that says what the badge means, e.g. why an order is marked Test. */
  title?: string;
}

export function Badge({ tone = 'gray', children, className, title }: BadgeProps) {
  return (
    <span data-tone={tone} title={title} className={[styles.badge, styles.tone[tone], className].filter(Boolean).join(' ')}>
      {children}
    </span>
  );
}
