import { describe, expect, it } from 'vitest';
import { formatAdminDate, orderRef, shortId } from './format.ts';

describe('admin formatting', () => {
  it('shows ids as their last 8 characters, orders prefixed with #', () => {
    expect(shortId('6f1c1d1e-3f0a-4c57-9d7e-2b1a7c0d9e11')).toBe('7c0d9e11');
    expect(orderRef('6f1c1d1e-3f0a-4c57-9d7e-2b1a7c0d9e11')).toBe('#7c0d9e11');
  });

  it('shows dates in the Serbian locale, in Latin script like the screens, with a short month, hour and minute', () => {
    // The tests run in UTC (vitest.config.ts).
    expect(formatAdminDate('2024-10-24T09:05:00.000Z')).toBe('24. okt 2024. 09:05');
  });

  it('shows an unreadable date as it came', () => {
    expect(formatAdminDate('not a date')).toBe('not a date');
  });
});
