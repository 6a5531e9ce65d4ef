import { CATEGORIES, PRODUCT_SORTS, type Category, type ProductSort } from '@store/contracts';

/** The filters of /products as they live in the address, so links, reloads and Back keep them. */
export interface ProductSearch {
  search?: string;
  category?: Category;
  sort?: ProductSort;
}

/** The order of a list without a search: the newest first. */
export const DEFAULT_SORT: ProductSort = 'newest';

/** A search's results come best match first (the API's default for a search); anything else, the newest first. */
export function defaultSortOf(search: Pick<ProductSearch, 'search'>): ProductSort {
  return search.search ? 'relevance' : DEFAULT_SORT;
}

/** The orders the list offers: "Best match" only while a search is given (without one it means nothing). */
export function sortOptionsFor(search: Pick<ProductSearch, 'search'>): { value: ProductSort; label: string }[] {
  return PRODUCT_SORTS.filter(({ value }) => value !== 'relevance' || Boolean(search.search)).map(({ value, label }) => ({ value, label }));
}

/** The API's bound on a search term (ProductListQuerySchema). */
const SEARCH_MAX_LENGTH = 200;

const isCategory = (value: unknown): value is Category => CATEGORIES.some((category) => category.value === value);
const isSort = (value: unknown): value is ProductSort => PRODUCT_SORTS.some((sort) => sort.value === value);

/**
 * Reads the filters from the address. Anything unknown is dropped rather than refused, so an old or
 * hand-edited link still opens the catalogue; the default sort is left out to keep addresses short.
 */
export function validateProductSearch(raw: Record<string, unknown>): ProductSearch {
  const result: ProductSearch = {};
  // The router parses `?search=123` as a number; a search term is text either way.
  const term =
    typeof raw.search === 'string' || typeof raw.search === 'number' ? String(raw.search).trim().slice(0, SEARCH_MAX_LENGTH) : '';
  if (term) result.search = term;
  if (isCategory(raw.category)) result.category = raw.category;
  // "Best match" is never kept: with a search it is the default, without one it is no order on offer.
  if (isSort(raw.sort) && raw.sort !== 'relevance' && raw.sort !== defaultSortOf(result)) result.sort = raw.sort;
  return result;
}

export function hasFilters(search: ProductSearch): boolean {
  return Boolean(search.search || search.category);
}
