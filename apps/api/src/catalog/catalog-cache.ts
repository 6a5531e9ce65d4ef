import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AnswerCache, type AnswerEncoding, type CachedAnswer } from './answer-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Serialised public catalogue answers (see answer-cache.ts). */
    catalogCache: AnswerCache;
  }
}

/** The channel the products table's triggers notify (migration 2026-11-25-0002). */
export const CATALOG_CHANNEL = 'catalog_changed';

/** Bytes of answers kept at most; a 50-product summary page is about 30 KiB, a few KiB compressed. */
const CACHE_MAX_BYTES = 64 * 1024 * 1024;

/** What a payload on the channel drops: one product's answers, or all of them. */
export function applyCatalogNotice(cache: AnswerCache, payload: string): void {
  if (payload.startsWith('stock:')) cache.invalidateProduct(payload.slice('stock:'.length));
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
    app.productWrites.onWrite((write) => {
      if (write.kind === 'stock') for (const id of write.productIds) cache.invalidateProduct(id);
      else cache.invalidateAll();
    });
    const stop = await app.listenToDatabase(
      CATALOG_CHANNEL,
      (payload) => applyCatalogNotice(cache, payload),
      () => {
        app.log.warn('catalogue notifications resumed after a gap; the catalogue cache was emptied');
        cache.invalidateAll();
      },
    );
    app.addHook('onClose', stop);
    app.decorate('catalogCache', cache);

    // A request for an address already answered from the cache is answered here, before routing's
    // validation and handler: after the security and CORS headers (hooks registered earlier run first).
    app.addHook('onRequest', (request, reply, done) => {
      if (request.method === 'GET' && request.url.startsWith('/api/products')) {
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

/**
 * Answers a public catalogue read from the cache: the serialised body in the coding the client accepts,
 * with a validator, or 304 when the client already holds it. Shared caches may keep it (it is the same
 * for every visitor) but must ask again each time (`no-cache`), so a change shows at once.
 */
export function sendCachedAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer, cache: AnswerCache): FastifyReply {
  const vary = reply.getHeader('vary');
  reply
    .header('Cache-Control', 'public, no-cache')
    .header('ETag', answer.etag)
    .header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  if (matchesValidator(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  const { encoding, bytes } = cache.encoded(answer, preferredEncoding(request.headers['accept-encoding']));
  reply.header('Content-Type', 'application/json; charset=utf-8');
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  return reply.send(bytes);
}

/** Serialises an answer with the route's own serializer (the contract's response schema), as a Buffer. */
export function serialized(reply: FastifyReply, payload: unknown): Buffer {
  const body = reply.serialize(payload);
  return typeof body === 'string' ? Buffer.from(body) : Buffer.from(body as Uint8Array);
}
