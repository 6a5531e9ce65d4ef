import { describe, expect, it } from 'vitest';
import { formatUsd, formatUsdShort, formatUsdWhole, hasWholeCents, toCents, toDollars } from './money.ts';

describe('money', () => {
  it('turns dollars into whole cents without float drift', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1_000_000)).toBe(100_000_000);
    expect(toDollars(1999)).toBe(19.99);
  });

  it('accepts at most two decimals', () => {
    expect(hasWholeCents(19.99)).toBe(true);
    expect(hasWholeCents(0.1 + 0.2)).toBe(true);
    expect(hasWholeCents(19.999)).toBe(false);
    expect(hasWholeCents(0.001)).toBe(false);
  });

  it('formats USD with two decimals on guest pages and none elsewhere', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsdWhole(49)).toBe('$49');
  });
});

describe('formatUsdShort', () => {
  it('drops the decimals of a whole amount but never rounds away cents', () => {
    expect(formatUsdShort(49)).toBe('$49');
    expect(formatUsdShort(1499)).toBe('$1,499');
    expect(formatUsdShort(49.99)).toBe('$49.99');
    expect(formatUsdShort(0.1 + 0.2)).toBe('$0.30');
  });
});
