import { describe, expect, it } from 'vitest';
import { formatMoney, fromMinorUnits, toMinorUnits } from './money.ts';

describe('toMinorUnits', () => {
  it('reads decimal strings as whole cents', () => {
    expect(toMinorUnits('19.99', 'USD')).toBe(1999n);
    expect(toMinorUnits('5', 'USD')).toBe(500n);
    expect(toMinorUnits('.5', 'USD')).toBe(50n);
    expect(toMinorUnits('-1.25', 'USD')).toBe(-125n);
    expect(toMinorUnits('1200', 'JPY')).toBe(1200n);
  });

  it('refuses more decimals than the currency has', () => {
    expect(() => toMinorUnits('1.005', 'USD')).toThrow(RangeError);
    expect(() => toMinorUnits('10.5', 'JPY')).toThrow(RangeError);
  });
});

describe('fromMinorUnits', () => {
  it('writes cents back as PayPal value strings', () => {
    expect(fromMinorUnits(1999n, 'USD')).toBe('19.99');
    expect(fromMinorUnits(5n, 'USD')).toBe('0.05');
    expect(fromMinorUnits(-125n, 'USD')).toBe('-1.25');
    expect(fromMinorUnits(1200n, 'JPY')).toBe('1200');
  });
});

describe('formatMoney', () => {
  it('shows amounts the way a buyer reads them', () => {
    expect(formatMoney({ currency_code: 'USD', value: '1234.5' })).toBe('$1,234.50');
    expect(formatMoney({ currency_code: 'EUR', value: '5' })).toBe('€5.00');
  });
});
