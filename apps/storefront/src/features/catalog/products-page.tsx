import { CATEGORIES, PRODUCT_SORTS, type Category, type ProductSort } from '@store/contracts';
import { AlertIcon, Button, Container, GridIcon, IconButton, ListIcon, SearchField, SearchIcon, SelectField } from '@store/ui';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { ProductCard, ProductCardSkeleton } from './product-card.tsx';
import { ProductGrid, type ProductView } from './product-grid.tsx';
import { DEFAULT_SORT, hasFilters, type ProductSearch } from './product-search.ts';
import * as styles from './products-page.css.ts';
import { categoriesQueryOptions, productListQueryOptions } from './queries.ts';
import { useDebouncedSearch } from './use-debounced-search.ts';

const route = getRouteApi('/products/');

/** Skeleton cards while the first page loads (spec section 9). */
export const PRODUCT_SKELETONS = 6;
/** Cards in the first row of the widest grid load their images at once; the rest lazily. */
const EAGER_CARDS = 3;

const SORT_OPTIONS = PRODUCT_SORTS.map(({ value, label }) => ({ value, label }));

export function productCountLabel(total: number): string {
  return `${total.toLocaleString('en-US')} ${total === 1 ? 'product' : 'products'}`;
}

/** /products: search, category and sort in the address, a grid or list of cards, and 'Load More Products'. */
export function ProductsPage() {
  const filters = route.useSearch();
  const navigate = route.useNavigate();
  const [view, setView] = useState<ProductView>('grid');

  // A chosen category or sort is a step Back returns from; the search box replaces its entry as the term grows.
  const update = (patch: Partial<ProductSearch>, { replace = false } = {}) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }), replace, resetScroll: false });

  const [searchText, changeSearchText, flushSearch] = useDebouncedSearch(filters.search ?? '', (value) =>
    update({ search: value || undefined }, { replace: true }),
  );

  const products = useInfiniteQuery({ ...productListQueryOptions(filters), placeholderData: keepPreviousData });
  const categories = useQuery(categoriesQueryOptions());

  useEffect(() => {
    if (products.isError) toast.error('Error loading products', { id: 'products-error' });
  }, [products.isError, products.errorUpdatedAt]);

  // The server's categories; the contract's list stands in until they arrive or if they cannot be fetched.
  const categoryOptions = [
    { value: '', label: 'All categories' },
    ...(Array.isArray(categories.data) ? categories.data : CATEGORIES).map(({ value, label }) => ({ value, label })),
  ];

  const pages = products.data?.pages ?? [];
  const items = pages.flatMap((page) => (Array.isArray(page.products) ? page.products : []));
  const total = pages.at(-1)?.total ?? items.length;

  const clearFilters = () => {
    changeSearchText('');
    update({ search: undefined, category: undefined });
  };

  return (
    <Container className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>All Products</h1>
        <p className={styles.subtitle}>AI tools, software, licences, plugins, templates and courses, delivered the moment you pay.</p>
      </header>

      <form
        role="search"
        aria-label="Products"
        className={styles.filters}
        onSubmit={(event) => {
          event.preventDefault();
          flushSearch();
        }}
      >
        <SearchField
          label="Search products"
          placeholder="Search products..."
          className={styles.search}
          value={searchText}
          maxLength={200}
          onChange={(event) => changeSearchText(event.target.value)}
        />
        <SelectField
          label="Category"
          options={categoryOptions}
          value={filters.category ?? ''}
          onChange={(event) => update({ category: (event.target.value || undefined) as Category | undefined })}
        />
        <SelectField
          label="Sort by"
          options={SORT_OPTIONS}
          value={filters.sort ?? DEFAULT_SORT}
          onChange={(event) => {
            const sort = event.target.value as ProductSort;
            update({ sort: sort === DEFAULT_SORT ? undefined : sort });
          }}
        />
        <div role="group" aria-label="View" className={styles.viewToggle}>
          <IconButton
            label="Grid view"
            icon={<GridIcon size={18} />}
            aria-pressed={view === 'grid'}
            className={styles.viewButton}
            onClick={() => setView('grid')}
          />
          <IconButton
            label="List view"
            icon={<ListIcon size={18} />}
            aria-pressed={view === 'list'}
            className={styles.viewButton}
            onClick={() => setView('list')}
          />
        </div>
      </form>

      <p className={styles.summary} aria-live="polite" data-testid="product-count">
        {products.data ? productCountLabel(total) : products.isPending ? 'Loading products…' : ''}
      </p>

      {products.isPending ? (
        <ProductGrid view={view} busy data-testid="product-skeletons">
          {Array.from({ length: PRODUCT_SKELETONS }, (_, index) => (
            <ProductCardSkeleton key={index} variant={view} />
          ))}
        </ProductGrid>
      ) : products.isError && !products.data ? (
        <div className={styles.empty}>
          <AlertIcon size={40} className={styles.emptyIcon} />
          <h2 className={styles.emptyTitle}>Products could not be loaded</h2>
          <p className={styles.emptyHint}>Check your connection and try again.</p>
          <Button variant="secondary" onClick={() => void products.refetch()}>
            Try again
          </Button>
        </div>
      ) : items.length === 0 ? (
        <div className={styles.empty}>
          <SearchIcon size={40} className={styles.emptyIcon} />
          <h2 className={styles.emptyTitle}>No results found</h2>
          <p className={styles.emptyHint}>
            {hasFilters(filters)
              ? 'Try a different search term or another category.'
              : 'There are no products in the catalogue yet. Please check back soon.'}
          </p>
          {hasFilters(filters) && (
            <Button variant="secondary" onClick={clearFilters}>
              Clear filters
            </Button>
          )}
        </div>
      ) : (
        <>
          <ProductGrid view={view} busy={products.isPlaceholderData} data-testid="product-results">
            {items.map((product, index) => (
              <ProductCard key={product.id} product={product} variant={view} eager={index < EAGER_CARDS} headingLevel={2} />
            ))}
          </ProductGrid>
          {products.hasNextPage && !products.isPlaceholderData && (
            <div className={styles.more}>
              <Button variant="secondary" size="lg" loading={products.isFetchingNextPage} onClick={() => void products.fetchNextPage()}>
                {products.isFetchingNextPage ? 'Loading...' : 'Load More Products'}
              </Button>
            </div>
          )}
        </>
      )}
    </Container>
  );
}
