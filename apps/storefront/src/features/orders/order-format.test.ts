import { describe, expect, it } from 'vitest';
import { downloadUsage, formatFileSize } from './order-format.ts';

describe('formatFileSize', () => {
  it('writes bytes below a kilobyte as bytes', () => {
    expect(formatFileSize(0)).toBe('0 bytes');
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(1023)).toBe('1023 bytes');
  });

  it('writes larger sizes in steps of 1024 with at most one decimal', () => {
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(1_572_864)).toBe('1.5 MB');
    expect(formatFileSize(5 * 1024 ** 3)).toBe('5 GB');
    expect(formatFileSize(3 * 1024 ** 4)).toBe('3 TB');
  });

  it('moves to the next unit when the shown number would reach 1024', () => {
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1 MB');
    expect(formatFileSize(1000 * 1024)).toBe('1,000 KB');
  });
});

describe('downloadUsage', () => {
  it('says how many downloads are used and left', () => {
    expect(downloadUsage({ download_count: 1, download_limit: 5 })).toEqual({
      used: 'Downloaded 1 of 5 times',
      left: '4 downloads left',
      exhausted: false,
    });
  });

  it('uses the singular for one', () => {
    expect(downloadUsage({ download_count: 0, download_limit: 1 })).toEqual({
      used: 'Downloaded 0 of 1 time',
      left: '1 download left',
      exhausted: false,
    });
    expect(downloadUsage({ download_count: 4, download_limit: 5 }).left).toBe('1 download left');
  });

  it('is used up at the limit, and never counts below zero left', () => {
    expect(downloadUsage({ download_count: 5, download_limit: 5 })).toEqual({
      used: 'Downloaded 5 of 5 times',
      left: '0 downloads left',
      exhausted: true,
    });
    expect(downloadUsage({ download_count: 7, download_limit: 5 })).toMatchObject({ left: '0 downloads left', exhausted: true });
  });
});
