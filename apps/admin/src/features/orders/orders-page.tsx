import { ORDER_STATUSES, type AdminOrder, type OrderStatus } from '@store/contracts';
import { Button, DownloadIcon, Pagination, SearchField, SelectField } from '@store/ui';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import * as layout from '../layout/admin-layout.css.ts';
import { useDebouncedSearch, usePageTitle } from '@store/shell';
import { useErrorToast } from '../site/use-error-toast.ts';
import { useOrdersCsvExport } from './export-orders.ts';
import { OrderDetailsModal } from './order-details-modal.tsx';
import { OrdersTable } from './orders-table.tsx';
import * as styles from './orders.css.ts';
import { ORDERS_PAGE_SIZE, adminOrdersQueryOptions } from './queries.ts';
import type { DisputeFilter } from './search.ts';

const route = getRouteApi('/_authed/orders');

const STATUS_OPTIONS = [{ value: '', label: 'All statuses' }, ...ORDER_STATUSES.map(({ value, label }) => ({ value, label }))];

const DISPUTE_OPTIONS: { value: DisputeFilter | ''; label: string }[] = [
  { value: '', label: 'All orders' },
  { value: 'open', label: 'Open disputes' },
  { value: 'any', label: 'Any dispute' },
];

/** /admin/orders (spec: admin orders): search, status and dispute filters, the list 100 at a time, each order's details, and the filter's CSV export. */
export function OrdersPage() {
  usePageTitle('Orders');
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const page = search.page ?? 1;
  const [selected, setSelected] = useState<AdminOrder | null>(null);

  const orders = useQuery(
    adminOrdersQueryOptions({
      search: search.search,
      status: search.status,
      dispute: search.dispute,
      limit: ORDERS_PAGE_SIZE,
      offset: (page - 1) * ORDERS_PAGE_SIZE,
    }),
  );
  // Spec section 8: a failed load says 'Error loading orders' and shows the list empty.
  useErrorToast(orders.isError, orders.errorUpdatedAt, 'Error loading orders');
  const list = orders.isError ? [] : (orders.data?.orders ?? []);
  const total = orders.isError ? 0 : (orders.data?.total ?? 0);
  // The details follow the list as it reloads (a refund under way, a dispute arriving); an order the filters
  // no longer match keeps the state it was last seen in.
  const shown = selected ? (list.find((order) => order.id === selected.id) ?? selected) : null;

  // Every filter change starts again from the first page, and replaces the address rather than piling up history.
  const searchBox = useDebouncedSearch(search.search ?? '', (text) =>
    void navigate({ search: (previous) => ({ ...previous, search: text || undefined, page: undefined }), replace: true }),
  );
  const setStatus = (status: string) =>
    void navigate({ search: (previous) => ({ ...previous, status: (status || undefined) as OrderStatus | undefined, page: undefined }), replace: true });
  const setDispute = (dispute: string) =>
    void navigate({
      search: (previous) => ({ ...previous, dispute: (dispute || undefined) as DisputeFilter | undefined, page: undefined }),
      replace: true,
    });
  const exportCsv = useOrdersCsvExport();
  const setPage = (next: number) => void navigate({ search: (previous) => ({ ...previous, page: next > 1 ? next : undefined }) });

  return (
    <div className={layout.stack}>
      <div className={layout.pageHeader}>
        <div>
          <h1 className={layout.pageTitle}>Orders</h1>
          <p className={layout.pageSubtitle} aria-live="polite">
            {orders.data && !orders.isError ? `${total} ${total === 1 ? 'order' : 'orders'}` : '\u00a0'}
          </p>
        </div>
        {/* The filter in the address, every page of it: what the list shows, not only the page on screen. */}
        <Button
          variant="secondary"
          loading={exportCsv.isPending}
          onClick={() => exportCsv.mutate({ search: search.search, status: search.status, dispute: search.dispute })}
        >
          <DownloadIcon size={16} /> Export CSV
        </Button>
      </div>

      <form
        role="search"
        aria-label="Filter orders"
        className={styles.filters}
        onSubmit={(event) => {
          event.preventDefault();
          searchBox.flush();
        }}
      >
        <SearchField
          label="Search orders"
          className={styles.searchField}
          placeholder="Search orders..."
          hint="Order ID, customer name or email"
          value={searchBox.draft}
          onChange={(event) => searchBox.setDraft(event.target.value)}
        />
        <SelectField label="Status" options={STATUS_OPTIONS} value={search.status ?? ''} onChange={(event) => setStatus(event.target.value)} />
        <SelectField label="Disputes" options={DISPUTE_OPTIONS} value={search.dispute ?? ''} onChange={(event) => setDispute(event.target.value)} />
      </form>

      <div>
        <OrdersTable orders={list} loading={orders.isPending} busy={orders.isPlaceholderData} onView={setSelected} />
        <Pagination
          page={page}
          pageSize={ORDERS_PAGE_SIZE}
          total={total}
          onPageChange={setPage}
          labels={{ navigation: 'Orders pages' }}
        />
      </div>

      <OrderDetailsModal order={shown} onClose={() => setSelected(null)} onRefunded={setSelected} />
    </div>
  );
}
