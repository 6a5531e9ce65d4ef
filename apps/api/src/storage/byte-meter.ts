import { createHash } from 'node:crypto';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { tooLarge } from './blob-store.ts';

/**
 * Passes bytes through while counting them and hashing them with SHA-256, and fails the stream with a
 * `too_large` BlobStoreError as soon as more than `maxBytes` have passed: the body is never held whole.
 */
export class ByteMeter extends Transform {
  /** Bytes seen so far. (Not `size`: lib-storage reads a body's `size` as its length.) */
  byteCount = 0;
  private readonly hash = createHash('sha256');

  constructor(private readonly maxBytes?: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.byteCount += chunk.length;
    if (this.maxBytes !== undefined && this.byteCount > this.maxBytes) {
      callback(tooLarge(this.maxBytes));
      return;
    }
    this.hash.update(chunk);
    callback(null, chunk);
  }

  /** The hex SHA-256 of everything that passed; call once, after the stream finished. */
  sha256(): string {
    return this.hash.digest('hex');
  }
}

/** A body as a stream of bytes (a Uint8Array becomes a one-chunk stream). */
export function toReadable(body: Readable | Uint8Array): Readable {
  return body instanceof Uint8Array ? Readable.from([body], { objectMode: false }) : body;
}
