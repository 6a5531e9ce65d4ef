import { describe, expect, it } from 'vitest';
import { validateProductSearch } from './product-search.ts';

describe('the filters in the address of /products', () => {
  it('keeps a search term, a known category and a known sort', () => {
    expect(validateProductSearch({ search: ' writer ', category: 'software', sort: 'price_asc' })).toEqual({
      search: 'writer',
      category: 'software',
      sort: 'price_asc',
    });
  });

  it('drops unknown values, blank terms and the default sort instead of failing', () => {
    expect(validateProductSearch({ search: '   ', category: 'games', sort: 'newest', page: 3 })).toEqual({});
    expect(validateProductSearch({ sort: 'cheapest' })).toEqual({});
  });

  it('reads a numeric search term as text', () => {
    expect(validateProductSearch({ search: 2024 })).toEqual({ search: '2024' });
  });
});
