import { describe, expect, it } from 'vitest';
import { shortFigure } from './figure.ts';

describe('shortFigure', () => {
  it('shows dollars in full with cents below $100,000', () => {
    expect(shortFigure(999.99, 'usd')).toEqual({ short: '$999.99', full: '$999.99' });
    expect(shortFigure(99_999.99, 'usd')).toEqual({ short: '$99,999.99', full: '$99,999.99' });
    expect(shortFigure(0, 'usd').short).toBe('$0.00');
  });

  it('shortens larger amounts to one decimal of thousands or millions, keeping the exact amount beside', () => {
    expect(shortFigure(135_119, 'usd')).toEqual({ short: '$135.1K', full: '$135,119.00' });
    expect(shortFigure(1_234_567, 'usd')).toEqual({ short: '$1.2M', full: '$1,234,567.00' });
    expect(shortFigure(100_000, 'usd').short).toBe('$100K');
  });

  it('shortens counts by the same rule', () => {
    expect(shortFigure(1530, 'count')).toEqual({ short: '1,530', full: '1,530' });
    expect(shortFigure(2_500_000, 'count')).toEqual({ short: '2.5M', full: '2,500,000' });
  });
});
