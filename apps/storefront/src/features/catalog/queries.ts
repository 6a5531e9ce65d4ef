import { LIMITS, type ProductListQuery } from '@store/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const catalogKeys = {
  all: ['catalog'] as const,
  product: (id: string) => [...catalogKeys.all, 'product', id] as const,
  list: (query: Omit<ProductListQuery, 'offset' | 'limit' | 'after'>) => [...catalogKeys.all, 'list', query] as const,
  suggestions: (text: string) => [...catalogKeys.all, 'suggestions', text] as const,
  featured: () => [...catalogKeys.all, 'featured'] as const,
  current: (ids: readonly string[]) => [...catalogKeys.all, 'current', ids] as const,
  categories: () => [...catalogKeys.all, 'categories'] as const,
};

export function productQueryOptions(id: string) {
  return queryOptions({
    queryKey: catalogKeys.product(id),
    queryFn: ({ signal }) => api.getProduct({ params: { id } }, { signal }),
  });
}

/**
 * The catalogue's current entries of the given products (a cart's lines), in one request per 50 ids (the
 * API's bound). A product that is gone (deleted) is simply absent from the answer.
 */
export function currentProductsQueryOptions(ids: readonly string[]) {
  return queryOptions({
    queryKey: catalogKeys.current(ids),
    queryFn: async ({ signal }) => {
      const batches: string[][] = [];
      for (let start = 0; start < ids.length; start += LIMITS.orderMaxLines) batches.push(ids.slice(start, start + LIMITS.orderMaxLines));
      const pages = await Promise.all(batches.map((batch) => api.listProducts({ query: { ids: batch.join(','), limit: batch.length } }, { signal })));
      return pages.flatMap((page) => page.products);
    },
  });
}

/** The 9 newest products of the home page. */
export function featuredProductsQueryOptions() {
  return queryOptions({
    queryKey: catalogKeys.featured(),
    queryFn: ({ signal }) => api.listProducts({ query: { limit: LIMITS.featuredCount, sort: 'newest' } }, { signal }),
  });
}

/**
 * The product list, a page of 50 at a time: 'Load More Products' asks for the page after the last one's
 * `next_after` (a keyset cursor, the same cost at any depth), until a page says there is none.
 */
export function productListQueryOptions(query: Omit<ProductListQuery, 'offset' | 'limit' | 'after'>) {
  return infiniteQueryOptions({
    queryKey: catalogKeys.list(query),
    queryFn: ({ pageParam, signal }) =>
      api.listProducts({ query: { ...query, limit: LIMITS.pageSize, ...(pageParam === null ? {} : { after: pageParam }) } }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_after ?? undefined,
  });
}

/** What the search box suggests for a text typed (products by title, categories by name). */
export function searchSuggestionsQueryOptions(text: string) {
  return queryOptions({
    queryKey: catalogKeys.suggestions(text),
    queryFn: ({ signal }) => api.suggestSearch({ query: { q: text } }, { signal }),
    staleTime: 60_000,
  });
}

export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: catalogKeys.categories(),
    queryFn: ({ signal }) => api.listCategories(undefined, { signal }),
    staleTime: 60 * 60_000,
  });
}
