import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import * as styles from './pagination.css.ts';

export interface PaginationLabels {
  /** The landmark's name, e.g. 'Orders pages'. */
  navigation: string;
  previous: string;
  next: string;
  /** 'Showing 101–200 of 250'. */
  summary: (from: number, to: number, total: number) => ReactNode;
  /** 'Page 2 of 3'. */
  page: (page: number, pages: number) => ReactNode;
}

export const DEFAULT_PAGINATION_LABELS: PaginationLabels = {
  navigation: 'Pages',
  previous: 'Previous',
  next: 'Next',
  summary: (from, to, total) => `Showing ${from}–${to} of ${total}`,
  page: (page, pages) => `Page ${page} of ${pages}`,
};

export interface PaginationProps {
  /** The current page, from 1. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  labels?: Partial<PaginationLabels>;
  className?: string;
}

/** The number of pages of `total` rows, at least 1. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Previous and next buttons under a list longer than one page; nothing when everything fits on one. */
export function Pagination({ page, pageSize, total, onPageChange, labels, className }: PaginationProps) {
  const text = { ...DEFAULT_PAGINATION_LABELS, ...labels };
  const pages = pageCount(total, pageSize);
  if (total <= pageSize) return null;
  const current = Math.min(Math.max(1, page), pages);
  const from = (current - 1) * pageSize + 1;
  const to = Math.min(current * pageSize, total);
  return (
    <nav aria-label={text.navigation} className={[styles.pagination, className].filter(Boolean).join(' ')}>
      <p className={styles.summary}>{text.summary(from, to, total)}</p>
      <div className={styles.buttons}>
        <Button variant="secondary" size="sm" disabled={current <= 1} onClick={() => onPageChange(current - 1)}>
          {text.previous}
        </Button>
        <span className={styles.page} aria-current="page">
          {text.page(current, pages)}
        </span>
        <Button variant="secondary" size="sm" disabled={current >= pages} onClick={() => onPageChange(current + 1)}>
          {text.next}
        </Button>
      </div>
    </nav>
  );
}
