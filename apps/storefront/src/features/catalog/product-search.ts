import { CATEGORIES, PRODUCT_SORTS, type Category, type ProductSort } from '@store/contracts';

/** The filters of /products as they live in the address, so links, reloads and Back keep them. */
export interface ProductSearch {
  search?: string;
  category?: Category;
  sort?: ProductSort;
}

export const DEFAULT_SORT: ProductSort = 'newest';
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
  if (isSort(raw.sort) && raw.sort !== DEFAULT_SORT) result.sort = raw.sort;
  return result;
}

export function hasFilters(search: ProductSearch): boolean {
  return Boolean(search.search || search.category);
}
