import { describe, expect, it } from 'vitest';
import { formatAdminDate, formatBytes, orderRef, shortId } from './format.ts';

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

  it('shows sizes in units of 1024 with one decimal below 10', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(1_572_864)).toBe('1.5 MB');
    expect(formatBytes(25 * 1024 * 1024 + 300_000)).toBe('25 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3 GB');
  });

  it('moves to the next unit rather than showing 1024 of one', () => {
    expect(formatBytes(1024 * 1024 - 1)).toBe('1 MB');
  });

  it('shows a count that is no size as it came', () => {
    expect(formatBytes(-1)).toBe('-1');
    expect(formatBytes(Number.NaN)).toBe('NaN');
  });
});
