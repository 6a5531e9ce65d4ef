import { ApiError, ERROR_CODE } from '@store/contracts';
import { describe, expect, it } from 'vitest';
import { withDetail } from './with-detail.ts';

describe('withDetail', () => {
  it("adds the server's detail to the screen's message", () => {
    expect(withDetail('Error saving product', new ApiError(400, 'price must have at most two decimals', ERROR_CODE.validation_error))).toBe(
      'Error saving product: price must have at most two decimals',
    );
  });

  it('says when the server could not be reached', () => {
    expect(withDetail('Error saving settings', new TypeError('Failed to fetch'))).toBe(
      'Error saving settings: the server could not be reached',
    );
  });

  it('keeps the message alone when there is nothing to add', () => {
    expect(withDetail('Error deleting product', new ApiError(500, '  ', 'internal_error'))).toBe('Error deleting product');
    expect(withDetail('Error deleting product', new Error('boom'))).toBe('Error deleting product');
  });
});
