import { describe, expect, it } from 'vitest';
import { ADMIN_ORDER_TRANSITIONS, CATEGORIES, canTransition, ORDER_STATUSES, ORDER_TRANSITIONS, PRODUCT_TYPES } from './enums.ts';

const statuses = ORDER_STATUSES.map((status) => status.value);

describe('catalogue enums', () => {
  it('lists the six categories with their labels in the spec order', () => {
    expect(CATEGORIES.map((c) => `${c.value}:${c.label}`)).toEqual([
      'ai_tools:AI Tools',
      'software:Software',
      'licenses:Licenses',
      'plugins:Plugins',
      'templates:Templates',
      'courses:Courses',
    ]);
  });

  it('lists the three product types', () => {
    expect(PRODUCT_TYPES.map((t) => t.value)).toEqual(['single', 'package', 'subscription']);
  });
});

describe('the order status machine', () => {
  it('gives each status the badge colour of the spec', () => {
    expect(Object.fromEntries(ORDER_STATUSES.map((s) => [s.value, s.tone]))).toEqual({
      pending: 'yellow',
      paid: 'green',
      confirmed: 'blue',
      completed: 'green',
      rejected: 'orange',
      failed: 'red',
      refunded: 'gray',
    });
  });

  it('allows exactly the server transitions', () => {
    const allowed = statuses.flatMap((from) => statuses.filter((to) => canTransition(from, to)).map((to) => `${from}>${to}`));
    expect(allowed.sort()).toEqual(
      [
        'pending>paid',
        'pending>confirmed',
        'pending>rejected',
        'pending>failed',
        'pending>refunded',
        'rejected>confirmed',
        'rejected>refunded',
        'paid>completed',
        'paid>refunded',
        'confirmed>completed',
        'completed>refunded',
        'failed>paid',
        'failed>refunded',
      ].sort(),
    );
  });

  it('moves a completed order only to refunded, and never moves a refunded one', () => {
    expect(statuses.filter((to) => canTransition('completed', to))).toEqual(['refunded']);
    for (const to of statuses) expect(canTransition('refunded', to)).toBe(false);
  });

  it('moves a lapsed order only when money arrived for it: delivered, or refunded', () => {
    expect(statuses.filter((to) => canTransition('failed', to))).toEqual(['paid', 'refunded']);
  });

  it('offers the admin only confirm and reject, each also allowed by the server', () => {
    for (const from of statuses) {
      for (const to of ADMIN_ORDER_TRANSITIONS[from]) expect(ORDER_TRANSITIONS[from]).toContain(to);
    }
    expect(ADMIN_ORDER_TRANSITIONS.pending).toEqual(['confirmed', 'rejected']);
    expect(ADMIN_ORDER_TRANSITIONS.rejected).toEqual(['confirmed']);
  });
});
