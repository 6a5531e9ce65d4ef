import { describe, expect, it } from 'vitest';
import { fileValidators, httpDate, ifRangeHolds, isNotModified } from './conditional.ts';

const SHA = 'a'.repeat(64);
const stored = new Date('2026-11-25T10:20:30.456Z');
const validators = fileValidators(SHA, stored);
const lastModified = 'Wed, 25 Nov 2026 10:20:30 GMT';

describe('fileValidators', () => {
  it('makes a strong ETag of the SHA-256 and a Last-Modified in whole seconds', () => {
    expect(validators.etag).toBe(`"${SHA}"`);
    expect(httpDate(validators.lastModified)).toBe(lastModified);
  });
});

describe('isNotModified', () => {
  it('answers 304 for If-None-Match naming the file, weakly or among others, or *', () => {
    expect(isNotModified({ ifNoneMatch: `"${SHA}"` }, validators)).toBe(true);
    expect(isNotModified({ ifNoneMatch: `W/"${SHA}"` }, validators)).toBe(true);
    expect(isNotModified({ ifNoneMatch: `"other", "${SHA}"` }, validators)).toBe(true);
    expect(isNotModified({ ifNoneMatch: '*' }, validators)).toBe(true);
    expect(isNotModified({ ifNoneMatch: '"other"' }, validators)).toBe(false);
  });

  it('reads If-Modified-Since only without If-None-Match', () => {
    expect(isNotModified({ ifModifiedSince: lastModified }, validators)).toBe(true);
    expect(isNotModified({ ifModifiedSince: 'Thu, 26 Nov 2026 00:00:00 GMT' }, validators)).toBe(true);
    expect(isNotModified({ ifModifiedSince: 'Wed, 25 Nov 2026 10:20:29 GMT' }, validators)).toBe(false);
    expect(isNotModified({ ifModifiedSince: 'not a date' }, validators)).toBe(false);
    expect(isNotModified({ ifNoneMatch: '"other"', ifModifiedSince: lastModified }, validators)).toBe(false);
    expect(isNotModified({}, validators)).toBe(false);
  });
});

describe('ifRangeHolds', () => {
  it('honours a Range without If-Range, or with the same strong ETag or Last-Modified', () => {
    expect(ifRangeHolds(undefined, validators)).toBe(true);
    expect(ifRangeHolds(`"${SHA}"`, validators)).toBe(true);
    expect(ifRangeHolds(lastModified, validators)).toBe(true);
  });

  it('answers the whole file for another ETag, a weak one, another date or nonsense', () => {
    expect(ifRangeHolds(`"${'b'.repeat(64)}"`, validators)).toBe(false);
    expect(ifRangeHolds(`W/"${SHA}"`, validators)).toBe(false);
    expect(ifRangeHolds('Wed, 25 Nov 2026 10:20:31 GMT', validators)).toBe(false);
    expect(ifRangeHolds('yesterday', validators)).toBe(false);
  });
});
