import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants as zlib, gzip, gzipSync, type BrotliOptions } from 'node:zlib';

/** A content coding a cached answer can be sent in; `identity` is the body as it is. */
export type AnswerEncoding = 'br' | 'gzip' | 'identity';

/** Answers shorter than this are sent as they are: compressing them saves less than the header costs. */
const COMPRESS_MIN_BYTES = 1024;

/**
 * Brotli's quality for an answer sent again and again (made in zlib's thread pool), and for its first
 * sending, made in line: a list of 50 products takes about a quarter of the time at 2 for some 12% more
 * bytes, which is what a request that misses the cache (a new search) should pay.
 */
const BROTLI_QUALITY = 5;
const BROTLI_FIRST_QUALITY = 2;
const brotliOptions = (body: Buffer, quality = BROTLI_QUALITY): BrotliOptions => ({
  params: {
    [zlib.BROTLI_PARAM_QUALITY]: quality,
    [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
    [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
  },
});
const GZIP_LEVEL = 6;
const brotliCompressAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Both compressed forms of a body, made in zlib's thread pool rather than in line: for bodies of megabytes
 * (a sitemap piece), whose compression would otherwise hold every other request for a while.
 */
export async function compressAhead(body: Buffer): Promise<Map<AnswerEncoding, Buffer>> {
  const [br, gz] = await Promise.all([brotliCompressAsync(body, brotliOptions(body)), gzipAsync(body, { level: GZIP_LEVEL })]);
  return new Map<AnswerEncoding, Buffer>([
    ['br', br],
    ['gzip', gz],
  ]);
}

/** One serialised answer, its validator and its compressed forms (made once, on first use of each). */
export class CachedAnswer {
  readonly etag: string;
  readonly #encoded = new Map<AnswerEncoding, Buffer>();

  constructor(
    readonly key: string,
    readonly body: Buffer,
    /** The products the answer shows: a change to one of them drops it. */
    readonly productIds: readonly string[],
    /** Compressed forms already made (`compressAhead`); the others are made on first use. */
    compressed: ReadonlyMap<AnswerEncoding, Buffer> = new Map(),
    /** Headers of this answer's own, sent with it (a page's Content-Security-Policy with its scripts' hashes). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    // Weak: the same representation is sent in several content codings (RFC 9110, 8.8.3).
    this.etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    for (const [encoding, bytes] of compressed) this.#encoded.set(encoding, bytes);
    this.#encoded.set('identity', body);
  }

  /**
   * The body in the given coding; `identity` when the body is too short to be worth compressing. Brotli is
   * made quickly for the first sending; an answer sent a second time is compressed better in the
   * background, and sent so once that is done.
   */
  encoded(encoding: AnswerEncoding): { encoding: AnswerEncoding; bytes: Buffer } {
    if (encoding === 'identity' || this.body.length < COMPRESS_MIN_BYTES) return { encoding: 'identity', bytes: this.body };
    let bytes = this.#encoded.get(encoding);
    if (!bytes) {
      bytes = encoding === 'br' ? brotliCompressSync(this.body, brotliOptions(this.body, BROTLI_FIRST_QUALITY)) : gzipSync(this.body, { level: GZIP_LEVEL });
      this.#encoded.set(encoding, bytes);
      if (encoding === 'br') this.#quickBrotli = true;
    } else if (encoding === 'br' && this.#quickBrotli) {
      this.#quickBrotli = false;
      brotliCompressAsync(this.body, brotliOptions(this.body)).then(
        (better) => this.#encoded.set('br', better),
        () => {}, // the quick form stays
      );
    }
    return { encoding, bytes };
  }

  /** True while the brotli form is the quick one, made at the first sending. */
  #quickBrotli = false;

  /** What the answer holds in memory, compressed forms included. */
  get size(): number {
    let total = 0;
    for (const bytes of this.#encoded.values()) total += bytes.length;
    return total;
  }
}

export interface AnswerCacheLimits {
  /** At most this many answers; the least recently used goes first. */
  maxEntries: number;
  /** At most this many bytes of bodies (compressed forms included). */
  maxBytes: number;
}

/**
 * Serialised public catalogue answers, kept in memory and keyed by the normalised request. An answer is
 * dropped when a product it shows changes (its stock included), or every answer when the catalogue
 * itself changes (a product added, edited or archived: any list may gain or lose it). Invalidation comes
 * from the database's notifications, so every instance hears every writer (see catalog-feed.ts).
 *
 * Concurrent misses on one key share one load. A load that overlaps an invalidation touching what it
 * read is answered but not kept: it may hold what was there before the change.
 */
export class AnswerCache {
  readonly #entries = new Map<string, CachedAnswer>();
  readonly #byProduct = new Map<string, Set<string>>();
  readonly #loading = new Map<string, Promise<CachedAnswer>>();
  /** Request addresses known to give a key's answer (see `remember`). */
  readonly #addresses = new Map<string, string>();
  /** Counts invalidations; a load remembers the count at its start. */
  #clock = 0;
  #everythingAt = 0;
  readonly #productAt = new Map<string, number>();
  #bytes = 0;
  /** Answers given from memory, and answers that had to be made (a load, or waiting on another caller's). */
  #hits = 0;
  #misses = 0;

  constructor(readonly limits: AnswerCacheLimits) {}

  get stats(): { entries: number; bytes: number; hits: number; misses: number } {
    return { entries: this.#entries.size, bytes: this.#bytes, hits: this.#hits, misses: this.#misses };
  }

  /** The cached answer for a key, or the one `load` makes (shared by every caller waiting on the same key). */
  async get(
    key: string,
    load: () => Promise<{
      body: Buffer;
      productIds: readonly string[];
      compressed?: ReadonlyMap<AnswerEncoding, Buffer>;
      headers?: Readonly<Record<string, string>>;
    }>,
  ): Promise<CachedAnswer> {
    const cached = this.#entries.get(key);
    if (cached) {
      this.#hits += 1;
      // Most recently used last: the eviction walks from the front.
      this.#entries.delete(key);
      this.#entries.set(key, cached);
      return cached;
    }
    this.#misses += 1;
    const pending = this.#loading.get(key);
    if (pending) return pending;

    const startedAt = this.#clock;
    const loading = load()
      .then(({ body, productIds, compressed, headers }) => {
        const answer = new CachedAnswer(key, body, productIds, compressed, headers);
        if (this.#unchangedSince(startedAt, productIds)) this.#keep(key, answer);
        return answer;
      })
      .finally(() => this.#loading.delete(key));
    this.#loading.set(key, loading);
    return loading;
  }

  /**
   * Notes that a request address (path and query, as the client sent it) was checked and gave the answer
   * of `key`, so the next request for the very same address can be answered before it is parsed again:
   * the same bytes always check and normalise the same way.
   */
  remember(address: string, key: string): void {
    if (this.#addresses.size >= this.limits.maxEntries * 4) this.#addresses.clear();
    this.#addresses.set(address, key);
  }

  /** The kept answer for an address `remember` noted, if it is still kept. */
  answerFor(address: string): CachedAnswer | undefined {
    const key = this.#addresses.get(address);
    const answer = key === undefined ? undefined : this.#entries.get(key);
    if (answer) this.#hits += 1;
    return answer;
  }

  /** Drops every answer (the catalogue changed, or changes may have been missed). */
  invalidateAll(): void {
    this.#clock += 1;
    this.#everythingAt = this.#clock;
    this.#productAt.clear();
    this.#entries.clear();
    this.#byProduct.clear();
    this.#bytes = 0;
  }

  /** Drops the answers that show one product (its stock moved). */
  invalidateProduct(productId: string): void {
    this.#clock += 1;
    // Remembered for loads in flight; bounded, since forgetting is safe once everything is dropped.
    if (this.#productAt.size >= 100_000) {
      this.invalidateAll();
      return;
    }
    this.#productAt.set(productId, this.#clock);
    const keys = this.#byProduct.get(productId);
    if (!keys) return;
    for (const key of [...keys]) this.#drop(key);
  }

  #unchangedSince(startedAt: number, productIds: readonly string[]): boolean {
    if (this.#everythingAt > startedAt) return false;
    return productIds.every((id) => (this.#productAt.get(id) ?? 0) <= startedAt);
  }

  #keep(key: string, answer: CachedAnswer): void {
    if (answer.body.length > this.limits.maxBytes / 4) return;
    this.#drop(key);
    this.#entries.set(key, answer);
    this.#bytes += answer.size;
    for (const id of answer.productIds) {
      let keys = this.#byProduct.get(id);
      if (!keys) this.#byProduct.set(id, (keys = new Set()));
      keys.add(key);
    }
    this.#evict();
  }

  /** An answer's body in a coding; a compressed form made now is counted in the cache's bytes. */
  encoded(answer: CachedAnswer, encoding: AnswerEncoding): { encoding: AnswerEncoding; bytes: Buffer } {
    const before = answer.size;
    const form = answer.encoded(encoding);
    if (answer.size !== before && this.#entries.get(answer.key) === answer) {
      this.#bytes += answer.size - before;
      this.#evict();
    }
    return form;
  }

  #evict(): void {
    for (const key of this.#entries.keys()) {
      if (this.#entries.size <= this.limits.maxEntries && this.#bytes <= this.limits.maxBytes) break;
      this.#drop(key);
    }
  }

  #drop(key: string): void {
    const answer = this.#entries.get(key);
    if (!answer) return;
    this.#entries.delete(key);
    this.#bytes -= answer.size;
    for (const id of answer.productIds) {
      const keys = this.#byProduct.get(id);
      keys?.delete(key);
      if (keys?.size === 0) this.#byProduct.delete(id);
    }
  }
}
