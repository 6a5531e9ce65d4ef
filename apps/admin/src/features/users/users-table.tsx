import type { User } from '@store/contracts';
import { DataCell, DataHeaderCell, DataRow, DataTable, DataTableEmptyRow, DataTableLoadingRow, EyeIcon, IconButton } from '@store/ui';
import * as layout from '../layout/admin-layout.css.ts';
import { formatAdminDate, shortId } from '../site/format.ts';
import { ActiveBadge, RoleBadge } from './labels.tsx';
import * as styles from './users.css.ts';

const COLUMNS = 6;

export interface UsersTableProps {
  users: readonly User[];
  loading: boolean;
  busy: boolean;
  onView: (user: User) => void;
}

/** The accounts list (spec: admin users, in Serbian): a table on wide screens, a card per account on phones. */
export function UsersTable({ users, loading, busy, onView }: UsersTableProps) {
  return (
    <DataTable
      caption="Korisnici"
      busy={busy}
      columns={
        <>
          <DataHeaderCell>Korisnik</DataHeaderCell>
          <DataHeaderCell>Email</DataHeaderCell>
          <DataHeaderCell>Uloga</DataHeaderCell>
          <DataHeaderCell>Status</DataHeaderCell>
          <DataHeaderCell>Datum registracije</DataHeaderCell>
          <DataHeaderCell align="end">Akcije</DataHeaderCell>
        </>
      }
    >
      {loading ? (
        <DataTableLoadingRow colSpan={COLUMNS} label="Učitavanje korisnika…" />
      ) : users.length === 0 ? (
        <DataTableEmptyRow colSpan={COLUMNS} title="Nema korisnika">
          Nijedan korisnik ne odgovara kriterijumima pretrage.
        </DataTableEmptyRow>
      ) : (
        users.map((user) => (
          <DataRow key={user.id}>
            <DataCell label="Korisnik">
              <span className={styles.userCell}>
                <span className={styles.username}>{user.username}</span>
                <span className={`${layout.mono} ${layout.muted}`} title={user.id}>
                  ID {shortId(user.id)}
                </span>
              </span>
            </DataCell>
            <DataCell label="Email">
              <span className={styles.email}>{user.email}</span>
            </DataCell>
            <DataCell label="Uloga">
              <RoleBadge role={user.role} />
            </DataCell>
            <DataCell label="Status">
              <ActiveBadge active={user.is_active} />
            </DataCell>
            <DataCell label="Datum registracije" date>
              <time dateTime={user.created_at}>{formatAdminDate(user.created_at)}</time>
            </DataCell>
            <DataCell label="Akcije" align="end">
              <IconButton label={`Detalji korisnika ${user.username}`} icon={<EyeIcon size={18} />} variant="secondary" size="sm" onClick={() => onView(user)} />
            </DataCell>
          </DataRow>
        ))
      )}
    </DataTable>
  );
}
