import type { ReactNode } from 'react';
import * as styles from './data-table.css.ts';
import { visuallyHidden } from './layout.css.ts';
import { Spinner } from './spinner.tsx';

/*
 * A list of records as a table on wide screens and as a stack of cards below 768 px, where every cell
 * shows its column's name (`label`) before its value. The elements keep explicit table roles because
 * browsers drop a table's semantics once its display is changed.
 */

export interface DataTableProps {
  /** Names the table for screen readers (visually hidden). */
  caption: string;
  /** The column headers, `DataHeaderCell`s. */
  columns: ReactNode;
  /** The rows: `DataRow`s, or a `DataTableLoadingRow` / `DataTableEmptyRow`. */
  children: ReactNode;
  /** Marks the table busy while a new page or filter loads over the previous rows. */
  busy?: boolean;
  className?: string;
}

export function DataTable({ caption, columns, children, busy = false, className }: DataTableProps) {
  return (
    <div className={[styles.frame, className].filter(Boolean).join(' ')}>
      <table role="table" className={styles.table} aria-busy={busy || undefined}>
        <caption className={visuallyHidden}>{caption}</caption>
        <thead className={styles.head}>
          <tr role="row">{columns}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export function DataHeaderCell({ children, align = 'start' }: { children: ReactNode; align?: 'start' | 'end' }) {
  return (
    <th role="columnheader" scope="col" className={[styles.headerCell, align === 'end' && styles.alignEnd].filter(Boolean).join(' ')}>
      {children}
    </th>
  );
}

export function DataRow({ children }: { children: ReactNode }) {
  return (
    <tr role="row" className={styles.row}>
      {children}
    </tr>
  );
}

export interface DataCellProps {
  /** The column's name, shown before the value on small screens. */
  label: string;
  children: ReactNode;
  align?: 'start' | 'end';
  nowrap?: boolean;
  /** A date and time: tabular figures in a column of one width whatever the date, kept on one line. */
  date?: boolean;
}

export function DataCell({ label, children, align = 'start', nowrap = false, date = false }: DataCellProps) {
  return (
    <td
      role="cell"
      data-label={label}
      className={[styles.cell, align === 'end' && styles.alignEnd, nowrap && styles.nowrap, date && styles.date].filter(Boolean).join(' ')}
    >
      {children}
    </td>
  );
}

/** The one row shown while the first page loads. */
export function DataTableLoadingRow({ colSpan, label }: { colSpan: number; label: string }) {
  return (
    <tr role="row" className={styles.fullRow}>
      <td role="cell" colSpan={colSpan} className={styles.fullCell}>
        <span className={styles.fullCellContent}>
          <Spinner label={label} />
          <span aria-hidden="true">{label}</span>
        </span>
      </td>
    </tr>
  );
}

/** The one row shown when nothing matches: a title and a sentence. */
export function DataTableEmptyRow({ colSpan, title, children }: { colSpan: number; title: ReactNode; children?: ReactNode }) {
  return (
    <tr role="row" className={styles.fullRow}>
      <td role="cell" colSpan={colSpan} className={styles.fullCell}>
        <span className={styles.fullCellContent}>
          <span className={styles.emptyTitle}>{title}</span>
          {children && <span>{children}</span>}
        </span>
      </td>
    </tr>
  );
}
