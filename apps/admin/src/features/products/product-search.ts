import { CATEGORIES, type Category } from '@store/contracts';
import type { ProductFilters } from './queries.ts';

/**
 * The address of /admin/products: the list's filters, and `new` to open the Add Product form (the
 * dashboard's quick action links to `/products?new=1`), so a reload or a shared link keeps them.
 */
export interface ProductSearch extends ProductFilters {
  new?: 1;
}

/** The API's bound on a search term (ProductListQuerySchema). */
const SEARCH_MAX_LENGTH = 200;

const isCategory = (value: unknown): value is Category => CATEGORIES.some((category) => category.value === value);

/** Reads the address; anything unknown is dropped rather than refused, so a hand-edited link still opens the list. */
export function validateProductSearch(raw: Record<string, unknown>): ProductSearch {
  const result: ProductSearch = {};
  // The router parses `?search=123` as a number; a search term is text either way.
  const term = typeof raw.search === 'string' || typeof raw.search === 'number' ? String(raw.search).trim().slice(0, SEARCH_MAX_LENGTH) : '';
  if (term) result.search = term;
  if (isCategory(raw.category)) result.category = raw.category;
  if (raw.new === 1 || raw.new === true || raw.new === '1' || raw.new === 'true') result.new = 1;
  return result;
}
