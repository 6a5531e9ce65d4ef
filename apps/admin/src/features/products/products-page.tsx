import { CATEGORIES, type AdminProduct, type Category } from '@store/contracts';
import { Button, EmptyState, PlusIcon, SearchField, SelectField, Skeleton, withDetail } from '@store/ui';
import { keepPreviousData, useInfiniteQuery, useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { api } from '../../lib/api.ts';
import { pageTitle } from '../layout/admin-layout.css.ts';
import { useDebouncedSearch, usePageTitle } from '@store/shell';
import { LicenseKeysModal } from './license-keys-modal.tsx';
import { ProductFormModal } from './product-form.tsx';
import type { ProductSearch } from './product-search.ts';
import { ProductTable } from './product-table.tsx';
import * as styles from './products.css.ts';
import { adminProductListQueryOptions, categoriesQueryOptions, productKeys } from './queries.ts';

const route = getRouteApi('/_authed/products');

export const DELETE_CONFIRMATION = 'Are you sure you want to delete this product?';

const SKELETON_ROWS = 5;

const DELETE_KEY = [...productKeys.all, 'delete'] as const;

/** "Showing 50 of 120 products", or "of 1,000+" when the list matched more than the API counts. */
export function showingLabel(shown: number, total: number, isLowerBound = false): string {
  const count = isLowerBound ? `${total.toLocaleString('en-US')}+` : total.toLocaleString('en-US');
  return `Showing ${shown.toLocaleString('en-US')} of ${count} ${total === 1 && !isLowerBound ? 'product' : 'products'}`;
}

/**
 * /admin/products (spec section 2): search and category in the address, the catalogue 50 at a time,
 * and the Add / Edit form, licence keys and delete per product. `?new=1` opens the Add Product form.
 */
export function ProductsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<AdminProduct | null>(null);
  const [keysOf, setKeysOf] = useState<AdminProduct | null>(null);

  const update = (patch: Partial<ProductSearch>, { replace = false } = {}) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }), replace, resetScroll: false });

  const searchBox = useDebouncedSearch(search.search ?? '', (term) => update({ search: term || undefined }, { replace: true }));
  usePageTitle('Products');

  const filters = { search: search.search, category: search.category };
  const products = useInfiniteQuery({ ...adminProductListQueryOptions(filters), placeholderData: keepPreviousData });
  const categories = useQuery(categoriesQueryOptions());

  useEffect(() => {
    if (products.isError) toast.error(withDetail('Error loading products', products.error), { id: 'admin-products-error' });
  }, [products.isError, products.error, products.errorUpdatedAt]);

  // The server's categories; the contract's list stands in until they arrive or if they cannot be fetched.
  const categoryOptions = (Array.isArray(categories.data) ? categories.data : CATEGORIES).map(({ value, label }) => ({ value, label }));

  const pages = products.data?.pages ?? [];
  const items = pages.flatMap((page) => page.products);
  const lastPage = pages.at(-1);
  const filtered = Boolean(search.search || search.category);

  // Each delete its own mutation: several rows can be deleting at once, each showing it.
  const deleteProduct = useMutation({
    mutationKey: DELETE_KEY,
    mutationFn: (product: AdminProduct) => api.adminDeleteProduct({ params: { id: product.id } }),
    onSuccess: () => {
      toast.success('Product deleted successfully!');
      return queryClient.invalidateQueries({ queryKey: productKeys.lists() });
    },
    onError: (failure) => toast.error(withDetail('Error deleting product', failure)),
  });
  const deletingIds = useMutationState({
    filters: { mutationKey: DELETE_KEY, status: 'pending' },
    select: (mutation) => (mutation.state.variables as AdminProduct | undefined)?.id,
  });
  const deleting: ReadonlySet<string> = new Set(deletingIds.filter((id) => id !== undefined));

  const closeForm = () => {
    setEditing(null);
    if (search.new) update({ new: undefined }, { replace: true });
  };

  const remove = (product: AdminProduct) => {
    if (window.confirm(DELETE_CONFIRMATION)) deleteProduct.mutate(product);
  };

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={pageTitle}>Products</h1>
        <Button onClick={() => update({ new: 1 })}>
          <PlusIcon size={18} /> Add Product
        </Button>
      </div>

      <form
        role="search"
        aria-label="Products"
        className={styles.filters}
        onSubmit={(event) => {
          event.preventDefault();
          searchBox.flush();
        }}
      >
        <SearchField
          label="Search products"
          placeholder="Search products..."
          maxLength={200}
          value={searchBox.draft}
          onChange={(event) => searchBox.setDraft(event.target.value)}
        />
        <SelectField
          label="Category"
          options={[{ value: '', label: 'All categories' }, ...categoryOptions]}
          value={search.category ?? ''}
          onChange={(event) => update({ category: (event.target.value || undefined) as Category | undefined })}
        />
      </form>

      <p className={styles.summary} aria-live="polite" data-testid="product-count">
        {products.data ? showingLabel(items.length, lastPage?.total ?? 0, lastPage?.total_is_lower_bound) : ''}
      </p>

      {products.isPending ? (
        <div aria-busy="true" aria-label="Loading products">
          {Array.from({ length: SKELETON_ROWS }, (_, index) => (
            <div key={index} className={styles.skeletonRow}>
              <Skeleton width="56px" height="56px" radius="6px" />
              <Skeleton width="60%" height="20px" />
            </div>
          ))}
        </div>
      ) : products.isError && !products.data ? (
        <EmptyState kind="failed" title="Products could not be loaded" onRetry={() => void products.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          kind="empty"
          title="No products found"
          hint={filtered ? 'Try another search term or category.' : 'Add the first product of the catalogue.'}
        />
      ) : (
        <>
          <ProductTable products={items} deleting={deleting} busy={products.isPlaceholderData} onEdit={setEditing} onKeys={setKeysOf} onDelete={remove} />
          {products.hasNextPage && !products.isPlaceholderData && (
            <div className={styles.more}>
              <Button variant="secondary" loading={products.isFetchingNextPage} onClick={() => void products.fetchNextPage()}>
                {products.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            </div>
          )}
        </>
      )}

      <ProductFormModal
        open={editing !== null || search.new === 1}
        product={editing}
        categories={categoryOptions}
        onClose={closeForm}
        onSaved={closeForm}
      />
      <LicenseKeysModal product={keysOf} onClose={() => setKeysOf(null)} />
    </div>
  );
}
