import { describe, expect, it } from 'vitest';
import { defaultSortOf, sortOptionsFor, validateProductSearch } from './product-search.ts';

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

  it('leaves Best match out of the address: the default of a search, and no order without one', () => {
    expect(validateProductSearch({ search: 'lumora', sort: 'relevance' })).toEqual({ search: 'lumora' });
    expect(validateProductSearch({ sort: 'relevance' })).toEqual({});
    expect(validateProductSearch({ category: 'software', sort: 'relevance' })).toEqual({ category: 'software' });
  });

  it('keeps Newest while searching, where it is not the default', () => {
    expect(validateProductSearch({ search: 'lumora', sort: 'newest' })).toEqual({ search: 'lumora', sort: 'newest' });
  });
});

describe('the orders the list offers', () => {
  it('offers Best match, first and by default, only while a search is given', () => {
    expect(sortOptionsFor({ search: 'lumora' }).map((option) => option.label)).toEqual([
      'Best match',
      'Newest',
      'Price: Low to High',
      'Price: High to Low',
      'Name: A-Z',
    ]);
    expect(defaultSortOf({ search: 'lumora' })).toBe('relevance');
    expect(sortOptionsFor({}).map((option) => option.value)).not.toContain('relevance');
    expect(defaultSortOf({})).toBe('newest');
  });
});
