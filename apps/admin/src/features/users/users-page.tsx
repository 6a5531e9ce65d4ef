import { ROLES, type Role, type User } from '@store/contracts';
import { Pagination, SearchField, SelectField } from '@store/ui';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import * as layout from '../layout/admin-layout.css.ts';
import { useDebouncedSearch, usePageTitle } from '@store/shell';
import { useErrorToast } from '../site/use-error-toast.ts';
import { USERS_PAGE_SIZE, adminUsersQueryOptions } from './queries.ts';
import { UserCounters } from './user-counters.tsx';
import { UserDetailsModal } from './user-details-modal.tsx';
import { UsersTable } from './users-table.tsx';

const route = getRouteApi('/_authed/users');

const ROLE_OPTIONS = [{ value: '', label: 'Sve uloge' }, ...ROLES.map(({ value, label }) => ({ value, label }))];

const PAGINATION_LABELS = {
  navigation: 'Stranice korisnika',
  previous: 'Prethodna',
  next: 'Sledeća',
  summary: (from: number, to: number, total: number) => `Prikazano ${from}–${to} od ${total}`,
  page: (page: number, pages: number) => `Strana ${page} od ${pages}`,
};

/** /admin/users (spec: admin users, in Serbian): counters, search, role filter, the list 100 at a time, each account's details. */
export function UsersPage() {
  usePageTitle('Korisnici');
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const page = search.page ?? 1;
  const [selected, setSelected] = useState<User | null>(null);

  const users = useQuery(
    adminUsersQueryOptions({ search: search.search, role: search.role, limit: USERS_PAGE_SIZE, offset: (page - 1) * USERS_PAGE_SIZE }),
  );
  useErrorToast(users.isError, users.errorUpdatedAt, 'Error loading users');
  const list = users.isError ? [] : (users.data?.users ?? []);
  const total = users.isError ? 0 : (users.data?.total ?? 0);

  const searchBox = useDebouncedSearch(search.search ?? '', (text) =>
    void navigate({ search: (previous) => ({ ...previous, search: text || undefined, page: undefined }), replace: true }),
  );
  const setRole = (role: string) =>
    void navigate({ search: (previous) => ({ ...previous, role: (role || undefined) as Role | undefined, page: undefined }), replace: true });
  const setPage = (next: number) => void navigate({ search: (previous) => ({ ...previous, page: next > 1 ? next : undefined }) });

  return (
    <div className={layout.stack}>
      <div className={layout.pageHeader}>
        <div>
          <h1 className={layout.pageTitle}>Korisnici</h1>
          <p className={layout.pageSubtitle}>Pregled registrovanih naloga prodavnice.</p>
        </div>
      </div>

      <section aria-label="Brojači korisnika">
        <UserCounters />
      </section>

      <form
        role="search"
        aria-label="Filtriranje korisnika"
        className={layout.filters}
        onSubmit={(event) => {
          event.preventDefault();
          searchBox.flush();
        }}
      >
        <SearchField
          label="Pretraga"
          placeholder="Pretraži po email-u ili korisničkom imenu"
          value={searchBox.draft}
          onChange={(event) => searchBox.setDraft(event.target.value)}
        />
        <SelectField label="Uloga" options={ROLE_OPTIONS} value={search.role ?? ''} onChange={(event) => setRole(event.target.value)} />
      </form>

      <div>
        <UsersTable users={list} loading={users.isPending} busy={users.isPlaceholderData} onView={setSelected} />
        <Pagination page={page} pageSize={USERS_PAGE_SIZE} total={total} onPageChange={setPage} labels={PAGINATION_LABELS} />
      </div>

      <UserDetailsModal user={selected} onClose={() => setSelected(null)} onChanged={setSelected} />
    </div>
  );
}
