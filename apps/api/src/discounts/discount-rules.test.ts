import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { checkAvailable, covers, discountCents, discountStatus, percentOf, type CodeRules } from './discount-rules.ts';

const rules = (overrides: Partial<CodeRules> = {}): CodeRules => ({
  kind: 'percent',
  value: 10,
  min_order_cents: null,
  starts_at: null,
  ends_at: null,
  max_uses: null,
  max_uses_per_buyer: null,
  product_ids: [],
  categories: [],
  disabled_at: null,
  ...overrides,
});

const line = (product_id: string, unit_price_cents: number, quantity = 1, category = 'software') => ({
  product_id,
  unit_price_cents,
  quantity,
  category,
});

const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? error.code : 'not an AppError';
  }
  return 'accepted';
};

describe('percentOf', () => {
  it('rounds to the nearest cent, half a cent up', () => {
    expect(percentOf(50, 1)).toBe(1);
    expect(percentOf(49, 1)).toBe(0);
    expect(percentOf(3999, 15)).toBe(600);
    expect(percentOf(1250, 10)).toBe(125);
    expect(percentOf(999, 100)).toBe(999);
  });
});

describe('discountCents', () => {
  it('takes the percentage of the covered lines’ sum, once', () => {
    expect(discountCents(rules({ value: 1 }), [line('a', 49, 3)])).toEqual({ eligibleCents: 147, amountCents: 1 });
  });

  it('caps a fixed amount at the covered lines', () => {
    expect(discountCents(rules({ kind: 'fixed', value: 5000, product_ids: ['a'] }), [line('a', 2000), line('b', 3000)]).amountCents).toBe(
      2000,
    );
  });

  it('covers lines by product or by category, every line without a scope', () => {
    expect(covers(rules(), line('x', 1))).toBe(true);
    expect(covers(rules({ product_ids: ['a'] }), line('b', 1))).toBe(false);
    expect(covers(rules({ product_ids: ['a'], categories: ['courses'] }), line('b', 1, 1, 'courses'))).toBe(true);
  });

  it('refuses no covered line, a minimum not reached, and a discount of nothing', () => {
    expect(codeOf(() => discountCents(rules({ product_ids: ['a'] }), [line('b', 100)]))).toBe('discount_code_not_applicable');
    expect(codeOf(() => discountCents(rules({ min_order_cents: 1000 }), [line('a', 999)]))).toBe('discount_code_min_order');
    expect(codeOf(() => discountCents(rules({ min_order_cents: 1000 }), [line('a', 1000)]))).toBe('accepted');
    expect(codeOf(() => discountCents(rules({ value: 1 }), [line('a', 49)]))).toBe('discount_code_not_applicable');
  });
});

describe('checkAvailable and discountStatus', () => {
  const now = new Date('2026-12-01T12:00:00Z');
  const none = { total: 0, buyer: 0 };

  it('answers a disabled, scheduled, ended or used-up code as an unknown one, and a buyer’s own limit apart', () => {
    const unusable: [string, CodeRules, { total: number; buyer: number }][] = [
      ['disabled', rules({ disabled_at: now }), none],
      ['scheduled', rules({ starts_at: new Date('2026-12-01T12:00:01Z') }), none],
      ['ended', rules({ ends_at: now }), none],
      ['used up', rules({ max_uses: 3 }), { total: 3, buyer: 0 }],
    ];
    for (const [name, code, uses] of unusable) {
      expect(() => checkAvailable(code, uses, now), name).toThrow(
        expect.objectContaining({ code: 'discount_code_invalid', detail: 'This discount code is not valid' }),
      );
    }
    expect(codeOf(() => checkAvailable(rules({ starts_at: now }), none, now))).toBe('accepted');
    expect(codeOf(() => checkAvailable(rules({ max_uses: 3 }), { total: 2, buyer: 0 }, now))).toBe('accepted');
    expect(codeOf(() => checkAvailable(rules({ max_uses_per_buyer: 1 }), { total: 5, buyer: 1 }, now))).toBe('discount_code_already_used');
  });

  it('names where a code stands for staff', () => {
    expect(discountStatus(rules({ disabled_at: now, ends_at: now }), 0, now)).toBe('disabled');
    expect(discountStatus(rules({ ends_at: now }), 0, now)).toBe('expired');
    expect(discountStatus(rules({ starts_at: new Date('2026-12-02T00:00:00Z') }), 0, now)).toBe('scheduled');
    expect(discountStatus(rules({ max_uses: 2 }), 2, now)).toBe('used_up');
    expect(discountStatus(rules({ max_uses: 2 }), 1, now)).toBe('active');
  });
});
