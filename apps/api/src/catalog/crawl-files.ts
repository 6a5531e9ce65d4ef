import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../errors.ts';
import { shopOrigin } from '../http/shop-origin.ts';
import { AnswerCache, CachedAnswer, compressAhead } from './answer-cache.ts';
import { sendCachedAnswer, type AnswerFormat } from './catalog-cache.ts';
import {
  countVisibleProducts,
  pagesPiece,
  parsePieceName,
  productsPerPiece,
  productsPiece,
  siteBase,
  sitemapIndex,
} from './sitemap.ts';

/*
 * /robots.txt, /sitemap.xml and its pieces under /sitemaps/ (docs/decisions/042-crawl-files.md). Their
 * absolute addresses lead to the shop only: PUBLIC_URL, or an origin the allow-list has (decision 034),
 * never a Host header as sent. Routes of their own, so the storefront's fallback never answers them.
 */

/**
 * Where crawlers have nothing to read: staff's app, the API, and the storefront's pages of one shopper's
 * cart, orders, payments and account, and its sign-in pages (apps/storefront/src/routes). Rules match by
 * prefix: `/payment/` covers the return pages of every order, `/account` the subscriptions under it.
 */
export const DISALLOWED_PATHS = [
  '/admin',
  '/api',
  '/cart',
  '/checkout',
  '/account',
  '/guest-checkout',
  '/order-success',
  '/payment/',
  '/payment-success',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/sign-in-link',
  '/verify-email',
  '/sandbox',
] as const;

/**
 * The API's public catalogue reads, open to crawlers although `/api` is not: a crawler that runs the
 * storefront's JavaScript (Googlebot renders pages) fetches them to draw the home, list and product pages.
 * The longest matching rule wins (RFC 9309), so these stand over `Disallow: /api`.
 */
export const ALLOWED_PATHS = ['/api/products', '/api/site-info'] as const;

/** The rules change only with a deploy or the configuration: a shared cache may keep them an hour. */
const ROBOTS: AnswerFormat = { contentType: 'text/plain; charset=utf-8', cacheControl: 'public, max-age=3600' };
/**
 * Crawlers read sitemaps a few times a day: a shared cache may keep one five minutes, then asks again with
 * its ETag (the body's hash, the same on every instance), answered 304 from memory while nothing changed.
 */
const SITEMAP: AnswerFormat = { contentType: 'application/xml; charset=utf-8', cacheControl: 'public, max-age=300' };

/** Bytes kept per cache; a product piece of 50,000 addresses is about 7 MB, a few hundred KB compressed. */
const CACHE_MAX_BYTES = 64 * 1024 * 1024;
/** Kept answers per cache: a few per origin the allow-list names. */
const CACHE_MAX_ENTRIES = 256;

export function robotsTxt(base: string): string {
  const rules = [...ALLOWED_PATHS.map((path) => `Allow: ${path}\n`), ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}\n`)].join('');
  return `User-agent: *\n${rules}\nSitemap: ${base}/sitemap.xml\n`;
}

export const crawlFilesPlugin = fp(
  async (app) => {
    // The index, its count and the pages piece change only when the catalogue's membership does (a product
    // added, edited, archived); product pieces also carry each product's `updated_at`, which a stock
    // change may move (keys added), so they go on every change. Dropped on every instance alike, through
    // the catalogue's notifications (decision 021).
    const listing = new AnswerCache({ maxEntries: CACHE_MAX_ENTRIES, maxBytes: CACHE_MAX_BYTES });
    const pieces = new AnswerCache({ maxEntries: CACHE_MAX_ENTRIES, maxBytes: CACHE_MAX_BYTES });
    app.onCatalogChange((change) => {
      if (change.kind === 'product') listing.invalidateAll();
      pieces.invalidateAll();
    });
    const robots = new Map<string, CachedAnswer>();

    /** The shop's address for this request, and a Vary for the browser's Origin when that can choose it. */
    const baseFor = (request: FastifyRequest, reply: FastifyReply): string => {
      if (!app.config.publicUrl) reply.header('Vary', 'Origin');
      return siteBase(shopOrigin(app, request));
    };

    const productCount = async (): Promise<number> => {
      const answer = await listing.get('count', async () => ({ body: Buffer.from(String(await countVisibleProducts(app.db))), productIds: [] }));
      return Number(answer.body.toString());
    };

    app.get('/robots.txt', { schema: { hide: true } }, (request, reply) => {
      const base = baseFor(request, reply);
      // One per origin shopOrigin can answer: PUBLIC_URL, or the allow-list's, so the map stays small.
      let answer = robots.get(base);
      if (!answer) robots.set(base, (answer = new CachedAnswer(`robots:${base}`, Buffer.from(robotsTxt(base)), [])));
      return sendCachedAnswer(request, reply, answer, listing, ROBOTS);
    });

    app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
      const base = baseFor(request, reply);
      const answer = await listing.get(`index:${base}`, async () => ({ body: sitemapIndex(base, await productCount()), productIds: [] }));
      return sendCachedAnswer(request, reply, answer, listing, SITEMAP);
    });

    app.get<{ Params: { name: string } }>('/sitemaps/:name', { schema: { hide: true } }, async (request, reply) => {
      const piece = parsePieceName(request.params.name);
      const missing = () => notFound(`No sitemap named ${request.params.name.slice(0, 100)}`, 'route_not_found');
      if (!piece) throw missing();
      const base = baseFor(request, reply);
      if (piece.kind === 'pages') {
        if (piece.number !== 1) throw missing();
        const answer = await listing.get(`pages:${base}`, async () => ({ body: await pagesPiece(app.db, base), productIds: [] }));
        return sendCachedAnswer(request, reply, answer, listing, SITEMAP);
      }
      // A piece past the last answers 404 without reading the catalogue from a made-up position.
      if (piece.number > Math.ceil((await productCount()) / productsPerPiece(base))) throw missing();
      const answer = await pieces.get(`products-${piece.number}:${base}`, async () => {
        const body = await productsPiece(app.db, base, piece.number);
        if (!body) throw missing();
        // Megabytes: compressed off the event loop now rather than in line on the first crawler's request.
        return { body, productIds: [], compressed: await compressAhead(body) };
      });
      return sendCachedAnswer(request, reply, answer, pieces, SITEMAP);
    });
  },
  { name: 'crawl-files', dependencies: ['config', 'db', 'catalog-cache'] },
);
