import type { StatusTone } from '@store/contracts';
import type { ReactNode } from 'react';
import * as styles from './badge.css.ts';

export type BadgeTone = StatusTone;

export interface BadgeProps {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}

export function Badge({ tone = 'gray', children, className }: BadgeProps) {
  return (
    <span data-tone={tone} className={[styles.badge, styles.tone[tone], className].filter(Boolean).join(' ')}>
      {children}
    </span>
  );
}
