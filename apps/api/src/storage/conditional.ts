/**
 * Validators of a stored file and the conditional headers of a GET or HEAD that read them, as RFC 9110
 * §8.8 and §13 ask of a static file server: a strong `ETag` from the file's SHA-256, `Last-Modified` from
 * when it was stored, `If-None-Match` / `If-Modified-Since` (304) and `If-Range` (a range only for the
 * same bytes). Deliverables never change under their id, so both validators are strong
 * (docs/decisions/035-downloads-that-resume.md).
 */

export interface Validators {
  /** A strong entity tag, quotes included. */
  etag: string;
  /** Whole seconds, as HTTP dates carry them. */
  lastModified: Date;
}

export function fileValidators(sha256: string, storedAt: Date): Validators {
  return { etag: `"${sha256}"`, lastModified: new Date(Math.floor(storedAt.getTime() / 1000) * 1000) };
}

/** An IMF-fixdate, the HTTP date format (`Sun, 06 Nov 1994 08:49:37 GMT`). */
export const httpDate = (date: Date): string => date.toUTCString();

export interface ConditionalHeaders {
  ifNoneMatch?: string | undefined;
  ifModifiedSince?: string | undefined;
  ifRange?: string | undefined;
}

/**
 * Whether a GET or HEAD is answered 304 Not Modified (RFC 9110 §13.2.2, steps 3 and 4): `If-None-Match`
 * naming this file (weak comparison, or `*`), or, only when there is no `If-None-Match`, an
 * `If-Modified-Since` not older than the file.
 */
export function isNotModified(headers: ConditionalHeaders, validators: Validators): boolean {
  if (headers.ifNoneMatch !== undefined) {
    if (headers.ifNoneMatch.trim() === '*') return true;
    return opaqueTags(headers.ifNoneMatch).includes(opaqueTag(validators.etag));
  }
  if (headers.ifModifiedSince !== undefined) {
    const since = Date.parse(headers.ifModifiedSince);
    return Number.isFinite(since) && validators.lastModified.getTime() <= since;
  }
  return false;
}

/**
 * Whether a `Range` may be answered with 206 (RFC 9110 §13.1.5): always without `If-Range`; with one, only
 * when it names these bytes exactly: the same strong entity tag (a weak one never matches), or the same
 * `Last-Modified` date to the second. Otherwise the client's partial copy is of other bytes: the whole file.
 */
export function ifRangeHolds(ifRange: string | undefined, validators: Validators): boolean {
  if (ifRange === undefined) return true;
  const value = ifRange.trim();
  if (value.startsWith('W/')) return false;
  if (value.startsWith('"')) return value === validators.etag;
  const date = Date.parse(value);
  return Number.isFinite(date) && date === validators.lastModified.getTime();
}

/** The quoted part of each entity tag of a list, weak or strong (weak comparison ignores the difference). */
const opaqueTags = (list: string): string[] => [...list.matchAll(/(?:W\/)?"([^"]*)"/g)].map((match) => match[1] ?? '');

const opaqueTag = (etag: string) => etag.replace(/^W\//, '').replace(/^"|"$/g, '');
