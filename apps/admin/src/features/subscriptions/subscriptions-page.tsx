import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '@store/contracts';
import { Pagination, SearchField, SelectField } from '@store/ui';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useDebouncedSearch, usePageTitle } from '@store/shell';
import * as layout from '../layout/admin-layout.css.ts';
import { useErrorToast } from '../site/use-error-toast.ts';
import { SUBSCRIPTIONS_PAGE_SIZE, adminSubscriptionsQueryOptions, subscriptionProductsQueryOptions } from './queries.ts';
import { SubscriptionsTable } from './subscriptions-table.tsx';
// The orders screen's filter row: a search and two selects.
import * as styles from '../orders/orders.css.ts';

const route = getRouteApi('/_authed/subscriptions/');

const STATUS_OPTIONS = [{ value: '', label: 'All statuses' }, ...SUBSCRIPTION_STATUSES.map(({ value, label }) => ({ value, label }))];

/** /admin/subscriptions: search by buyer, status and product filters, the list 100 at a time, each with a link to its details. */
export function SubscriptionsPage() {
  usePageTitle('Subscriptions');
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const page = search.page ?? 1;

  const subscriptions = useQuery(
    adminSubscriptionsQueryOptions({
      q: search.q,
      status: search.status,
      product_id: search.product_id,
      limit: SUBSCRIPTIONS_PAGE_SIZE,
      offset: (page - 1) * SUBSCRIPTIONS_PAGE_SIZE,
    }),
  );
  useErrorToast(subscriptions.isError, subscriptions.errorUpdatedAt, 'Error loading subscriptions');
  const products = useQuery(subscriptionProductsQueryOptions());
  const list = subscriptions.isError ? [] : (subscriptions.data?.items ?? []);
  const total = subscriptions.isError ? 0 : (subscriptions.data?.total ?? 0);
  const productOptions = [
    { value: '', label: 'All products' },
    ...(products.data ?? []).map((product) => ({ value: product.id, label: product.title })),
  ];

  // Every filter change starts again from the first page, and replaces the address rather than piling up history.
  const searchBox = useDebouncedSearch(search.q ?? '', (text) =>
    void navigate({ search: (previous) => ({ ...previous, q: text || undefined, page: undefined }), replace: true }),
  );
  const setStatus = (status: string) =>
    void navigate({
      search: (previous) => ({ ...previous, status: (status || undefined) as SubscriptionStatus | undefined, page: undefined }),
      replace: true,
    });
  const setProduct = (productId: string) =>
    void navigate({ search: (previous) => ({ ...previous, product_id: productId || undefined, page: undefined }), replace: true });
  const setPage = (next: number) => void navigate({ search: (previous) => ({ ...previous, page: next > 1 ? next : undefined }) });

  return (
    <div className={layout.stack}>
      <div className={layout.pageHeader}>
        <div>
          <h1 className={layout.pageTitle}>Subscriptions</h1>
          <p className={layout.pageSubtitle} aria-live="polite">
            {subscriptions.data && !subscriptions.isError ? `${total} ${total === 1 ? 'subscription' : 'subscriptions'}` : '\u00a0'}
          </p>
        </div>
      </div>

      <form
        role="search"
        aria-label="Filter subscriptions"
        className={styles.filters}
        onSubmit={(event) => {
          event.preventDefault();
          searchBox.flush();
        }}
      >
        <SearchField
          label="Search subscriptions"
          className={styles.searchField}
          placeholder="Search subscriptions..."
          hint="Buyer's email or username"
          value={searchBox.draft}
          onChange={(event) => searchBox.setDraft(event.target.value)}
        />
        <SelectField label="Status" options={STATUS_OPTIONS} value={search.status ?? ''} onChange={(event) => setStatus(event.target.value)} />
        <SelectField label="Product" options={productOptions} value={search.product_id ?? ''} onChange={(event) => setProduct(event.target.value)} />
      </form>

      <div>
        <SubscriptionsTable subscriptions={list} loading={subscriptions.isPending} busy={subscriptions.isPlaceholderData} />
        <Pagination
          page={page}
          pageSize={SUBSCRIPTIONS_PAGE_SIZE}
          total={total}
          onPageChange={setPage}
          labels={{ navigation: 'Subscriptions pages' }}
        />
      </div>
    </div>
  );
}
