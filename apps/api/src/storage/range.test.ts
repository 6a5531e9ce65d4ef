import { describe, expect, it } from 'vitest';
import { BlobStoreError } from './blob-store.ts';
import { parseContentRange, parseRangeHeader, resolveRange } from './range.ts';

describe('resolveRange', () => {
  it('answers the inclusive bytes a range selects, clamping the end as HTTP does', () => {
    expect(resolveRange({ start: 0, end: 0 }, 10)).toEqual({ start: 0, end: 0 });
    expect(resolveRange({ start: 2, end: 5 }, 10)).toEqual({ start: 2, end: 5 });
    expect(resolveRange({ start: 9 }, 10)).toEqual({ start: 9, end: 9 });
    expect(resolveRange({ start: 5, end: 500 }, 10)).toEqual({ start: 5, end: 9 });
    expect(resolveRange({ suffix: 3 }, 10)).toEqual({ start: 7, end: 9 });
    expect(resolveRange({ suffix: 30 }, 10)).toEqual({ start: 0, end: 9 });
  });

  it('selects nothing past the end, in an empty object, or with a zero suffix', () => {
    expect(resolveRange({ start: 10 }, 10)).toBeNull();
    expect(resolveRange({ start: 0, end: 0 }, 0)).toBeNull();
    expect(resolveRange({ suffix: 5 }, 0)).toBeNull();
    expect(resolveRange({ suffix: 0 }, 10)).toBeNull();
  });

  it('refuses negative, fractional and backwards positions', () => {
    for (const range of [{ start: -1 }, { start: 1.5 }, { start: 5, end: 4 }, { suffix: -2 }, { start: Number.NaN }]) {
      expect(() => resolveRange(range, 10)).toThrow(BlobStoreError);
    }
  });
});

describe('parseRangeHeader', () => {
  it('reads one range of bytes', () => {
    expect(parseRangeHeader('bytes=0-99')).toEqual({ start: 0, end: 99 });
    expect(parseRangeHeader('bytes=100-')).toEqual({ start: 100 });
    expect(parseRangeHeader('bytes=-100')).toEqual({ suffix: 100 });
    expect(parseRangeHeader(' bytes=5-5 ')).toEqual({ start: 5, end: 5 });
  });

  it('ignores anything else, so the whole file is answered', () => {
    for (const header of [undefined, '', 'bytes=', 'bytes=-', 'bytes=5-2', 'bytes=0-1,5-6', 'items=0-1', 'bytes=a-b', 'bytes=1-2-3', `bytes=0-${'9'.repeat(16)}`]) {
      expect(parseRangeHeader(header)).toBeNull();
    }
  });
});

describe('parseContentRange', () => {
  it('reads the range and the whole size', () => {
    expect(parseContentRange('bytes 0-99/1234')).toEqual({ range: { start: 0, end: 99 }, size: 1234 });
    expect(parseContentRange('bytes */1234')).toBeNull();
    expect(parseContentRange(undefined)).toBeNull();
  });
});
