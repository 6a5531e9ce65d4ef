import type * as ClientS3 from '@aws-sdk/client-s3';
import type * as LibStorage from '@aws-sdk/lib-storage';
import type * as Presigner from '@aws-sdk/s3-request-presigner';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertContentType,
  assertMaxBytes,
  assertSafeKey,
  BlobStoreError,
  notFound,
  tooLarge,
  type BlobBody,
  type BlobStat,
  type BlobStore,
  type ByteRange,
  type PresignOptions,
  type PutOptions,
  type PutResult,
  type ResolvedRange,
} from './blob-store.ts';
import { ByteMeter, toReadable } from './byte-meter.ts';
import { attachmentDisposition } from './content-disposition.ts';
import { parseContentRange, resolveRange } from './range.ts';

export interface S3BlobStoreOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, the tests' server); null for AWS itself. */
  endpoint: string | null;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO and most test servers). */
  forcePathStyle: boolean;
  /** Bytes per part of a multipart upload (S3's minimum, 5 MiB, by default); memory is about 2 parts. */
  partSize?: number;
}

const MIN_PART_SIZE = 5 * 1024 * 1024;
const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
/** S3 refuses presigned URLs living longer than a week. */
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

interface Sdk {
  s3: typeof ClientS3;
  Upload: typeof LibStorage.Upload;
  getSignedUrl: typeof Presigner.getSignedUrl;
}

/**
 * Blobs in one S3 bucket, key for key. A put streams through a multipart upload (`Upload` of
 * lib-storage, aborted on any failure so no part is left behind), hashing as it goes.
 */
export class S3BlobStore implements BlobStore {
  readonly driver = 's3';
  private readonly client: ClientS3.S3Client;
  private readonly bucket: string;
  private readonly partSize: number;

  /**
   * Loads the AWS SDK only now: it adds about half a second and 25 MB to a start, and a warning on
   * Node 20, which a store on disk need not pay.
   */
  static async open(options: S3BlobStoreOptions): Promise<S3BlobStore> {
    const [s3, storage, presigner] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage'), import('@aws-sdk/s3-request-presigner')]);
    return new S3BlobStore(options, { s3, Upload: storage.Upload, getSignedUrl: presigner.getSignedUrl });
  }

  private constructor(
    options: S3BlobStoreOptions,
    private readonly sdk: Sdk,
  ) {
    this.bucket = options.bucket;
    this.partSize = Math.max(MIN_PART_SIZE, options.partSize ?? MIN_PART_SIZE);
    this.client = new sdk.s3.S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // Checksums only where S3 requires them: S3-compatible servers do not all read the CRC trailers
      // the SDK now sends by default, and the body's SHA-256 is computed here anyway.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Readable | Uint8Array, { contentType, maxBytes }: PutOptions): Promise<PutResult> {
    assertSafeKey(key);
    assertContentType(contentType);
    assertMaxBytes(maxBytes);
    if (body instanceof Uint8Array && maxBytes !== undefined && body.byteLength > maxBytes) throw tooLarge(maxBytes);

    const meter = new ByteMeter(maxBytes);
    const upload = new this.sdk.Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: meter, ContentType: contentType },
      partSize: this.partSize,
      queueSize: 2,
      leavePartsOnError: false,
    });
    // The meter fails (too large, or the source failed) → the upload fails and aborts its parts; the
    // upload fails → the meter is destroyed, or the source would wait on a reader that is gone.
    const feeding = pipeline(toReadable(body), meter);
    const uploading = upload.done().catch((error: unknown) => {
      meter.destroy(error instanceof Error ? error : new Error(String(error)));
      throw error;
    });
    const [fed, uploaded] = await Promise.allSettled([feeding, uploading]);
    if (fed.status === 'rejected') {
      // Not expected (a failed meter fails the upload), but a cut-short body must never stay stored.
      if (uploaded.status === 'fulfilled') await this.remove(key);
      throw fed.reason;
    }
    if (uploaded.status === 'rejected') throw uploaded.reason;
    return { size: meter.byteCount, sha256: meter.sha256() };
  }

  async get(key: string, range?: ByteRange): Promise<BlobBody> {
    assertSafeKey(key);
    if (range === undefined) {
      const answer = await this.getObject(key, undefined);
      return { body: answer.body, size: answer.contentLength, contentType: answer.contentType, range: null };
    }
    // Validates the numbers before anything is asked.
    resolveRange(range, Number.MAX_SAFE_INTEGER);
    const asked = 'suffix' in range ? await this.resolveSuffix(key, range) : range;
    const header = `bytes=${asked.start}-${asked.end ?? ''}`;
    const answer = await this.getObject(key, header);
    // No Content-Range: the server ignored the range and sent the whole object.
    const answered = parseContentRange(answer.contentRange) ?? { range: { start: 0, end: answer.contentLength - 1 }, size: answer.contentLength };
    const expected = resolveRange(asked, answered.size);
    if (expected === null) {
      answer.body.destroy();
      throw unsatisfiable(key, answered.size);
    }
    if (answered.range.start !== expected.start || answered.range.end < expected.end) {
      answer.body.destroy();
      throw new Error(`The S3 server answered bytes ${answered.range.start}-${answered.range.end} of ${key} for ${header}`);
    }
    // Some servers answer more than asked (s3rver reads `bytes=0-0` as `bytes=0-`): pass on only what was asked.
    const body = answered.range.end > expected.end ? firstBytes(answer.body, expected.end - expected.start + 1) : answer.body;
    return { body, size: answered.size, contentType: answer.contentType, range: expected };
  }

  /** Not every S3-compatible server reads `bytes=-N` (s3rver reads it as `0-N`): ask for explicit bytes. */
  private async resolveSuffix(key: string, range: { suffix: number }): Promise<ResolvedRange> {
    const { size } = await this.stat(key);
    const resolved = resolveRange(range, size);
    if (resolved === null) throw unsatisfiable(key, size);
    return resolved;
  }

  private async getObject(key: string, range: string | undefined) {
    try {
      const answer = await this.client.send(new this.sdk.s3.GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range }));
      if (!(answer.Body instanceof Readable)) throw new Error('The S3 client answered no Node stream');
      return {
        body: answer.Body,
        contentLength: answer.ContentLength ?? 0,
        contentRange: answer.ContentRange,
        contentType: answer.ContentType ?? DEFAULT_CONTENT_TYPE,
      };
    } catch (error) {
      if (statusOf(error) === 404) throw notFound(key);
      if (statusOf(error) === 416) throw unsatisfiable(key, (await this.stat(key)).size);
      throw error;
    }
  }

  async stat(key: string): Promise<BlobStat> {
    assertSafeKey(key);
    try {
      const answer = await this.client.send(new this.sdk.s3.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        size: answer.ContentLength ?? 0,
        contentType: answer.ContentType ?? DEFAULT_CONTENT_TYPE,
        lastModified: answer.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (statusOf(error) === 404) throw notFound(key);
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    assertSafeKey(key);
    // S3 answers 204 whether or not the key was there.
    await this.client.send(new this.sdk.s3.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async presignedGet(key: string, { expiresInSeconds, fileName, contentType, range }: PresignOptions): Promise<string> {
    assertSafeKey(key);
    assertContentType(contentType);
    if (range !== undefined && !/^bytes=[\x21-\x7e]{1,100}$/.test(range)) {
      throw new BlobStoreError('invalid_argument', `Not a Range header: ${JSON.stringify(range.slice(0, 80))}`);
    }
    if (!Number.isSafeInteger(expiresInSeconds) || expiresInSeconds < 1 || expiresInSeconds > MAX_PRESIGN_SECONDS) {
      throw new BlobStoreError('invalid_argument', `expiresInSeconds must be from 1 to ${MAX_PRESIGN_SECONDS} (got ${expiresInSeconds})`);
    }
    const command = new this.sdk.s3.GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentDisposition: attachmentDisposition(fileName),
      ResponseContentType: contentType,
      ...(range === undefined ? {} : { Range: range }),
    });
    // The Range stays a header and is signed (never hoisted into the query), so S3 serves only those bytes.
    return this.sdk.getSignedUrl(this.client, command, { expiresIn: expiresInSeconds, ...(range === undefined ? {} : { signableHeaders: new Set(['range']) }) });
  }

  get location(): string {
    return this.bucket;
  }

  /** An object put and deleted under `.probe/`, a prefix no key can have (`assertSafeKey`). */
  async probe(): Promise<void> {
    const key = `.probe/${randomUUID()}`;
    await this.client.send(new this.sdk.s3.PutObjectCommand({ Bucket: this.bucket, Key: key, Body: 'probe', ContentType: 'text/plain' }));
    await this.client.send(new this.sdk.s3.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

const unsatisfiable = (key: string, size: number) =>
  new BlobStoreError('range_not_satisfiable', `The range is outside the ${size} bytes of ${key}`, size);

/** The first `length` bytes of `source`, which is destroyed after them (closing its connection). */
function firstBytes(source: Readable, length: number): Readable {
  return Readable.from(
    (async function* () {
      let left = length;
      for await (const chunk of source) {
        const bytes = chunk as Buffer;
        if (bytes.length >= left) {
          yield bytes.subarray(0, left);
          return;
        }
        left -= bytes.length;
        yield bytes;
      }
    })(),
    { objectMode: false },
  );
}

/** The HTTP status of an S3 service error (an S3ServiceException's `$metadata`). */
function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('$metadata' in error)) return undefined;
  const metadata = (error as { $metadata?: { httpStatusCode?: unknown } }).$metadata;
  return typeof metadata?.httpStatusCode === 'number' ? metadata.httpStatusCode : undefined;
}
