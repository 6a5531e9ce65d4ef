import type { Readable } from 'node:stream';

/**
 * Where the store keeps files: the seller's private deliverables and the public images alike, on disk
 * (`FsBlobStore`) or in an S3 bucket (`S3BlobStore`), chosen by `createBlobStore`. Bodies stream both
 * ways: no call holds a whole file in memory.
 *
 * Keys are chosen by the API, never by a client (see `assertSafeKey` for what a key may be).
 */
export interface BlobStore {
  /** Which driver this is, for logs and start-up messages. */
  readonly driver: 'fs' | 's3';

  /**
   * Stores `body` under `key`, replacing what was there once the whole body has arrived. Answers its
   * size and SHA-256, computed while the bytes pass. Past `maxBytes` it fails with a `too_large`
   * BlobStoreError and nothing new is left behind (an earlier body under the key stays as it was).
   */
  put(key: string, body: Readable | Uint8Array, options: PutOptions): Promise<PutResult>;

  /**
   * Opens the body of `key`, whole or a byte range of it. Fails with `not_found`, or with
   * `range_not_satisfiable` (carrying the size) when the range starts past the end.
   * The caller must consume or destroy `body`.
   */
  get(key: string, range?: ByteRange): Promise<BlobBody>;

  /** Size and type of `key`; fails with `not_found`. */
  stat(key: string): Promise<BlobStat>;

  /** Removes `key`; removing a key that is not there is not an error. */
  remove(key: string): Promise<void>;

  /**
   * A short-lived URL that downloads `key` directly as an attachment named `fileName`, or null when
   * the driver has none (the fs driver: the API streams the file itself).
   */
  presignedGet(key: string, options: PresignOptions): Promise<string | null>;

  /** Where the files are, for staff and logs: the folder (fs) or the bucket's name (s3). */
  readonly location: string;

  /**
   * Writes a few bytes under a name no key can take and removes them: fails when the store cannot be
   * written (a full or read-only disk, a bucket gone or its credentials revoked). Readiness calls it.
   */
  probe(): Promise<void>;

  /** Lets go of connections (the S3 client's sockets); the store is unusable afterwards. */
  close(): Promise<void>;
}

export interface PutOptions {
  contentType: string;
  /** Refuse a body longer than this many bytes. */
  maxBytes?: number;
}

export interface PutResult {
  size: number;
  /** Lower-case hex SHA-256 of the stored bytes. */
  sha256: string;
}

/**
 * A byte range to read, inclusive as in HTTP: `{ start, end }` (`end` clamped to the last byte,
 * omitted for "to the end") or `{ suffix }` for the last `suffix` bytes.
 */
export type ByteRange = { start: number; end?: number } | { suffix: number };

/** The inclusive byte positions a range read answered. */
export interface ResolvedRange {
  start: number;
  end: number;
}

export interface BlobBody {
  body: Readable;
  /** The whole object's size, whatever the range. */
  size: number;
  contentType: string;
  /** The bytes `body` carries when a range was asked, null for the whole object. */
  range: ResolvedRange | null;
}

export interface BlobStat {
  size: number;
  contentType: string;
  lastModified: Date;
}

export interface PresignOptions {
  expiresInSeconds: number;
  /** The name the browser saves the file under; any Unicode (see content-disposition.ts). */
  fileName: string;
  contentType: string;
  /**
   * A `Range` header (`bytes=...`) the link is bound to: it is signed, so the storage refuses the link
   * without exactly that header, and a link issued for some bytes never serves the whole file.
   */
  range?: string;
}

export type BlobStoreErrorCode = 'not_found' | 'too_large' | 'range_not_satisfiable' | 'invalid_key' | 'invalid_argument' | 'key_conflict';

/**
 * A storage failure the caller can act on: `not_found` → 404, `too_large` → 413,
 * `range_not_satisfiable` → 416 with `Content-Range: bytes *\/size`. Anything else thrown by a
 * driver is an outage (disk, network, credentials).
 */
export class BlobStoreError extends Error {
  constructor(
    readonly code: BlobStoreErrorCode,
    message: string,
    /** For `range_not_satisfiable`: the object's size. For `too_large`: the limit. */
    readonly bytes?: number,
  ) {
    super(message);
    this.name = 'BlobStoreError';
  }
}

export const isBlobStoreError = (error: unknown, code?: BlobStoreErrorCode): error is BlobStoreError =>
  error instanceof BlobStoreError && (code === undefined || error.code === code);

// 200 characters a segment: a file name may have 255 bytes, and the fs driver adds `.` and `.meta.json`.
const KEY_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
export const MAX_KEY_LENGTH = 512;
export const MAX_KEY_SEGMENTS = 8;

/**
 * A key is 1 to 8 segments joined by `/`, 512 characters at most; each segment is 1 to 200 ASCII
 * letters, digits, `.`, `_` and `-`, and starts with a letter or digit. So no `..`, no absolute path, no empty
 * segment, no hidden file, no backslash, nothing that needs encoding in a URL or an S3 key, and the
 * same key means the same object on every driver and file system. Names starting with `.` are the
 * fs driver's own (`.tmp/`, `.<name>.meta.json`).
 */
export function assertSafeKey(key: string): void {
  const segments = key.split('/');
  if (
    key.length === 0 ||
    key.length > MAX_KEY_LENGTH ||
    segments.length > MAX_KEY_SEGMENTS ||
    !segments.every((segment) => KEY_SEGMENT.test(segment))
  ) {
    throw new BlobStoreError('invalid_key', `Unsafe blob key: ${JSON.stringify(key.slice(0, 80))}`);
  }
}

/** A Content-Type header value: a media type with optional parameters, printable ASCII only. */
export function assertContentType(contentType: string): void {
  if (!/^[\w.+-]+\/[\w.+-]+(\s*;[\x20-\x7e]*)?$/.test(contentType) || contentType.length > 255) {
    throw new BlobStoreError('invalid_argument', `Not a content type: ${JSON.stringify(contentType.slice(0, 80))}`);
  }
}

export function assertMaxBytes(maxBytes: number | undefined): void {
  if (maxBytes !== undefined && (!Number.isSafeInteger(maxBytes) || maxBytes < 0)) {
    throw new BlobStoreError('invalid_argument', `maxBytes must be a whole number of bytes (got ${maxBytes})`);
  }
}

export const tooLarge = (maxBytes: number) =>
  new BlobStoreError('too_large', `The file is larger than the limit of ${maxBytes} bytes`, maxBytes);

export const notFound = (key: string) => new BlobStoreError('not_found', `No blob under ${JSON.stringify(key)}`);
