import { CATEGORIES, type Category, type ProductSort } from '@store/contracts';
import { useDebouncedSearch } from '@store/shell';
import { Button, ChevronDownIcon, Container, EmptyState, GridIcon, IconButton, ListIcon, SearchIcon, SelectField, visuallyHidden } from '@store/ui';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { ProductCard, ProductCardSkeleton } from './product-card.tsx';
import { ProductGrid, type ProductView } from './product-grid.tsx';
import { defaultSortOf, hasFilters, sortOptionsFor, type ProductSearch } from './product-search.ts';
import * as styles from './products-page.css.ts';
import { categoriesQueryOptions, productListQueryOptions } from './queries.ts';
import { SearchSuggestBox } from './search-suggest-box.tsx';

const route = getRouteApi('/products/');

/** Skeleton cards while the first page loads (spec section 9). */
export const PRODUCT_SKELETONS = 6;
/** Cards in the first row of the widest grid load their images at once; the rest lazily. */
const EAGER_CARDS = 3;

/** The count line: the products that match, or "1,000+ products" when a search matched more than the API counts. */
export function productCountLabel(total: number, isLowerBound = false): string {
  if (isLowerBound) return `${total.toLocaleString('en-US')}+ products`;
  return `${total.toLocaleString('en-US')} ${total === 1 ? 'product' : 'products'}`;
}

/** How many filters narrow the list (search term, category): shown on the phone's folded Filters button. */
export function activeFilterCount(search: ProductSearch): number {
  return [search.search, search.category].filter(Boolean).length;
}

/** /products: search, category and sort in the address, a grid or list of cards, and 'Load More Products'. */
export function ProductsPage() {
  const filters = route.useSearch();
  const navigate = route.useNavigate();
  const navigateAway = useNavigate();
  const [view, setView] = useState<ProductView>('grid');
  // Phones: the filters fold behind a button so the first products show without scrolling; open on wider screens.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const activeFilters = activeFilterCount(filters);

  // A chosen category or sort is a step Back returns from; the search box replaces its entry as the term grows.
  const update = (patch: Partial<ProductSearch>, { replace = false } = {}) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }), replace, resetScroll: false });

  const { draft: searchText, setDraft: changeSearchText, flush: flushSearch } = useDebouncedSearch(filters.search ?? '', (value) =>
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
  const lastPage = pages.at(-1);
  const total = lastPage?.total ?? items.length;
  // Every page of one search answers the same: its first tells whether the words were corrected.
  const corrected = pages[0]?.corrected_search ?? null;

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

      <div className={styles.filtersToggle}>
        <Button variant="secondary" aria-expanded={filtersOpen} aria-controls={filtersId} onClick={() => setFiltersOpen((open) => !open)}>
          <SearchIcon size={16} />
          Filters
          {activeFilters > 0 && (
            <>
              <span className={styles.filterCount} aria-hidden="true">
                {activeFilters}
              </span>
              <span className={visuallyHidden}>({activeFilters} active)</span>
            </>
          )}
          <ChevronDownIcon size={16} className={filtersOpen ? styles.chevronOpen : styles.chevron} />
        </Button>
      </div>

      {/* Without JavaScript the filters are a plain GET form, open on phones too, sent with its own button. */}
      <noscript>
        <style>{`.${styles.filtersFolded}{display:grid}.${styles.filtersToggle}{display:none}`}</style>
      </noscript>
      <form
        id={filtersId}
        role="search"
        aria-label="Products"
        method="get"
        action="/products"
        className={[styles.filters, !filtersOpen && styles.filtersFolded].filter(Boolean).join(' ')}
        onSubmit={(event) => {
          event.preventDefault();
          flushSearch();
        }}
      >
        <SearchSuggestBox
          label="Search products"
          name="search"
          placeholder="Search products..."
          className={styles.search}
          value={searchText}
          maxLength={200}
          onValueChange={changeSearchText}
          onProduct={(product) => void navigateAway({ to: '/products/$id', params: { id: product.id } })}
          // A category suggestion names what was typed ("plug" → Plugins): the category is shown, the words give way.
          onCategory={(category) => {
            changeSearchText('');
            update({ search: undefined, category: category.value });
          }}
        />
        <SelectField
          label="Category"
          name="category"
          options={categoryOptions}
          value={filters.category ?? ''}
          onChange={(event) => update({ category: (event.target.value || undefined) as Category | undefined })}
        />
        <SelectField
          label="Sort by"
          name="sort"
          options={sortOptionsFor(filters)}
          value={filters.sort ?? defaultSortOf(filters)}
          onChange={(event) => {
            const sort = event.target.value as ProductSort;
            update({ sort: sort === defaultSortOf(filters) ? undefined : sort });
          }}
        />
        <noscript>
          <Button type="submit">Apply</Button>
        </noscript>
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

      <div className={styles.summary} aria-live="polite">
        {corrected && !products.isPlaceholderData && (
          // The shopper's own words stay in the search box; this says which were answered instead.
          <p className={styles.corrected} data-testid="corrected-search">
            Showing results for <strong>“{corrected}”</strong>
          </p>
        )}
        <p data-testid="product-count">
          {products.data ? productCountLabel(total, lastPage?.total_is_lower_bound) : products.isPending ? 'Loading products…' : ''}
        </p>
      </div>

      {products.isPending ? (
        <ProductGrid view={view} busy data-testid="product-skeletons">
          {Array.from({ length: PRODUCT_SKELETONS }, (_, index) => (
            <ProductCardSkeleton key={index} variant={view} />
          ))}
        </ProductGrid>
      ) : products.isError && !products.data ? (
        <EmptyState
          kind="failed"
          title="Products could not be loaded"
          hint="Check your connection and try again."
          onRetry={() => void products.refetch()}
        />
      ) : items.length === 0 ? (
        <EmptyState
          kind="empty"
          title="No results found"
          hint={
            hasFilters(filters)
              ? 'Try a different search term or another category.'
              : 'There are no products in the catalogue yet. Please check back soon.'
          }
          action={
            hasFilters(filters) && (
              <Button variant="secondary" onClick={clearFilters}>
                Clear filters
              </Button>
            )
          }
        />
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
