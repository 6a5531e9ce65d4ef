import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ProductWrite } from '../db/product-writes.ts';
import { AnswerCache, type AnswerEncoding, type CachedAnswer } from './answer-cache.ts';

/** A change to the catalogue: some products' stock or review figures, or anything else (`product`). */
export type CatalogChange = ProductWrite;

declare module 'fastify' {
  interface FastifyInstance {
    /** Serialised public catalogue answers (see answer-cache.ts). */
    catalogCache: AnswerCache;
    /**
     * Every catalogue change this instance learns of, from its own writes and from the database's
     * notifications (any instance's, after commit), for what else keeps answers derived from the catalogue.
     * A gap in the notifications is announced as a `product` change: anything may have changed.
     */
    onCatalogChange: (listener: (change: CatalogChange) => void) => void;
  }
}

/** The channel the products table's triggers notify (migration 2026-11-25-0002). */
export const CATALOG_CHANNEL = 'catalog_changed';

/** Bytes of answers kept at most; a 50-product summary page is about 30 KiB, a few KiB compressed. */
const CACHE_MAX_BYTES = 64 * 1024 * 1024;

/** The change a payload on the channel announces: one product's stock or figures, or the catalogue itself. */
export function catalogChangeOf(payload: string): CatalogChange {
  return payload.startsWith('stock:') ? { kind: 'stock', productIds: [payload.slice('stock:'.length)] } : { kind: 'product' };
}

/** What a change drops: the answers that show the products whose stock moved, or every answer. */
function applyCatalogChange(cache: AnswerCache, change: CatalogChange): void {
  if (change.kind === 'stock') for (const id of change.productIds) cache.invalidateProduct(id);
  else cache.invalidateAll();
}

/**
 * The catalogue cache, kept current by this process's own writes (at once) and by the database's
 * notifications (every instance's writes, after their commit). When the listening connection drops and
 * comes back, notifications may have been missed: everything is dropped.
 */
export const catalogCachePlugin = fp(
  async (app) => {
    const cache = new AnswerCache({ maxEntries: app.config.catalogCacheEntries, maxBytes: CACHE_MAX_BYTES });
    const listeners = new Set<(change: CatalogChange) => void>([(change) => applyCatalogChange(cache, change)]);
    const announce = (change: CatalogChange) => {
      for (const listener of listeners) listener(change);
    };
    app.productWrites.onWrite(announce);
    const stop = await app.listenToDatabase(
      CATALOG_CHANNEL,
      (payload) => announce(catalogChangeOf(payload)),
      () => {
        app.log.warn('catalogue notifications resumed after a gap; the catalogue cache was emptied');
        announce({ kind: 'product' });
      },
    );
    app.addHook('onClose', stop);
    app.decorate('catalogCache', cache);
    app.decorate('onCatalogChange', (listener: (change: CatalogChange) => void) => {
      listeners.add(listener);
    });

    // A request for an address already answered from the cache is answered here, before routing's
    // validation and handler: after the security and CORS headers (hooks registered earlier run first).
    app.addHook('onRequest', (request, reply, done) => {
      if (request.method === 'GET' && (request.url.startsWith('/api/products') || request.url.startsWith('/api/search/'))) {
        const answer = cache.answerFor(request.url);
        if (answer) {
          sendCachedAnswer(request, reply, answer, cache);
          return;
        }
      }
      done();
    });
  },
  { name: 'catalog-cache', dependencies: ['config', 'db'] },
);

/** The coding to send, from `Accept-Encoding`: brotli, then gzip, else the body as it is. */
export function preferredEncoding(header: string | undefined): AnswerEncoding {
  if (!header) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    accepted.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return 'identity';
}

/** True when `If-None-Match` names the answer's validator (weak comparison, RFC 9110 13.1.2). */
function matchesValidator(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === opaque;
  });
}

/** How a cached answer is labelled: its media type and what shared caches may do with it. */
export interface AnswerFormat {
  contentType: string;
  cacheControl: string;
}

/**
 * A catalogue answer: the same for every visitor, so shared caches may keep it, but asked again each time
 * (`no-cache`), so a change shows at once.
 */
const CATALOG_ANSWER: AnswerFormat = { contentType: 'application/json; charset=utf-8', cacheControl: 'public, no-cache' };

/**
 * Answers a public read from a cache: the kept body in the coding the client accepts, with a validator,
 * or 304 when the client already holds it.
 */
export function sendCachedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  cache: AnswerCache,
  format: AnswerFormat = CATALOG_ANSWER,
): FastifyReply {
  const vary = reply.getHeader('vary');
  reply
    .header('Cache-Control', format.cacheControl)
    .header('ETag', answer.etag)
    .header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding')
    .headers(answer.headers);
  if (matchesValidator(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  const { encoding, bytes } = cache.encoded(answer, preferredEncoding(request.headers['accept-encoding']));
  reply.header('Content-Type', format.contentType);
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  return reply.send(bytes);
}

/** Serialises an answer with the route's own serializer (the contract's response schema), as a Buffer. */
export function serialized(reply: FastifyReply, payload: unknown): Buffer {
  const body = reply.serialize(payload);
  return typeof body === 'string' ? Buffer.from(body) : Buffer.from(body as Uint8Array);
}
