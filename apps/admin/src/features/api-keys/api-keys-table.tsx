import type { ApiKey } from '@store/contracts';
import { Button, DataCell, DataHeaderCell, DataRow, DataTable, DataTableEmptyRow, DataTableLoadingRow } from '@store/ui';
import type { ReactNode } from 'react';
import { ADMIN_LOCALE, formatAdminDate } from '../site/format.ts';
import { ApiKeyStatusBadge, scopeLabel } from './api-key-labels.tsx';
import * as styles from './api-keys.css.ts';

const COLUMNS = 7;

export interface ApiKeysTableProps {
  keys: readonly ApiKey[];
  loading: boolean;
  /** The same time for every row's status. */
  onRevoke: (key: ApiKey, opener: HTMLElement) => void;
}

const DAY = new Intl.DateTimeFormat(ADMIN_LOCALE, { day: 'numeric', month: 'short', year: 'numeric' });
const TIME = new Intl.DateTimeFormat(ADMIN_LOCALE, { hour: '2-digit', minute: '2-digit' });

/**
 * A time as the admin writes it, the day over the hour: three date columns of one line each would not fit
 * the table at 1280 px (it would scroll sideways, with nothing in it to scroll by keyboard once no key is active).
 */
function When({ at, none }: { at: string | null; none: string }) {
  if (!at) return <>{none}</>;
  const date = new Date(at);
  return (
    <time dateTime={at} title={formatAdminDate(at)}>
      <span className={styles.day}>{DAY.format(date)}</span> <span className={styles.day}>{TIME.format(date)}</span>
    </time>
  );
}

/** The keys, newest first: a table on wide screens, a card per key on phones; revoked keys stay, greyed. */
export function ApiKeysTable({ keys, loading, onRevoke }: ApiKeysTableProps) {
  return (
    <DataTable
      caption="API keys"
      columns={
        <>
          <DataHeaderCell>Name</DataHeaderCell>
          <DataHeaderCell>Scopes</DataHeaderCell>
          <DataHeaderCell>Created</DataHeaderCell>
          <DataHeaderCell>Last used</DataHeaderCell>
          <DataHeaderCell>Expires</DataHeaderCell>
          <DataHeaderCell>Status</DataHeaderCell>
          <DataHeaderCell align="end">Actions</DataHeaderCell>
        </>
      }
    >
      {loading ? (
        <DataTableLoadingRow colSpan={COLUMNS} label="Loading API keys…" />
      ) : keys.length === 0 ? (
        <DataTableEmptyRow colSpan={COLUMNS} title="No API keys">
          Create a key for each system that calls the store.
        </DataTableEmptyRow>
      ) : (
        keys.map((key) => {
          const status = key.status;
          const revoked = status === 'revoked';
          // A revoked key's text is greyed; its badge keeps its colour.
          const dim = (content: ReactNode) => (revoked ? <span className={styles.revoked}>{content}</span> : content);
          return (
            <DataRow key={key.id}>
              <DataCell label="Name">
                {dim(
                  <span className={styles.nameCell}>
                    <span className={styles.keyName}>{key.name}</span>
                    <span className={styles.prefix} title="The key's first characters">
                      {key.prefix}…
                    </span>
                  </span>,
                )}
              </DataCell>
              <DataCell label="Scopes">
                {dim(
                  <ul className={styles.scopeChips} aria-label={`Scopes of ${key.name}`}>
                    {key.scopes.map((scope) => (
                      <li key={scope} className={styles.scopeChip} title={scopeLabel(scope)}>
                        {scope}
                      </li>
                    ))}
                  </ul>,
                )}
              </DataCell>
              <DataCell label="Created" date>
                {dim(
                  <>
                    <When at={key.created_at} none="" />
                    <span className={styles.by}>{key.created_by ? `by ${key.created_by}` : 'by a removed account'}</span>
                  </>,
                )}
              </DataCell>
              <DataCell label="Last used" date>
                {dim(<When at={key.last_used_at} none="Never" />)}
              </DataCell>
              <DataCell label="Expires" date>
                {dim(<When at={key.expires_at} none="Never" />)}
              </DataCell>
              <DataCell label="Status">
                <ApiKeyStatusBadge
                  status={status}
                  title={
                    key.revoked_at
                      ? `Revoked ${formatAdminDate(key.revoked_at)}`
                      : status === 'expired' && key.expires_at
                        ? `Expired ${formatAdminDate(key.expires_at)}`
                        : status === 'suspended'
                          ? 'Refused while the staff member who made it is not active staff'
                          : undefined
                  }
                />
              </DataCell>
              <DataCell label="Actions" align="end">
                {status !== 'revoked' ? (
                  <span className={styles.rowActions}>
                    <Button
                      size="sm"
                      variant="danger"
                      aria-label={`Revoke ${key.name}`}
                      onClick={(event) => onRevoke(key, event.currentTarget)}
                    >
                      Revoke
                    </Button>
                  </span>
                ) : null}
              </DataCell>
            </DataRow>
          );
        })
      )}
    </DataTable>
  );
}
