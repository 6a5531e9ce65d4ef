import { describe, expect, it } from 'vitest';
import { validateOrdersSearch } from './search.ts';

describe('the orders screen address', () => {
  it('keeps a search, a known status and a page after the first', () => {
    expect(validateOrdersSearch({ search: ' alice ', status: 'pending', page: 3 })).toEqual({ search: 'alice', status: 'pending', page: 3 });
  });

  it('keeps a dispute filter of open or any, and drops any other', () => {
    expect(validateOrdersSearch({ dispute: 'open' })).toEqual({ dispute: 'open' });
    expect(validateOrdersSearch({ dispute: 'any', status: 'completed' })).toEqual({ dispute: 'any', status: 'completed' });
    expect(validateOrdersSearch({ dispute: 'resolved' })).toEqual({});
    expect(validateOrdersSearch({ dispute: 1 })).toEqual({});
  });

  it('reads a numeric search as text', () => {
    expect(validateOrdersSearch({ search: 1234 })).toEqual({ search: '1234' });
  });

  it('drops an unknown status, a blank search and a page that is not a whole number above 1', () => {
    expect(validateOrdersSearch({ search: '  ', status: 'shipped', page: 1 })).toEqual({});
    expect(validateOrdersSearch({ page: 'x' })).toEqual({});
    expect(validateOrdersSearch({ page: 2.5 })).toEqual({});
  });
});
