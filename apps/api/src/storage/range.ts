import { BlobStoreError, type ByteRange, type ResolvedRange } from './blob-store.ts';

/**
 * The bytes `range` selects in an object of `size` bytes, as HTTP does (RFC 9110 §14.1.2): `end` past
 * the last byte is clamped, a suffix longer than the object means all of it. Null when no byte is
 * selected (start at or past the end, an empty object, a zero suffix): the caller answers 416.
 */
export function resolveRange(range: ByteRange, size: number): ResolvedRange | null {
  if ('suffix' in range) {
    assertPosition(range.suffix);
    if (range.suffix === 0 || size === 0) return null;
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  assertPosition(range.start);
  if (range.end !== undefined) {
    assertPosition(range.end);
    if (range.end < range.start) throw new BlobStoreError('invalid_argument', `Byte range ends (${range.end}) before it starts (${range.start})`);
  }
  if (range.start >= size) return null;
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

function assertPosition(value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new BlobStoreError('invalid_argument', `Not a byte position: ${value}`);
}

/**
 * Reads one HTTP `Range` header (`bytes=0-99`, `bytes=100-`, `bytes=-100`) into a ByteRange. Null for
 * anything else, including several ranges at once: the server may then ignore the header and answer
 * the whole file with 200, as RFC 9110 allows.
 */
export function parseRangeHeader(header: string | undefined): ByteRange | null {
  const match = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header?.trim() ?? '');
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') return { suffix: Number(last) };
  const start = Number(first);
  if (last === '') return { start };
  const end = Number(last);
  return end < start ? null : { start, end };
}

/** Reads `Content-Range: bytes 0-99/1234` into the range and the whole size. */
export function parseContentRange(header: string | undefined): { range: ResolvedRange; size: number } | null {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header?.trim() ?? '');
  if (!match) return null;
  return { range: { start: Number(match[1]), end: Number(match[2]) }, size: Number(match[3]) };
}
