import { LIMITS, type Category } from '@store/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** The filters of the admin product list, as they live in the address. */
export interface ProductFilters {
  search?: string;
  category?: Category;
}

export const productKeys = {
  all: ['admin', 'products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (filters: ProductFilters) => [...productKeys.lists(), { search: filters.search, category: filters.category }] as const,
  keyStock: (id: string) => [...productKeys.all, 'key-stock', id] as const,
  files: (id: string) => [...productKeys.all, 'files', id] as const,
  /** The key of a product's running file upload: the form's save waits while one runs. */
  fileUpload: (id: string) => [...productKeys.all, 'file-upload', id] as const,
  categories: () => ['categories'] as const,
};

/**
 * The catalogue for staff, newest first (a search: best match first), 50 at a time: 'Load more' asks for the
 * page after the last one's `next_after` (a keyset cursor), until a page says there is none.
 */
export function adminProductListQueryOptions(filters: ProductFilters) {
  return infiniteQueryOptions({
    queryKey: productKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      api.adminListProducts(
        { query: { search: filters.search, category: filters.category, limit: LIMITS.pageSize, ...(pageParam === null ? {} : { after: pageParam }) } },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_after ?? undefined,
  });
}

/** How many licence keys of a product are unsold, sold, and held by buyers at PayPal (docs/decisions/036-holds-at-payment.md). */
export function licenseKeyStockQueryOptions(id: string) {
  return queryOptions({
    queryKey: productKeys.keyStock(id),
    queryFn: ({ signal }) => api.adminLicenseKeyStock({ params: { id } }, { signal }),
    staleTime: 0,
  });
}

/** The deliverable files of a product, oldest first as the API lists them. */
export function productFilesQueryOptions(id: string) {
  return queryOptions({
    queryKey: productKeys.files(id),
    queryFn: ({ signal }) => api.adminListProductFiles({ params: { id } }, { signal }),
  });
}

export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: productKeys.categories(),
    queryFn: ({ signal }) => api.listCategories(undefined, { signal }),
    staleTime: 60 * 60_000,
  });
}
