import { describe, expect, it } from 'vitest';
import { validateProductSearch } from './product-search.ts';

describe('validateProductSearch', () => {
  it('keeps the search term, a known category and the add-form flag', () => {
    expect(validateProductSearch({ search: '  writer ', category: 'software', new: 1 })).toEqual({ search: 'writer', category: 'software', new: 1 });
  });

  it('reads a numeric search term as text and accepts new=true', () => {
    expect(validateProductSearch({ search: 123, new: 'true' })).toEqual({ search: '123', new: 1 });
  });

  it('drops what it does not know', () => {
    expect(validateProductSearch({ search: '   ', category: 'weapons', new: 0, page: 3 })).toEqual({});
  });
});
