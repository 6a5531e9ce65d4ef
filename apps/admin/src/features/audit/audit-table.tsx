import type { AuditEntry } from '@store/contracts';
import { Badge, Button, DataCell, DataHeaderCell, DataRow, DataTable, DataTableEmptyRow, DataTableLoadingRow } from '@store/ui';
import { Link } from '@tanstack/react-router';
import { Fragment, useState } from 'react';
import * as layout from '../layout/admin-layout.css.ts';
import { formatAdminDate, orderRef, shortId } from '../site/format.ts';
import { AuditChangesView } from './audit-changes.tsx';
import * as styles from './audit.css.ts';
import { resultOf, targetKind } from './labels.ts';

const COLUMNS = 7;

export interface AuditTableProps {
  entries: readonly AuditEntry[];
  /** The first load: one loading row. */
  loading: boolean;
  /** A new page or filter loading over the rows shown. */
  busy: boolean;
}

/**
 * A value that may be longer than its column (a username, a product's title, an IPv6 address): on one line, cut
 * with an ellipsis rather than broken inside a word; the whole text is in the title for a pointer and in the
 * entry's details (its "Show" disclosure) for everyone (docs/decisions/049-audit-labels.md).
 */
function Clipped({ text, className }: { text: string; className?: string }) {
  return (
    <span className={[styles.clip, className].filter(Boolean).join(' ')} title={text}>
      {text}
    </span>
  );
}

/** The name staff know the target by: the order number, the product's title, the code, the username; null when none was stored. */
export function targetName(entry: AuditEntry): string | null {
  if (entry.target_type === 'orders' && entry.target_id) return orderRef(entry.target_id);
  if (entry.target_type === 'settings') return null;
  return entry.target_label ?? (entry.target_id ? shortId(entry.target_id) : null);
}

/** Where the target lives in the admin, for the kinds that have a screen; an unknown kind gets no link. */
function TargetLink({ entry }: { entry: AuditEntry }) {
  const name = targetName(entry);
  const text = name && <Clipped text={name} />;
  switch (entry.target_type) {
    case 'products':
      return entry.target_label ? (
        <Link to="/products" search={{ search: entry.target_label }}>
          {text}
        </Link>
      ) : (
        text
      );
    case 'orders':
      // No id: an export of many orders, named by how many it handed out.
      return entry.target_id ? (
        <Link to="/orders" search={{ search: entry.target_id }}>
          {text}
        </Link>
      ) : (
        text
      );
    case 'users':
      return entry.target_label ? (
        <Link to="/users" search={{ search: entry.target_label }}>
          {text}
        </Link>
      ) : (
        text
      );
    case 'discounts':
      // The codes' screen takes no search in its address: the link opens the list the code is in.
      return text && <Link to="/discounts">{text}</Link>;
    case 'reviews':
      return <Link to="/reviews">{text ?? 'Reviews'}</Link>;
    case 'settings':
      return <Link to="/settings">Open settings</Link>;
    default:
      return text;
  }
}

/** The trail, newest first: a table on wide screens, a card per entry on phones; each entry opens to its changes. */
export function AuditTable({ entries, loading, busy }: AuditTableProps) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <div className={styles.tableContainer}>
      <DataTable
        caption="Audit trail"
        className={styles.frame}
        busy={busy}
        columns={
          <>
            <DataHeaderCell>When</DataHeaderCell>
            <DataHeaderCell>Who</DataHeaderCell>
            <DataHeaderCell>Action</DataHeaderCell>
            <DataHeaderCell>Target</DataHeaderCell>
            <DataHeaderCell>Address</DataHeaderCell>
            <DataHeaderCell>Result</DataHeaderCell>
            <DataHeaderCell align="end">Changes</DataHeaderCell>
          </>
        }
      >
        {loading ? (
          <DataTableLoadingRow colSpan={COLUMNS} label="Loading the audit trail…" />
        ) : entries.length === 0 ? (
          <DataTableEmptyRow colSpan={COLUMNS} title="No entries found">
            Every change staff make is recorded here.
          </DataTableEmptyRow>
        ) : (
          entries.map((entry) => {
            const result = resultOf(entry);
            const expanded = open.has(entry.id);
            const detailsId = `audit-entry-${entry.id}`;
            return (
              <Fragment key={entry.id}>
                <DataRow>
                  <DataCell label="When" date>
                    <time dateTime={entry.at}>{formatAdminDate(entry.at)}</time>
                  </DataCell>
                  <DataCell label="Who">
                    {entry.actor_username ? <Clipped text={entry.actor_username} /> : <span className={layout.muted}>unknown</span>}
                  </DataCell>
                  <DataCell label="Action">{entry.action_label}</DataCell>
                  <DataCell label="Target">
                    <span className={styles.stacked}>
                      <span className={layout.muted}>{targetKind(entry)}</span>
                      <TargetLink entry={entry} />
                      {entry.target_type && entry.target_id && (
                        <Link
                          to="/audit"
                          search={{ target_type: entry.target_type, target_id: entry.target_id }}
                          aria-label={`History of ${targetKind(entry).toLowerCase()} ${targetName(entry) ?? shortId(entry.target_id)}`}
                        >
                          History
                        </Link>
                      )}
                    </span>
                  </DataCell>
                  <DataCell label="Address">
                    {entry.ip ? <Clipped text={entry.ip} className={`${layout.mono} ${styles.address}`} /> : '—'}
                  </DataCell>
                  <DataCell label="Result">
                    <span className={styles.stacked}>
                      <Badge tone={result.tone}>{result.text}</Badge>
                      {result.reason && <Clipped text={result.reason} className={`${layout.mono} ${layout.muted}`} />}
                    </span>
                  </DataCell>
                  <DataCell label="Changes" align="end">
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-expanded={expanded}
                      aria-controls={expanded ? detailsId : undefined}
                      aria-label={`${expanded ? 'Hide' : 'Show'} the changes of ${entry.action_label} at ${formatAdminDate(entry.at)}`}
                      onClick={() => toggle(entry.id)}
                    >
                      {expanded ? 'Hide' : 'Show'}
                    </Button>
                  </DataCell>
                </DataRow>
                {expanded && (
                  <tr role="row" id={detailsId} className={styles.detailsRow}>
                    <td role="cell" colSpan={COLUMNS} className={styles.detailsCell}>
                      <AuditChangesView entry={entry} targetName={targetName(entry)} />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })
        )}
      </DataTable>
    </div>
  );
}
