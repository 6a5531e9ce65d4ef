import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AnswerCache, CachedAnswer } from '../catalog/answer-cache.ts';
import { preferredEncoding, sendCachedAnswer, type AnswerFormat } from '../catalog/catalog-cache.ts';
import { badRequest } from '../errors.ts';
import { shopOrigin } from '../http/shop-origin.ts';
import { resolvePayPalEndpoint } from '../payments/paypal-endpoint.ts';
import { readSettings, toSiteInfo } from '../settings/settings-repository.ts';
import { helmetHeaders } from './external/helmet.ts';

/*
 * The storefront's pages rendered here, on the API's server (docs/decisions/044-server-rendering.md): the
 * storefront's server build (apps/storefront/dist-server/entry-server.js) renders each page address inside
 * its built index.html, its loaders answered by this app's own routes in the same process (`inject`, no
 * socket). A page is the same for every visitor (the session lives in the browser), so a page answered 200
 * is kept in memory with an ETag, dropped with the catalogue's cache and whenever the site's settings change.
 */

/** The storefront's server module, as built from apps/storefront/src/entry-server.tsx. */
interface StorefrontServerModule {
  configureServerRender: (setup: { transport: typeof fetch }) => void;
  renderPage: (page: {
    url: string;
    origin: string;
    headers: Headers;
    signal: AbortSignal;
    template: PageTemplate;
  }) => Promise<Response>;
}

interface PageTemplate {
  head: string;
  body: string;
  tail: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Renders a storefront page address and answers it; null when the storefront's server build is absent. */
    renderStorefrontPage: ((request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>) | null;
  }
}

/**
 * The same for everyone, so a shared cache may keep a page, but it asks again each time (`no-cache`) with the
 * ETag, so a price change shows at once; a 304 costs nothing to send.
 */
const PAGE: AnswerFormat = { contentType: 'text/html; charset=utf-8', cacheControl: 'public, no-cache' };
/** Pages kept: the home, list and legal pages, the products' pages, and the list's searches most asked for. */
const PAGE_CACHE_ENTRIES = 2_000;
/** Bytes kept, compressed forms included: a product page is about 21 KB, 5 KB compressed; the list about 230 KB. */
const PAGE_CACHE_BYTES = 128 * 1024 * 1024;
/** A page address longer than this is no page of ours (the list's longest search is 200 characters). */
const MAX_PAGE_URL = 2_048;

/** How long a page's render may take before it is given up (its loaders call this process's own routes). */
const RENDER_TIMEOUT_MS = 15_000;

/** The pages kept: the catalogue's and the shop's own words, the same for everyone. */
const KEPT_PAGE = /^\/(?:|products|products\/[0-9a-f-]{36}|privacy-policy|terms-of-service)$/;
/** The list's own parameters (apps/storefront product-search.ts); an address with any other is rendered, not kept. */
const LIST_PARAMETERS = new Set(['search', 'category', 'sort']);

/**
 * Whether a page address is one to keep: a public page, with no parameter but the list's own, each once.
 * Anything else (a made-up parameter, a sign-in page's token) is rendered each time: kept, every variant
 * anyone invents would push the pages shoppers ask for out of the cache.
 */
export function isKeptPage(url: string): boolean {
  const [path = '', query] = url.split('?', 2);
  if (!KEPT_PAGE.test(path)) return false;
  if (query === undefined || query === '') return true;
  const seen = new Set<string>();
  for (const name of new URLSearchParams(query).keys()) {
    if (path !== '/products' || !LIST_PARAMETERS.has(name) || seen.has(name)) return false;
    seen.add(name);
  }
  return true;
}

/** The built index.html cut where the page's head tags and the app go; its own title and description give way to the route's. */
export function pageTemplate(html: string): PageTemplate {
  const withoutOwnHead = html.replace(/\s*<title>[^<]*<\/title>/i, '').replace(/\s*<meta name="description"[^>]*>/i, '');
  const headEnd = withoutOwnHead.indexOf('</head>');
  const root = withoutOwnHead.indexOf('<div id="root"></div>');
  if (headEnd < 0 || root < headEnd) throw new Error('The storefront index.html has no </head> followed by <div id="root"></div>');
  return {
    head: withoutOwnHead.slice(0, headEnd),
    body: withoutOwnHead.slice(headEnd, root) + '<div id="root">',
    tail: withoutOwnHead.slice(root + '<div id="root">'.length),
  };
}

/** Inline scripts that run (not JSON-LD or other data blocks, not `src` scripts): the router's state and its bootstrap. */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const DATA_BLOCK = /\btype\s*=\s*["']?application\/(?:ld\+)?json/i;

/**
 * The page's Content-Security-Policy: the site's, with each inline script of this page allowed by its hash
 * (CSP 3 `'sha256-…'`). Hashes rather than a nonce, because the page is cached and sent to everyone: a nonce
 * known to all is no nonce, while a hash allows only the script it was taken of.
 */
export function pageSecurityPolicy(sitePolicy: string, html: string): string {
  const hashes = new Set<string>();
  for (const [, attributes = '', content = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || DATA_BLOCK.test(attributes)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(content).digest('base64')}'`);
  }
  if (hashes.size === 0) return sitePolicy;
  return sitePolicy.replace(/script-src ([^;]*)/, (_directive, sources: string) => `script-src ${sources} ${[...hashes].join(' ')}`);
}

/** The API's routes as `fetch`: relative addresses answered by `inject`, in this process. */
function injectTransport(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    // A relative address is the API's own; a Request keeps its method, headers and body.
    const request = input instanceof Request ? new Request(input, init) : new Request(new URL(String(input), 'http://storefront.internal'), init);
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => (headers[name] = value));
    const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const answer = await app.inject({ method: request.method as 'GET', url: url.pathname + url.search, headers, ...(payload ? { payload } : {}) });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(one));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.rawPayload, { status: answer.statusCode, headers: responseHeaders });
  };
}

export interface StorefrontRenderOptions {
  /** The folder holding `storefront/` when STOREFRONT_DIST is not set. */
  appsDir: string;
}

export const storefrontRenderPlugin = fp<StorefrontRenderOptions>(
  async (app, { appsDir }) => {
    const dist = app.config.storefrontDist ?? path.join(appsDir, 'storefront/dist');
    const serverEntry = path.join(dist, '../dist-server/entry-server.js');
    if (!existsSync(serverEntry) || !existsSync(path.join(dist, 'index.html'))) {
      app.decorate('renderStorefrontPage', null);
      return;
    }
    const storefront = (await import(pathToFileURL(serverEntry).href)) as StorefrontServerModule;
    storefront.configureServerRender({ transport: injectTransport(app) });
    const template = pageTemplate(readFileSync(path.join(dist, 'index.html'), 'utf8'));
    const sitePolicy = helmetHeaders()['content-security-policy'] ?? "script-src 'self'";

    const pages = new AnswerCache({ maxEntries: PAGE_CACHE_ENTRIES, maxBytes: PAGE_CACHE_BYTES });
    app.onCatalogChange(() => pages.invalidateAll());

    /** What the site's settings put in every page (name, colours, font, the sandbox notice), as a short hash. */
    const siteVersion = async (): Promise<string> => {
      const settings = await readSettings(app.db, app.dataCipher);
      const info = toSiteInfo(settings, resolvePayPalEndpoint(app.config, settings)?.local ?? false);
      return createHash('sha256').update(JSON.stringify(info)).digest('base64url').slice(0, 16);
    };

    // A render is shared by everyone asking for the page meanwhile (the cache's single flight), so one visitor
    // leaving does not stop it; a render that hangs is given up after a bound.
    const render = async (request: FastifyRequest, origin: string): Promise<Response> =>
      storefront.renderPage({
        url: `${origin}${request.url}`,
        origin,
        // The page is the same for everyone: nothing of the visitor's goes in but whether it is a crawler,
        // which only decides whether React streams as it goes or sends the page whole.
        headers: new Headers({ 'user-agent': request.headers['user-agent'] ?? '' }),
        signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
        template,
      });

    app.decorate('renderStorefrontPage', async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.url.length > MAX_PAGE_URL) throw badRequest(`A page address is at most ${MAX_PAGE_URL} characters`);
      const origin = shopOrigin(app, request);
      if (!app.config.publicUrl) reply.header('Vary', 'Origin');
      if (!isKeptPage(request.url)) return sendPage(request, reply, await render(request, origin));
      const key = `${await siteVersion()} ${origin}${request.url}`;
      let other: Response | null = null;
      const answer = await pages
        .get(key, async () => {
          const response = await render(request, origin);
          if (response.status !== 200) {
            other = response;
            throw new NotKept();
          }
          const body = Buffer.from(await response.arrayBuffer());
          return { body, productIds: [], headers: { 'content-security-policy': pageSecurityPolicy(sitePolicy, body.toString()) } };
        })
        .catch((error: unknown) => {
          if (error instanceof NotKept) return null;
          throw error;
        });
      if (answer) return sendCachedAnswer(request, reply, answer, pages, PAGE);
      // Not a page to keep: a redirect, or a 404 (any address may be asked for; keeping each would let
      // anyone fill the cache). Shared by no one, rendered again next time.
      return sendPage(request, reply, (other as Response | null) ?? (await render(request, origin)));
    });

    /**
     * A page answered as rendered, not kept: `no-cache`, with its own scripts' hashes in its policy, compressed
     * as the browser accepts (the same coding a kept page gets, made once for this answer).
     */
    const sendPage = async (request: FastifyRequest, reply: FastifyReply, response: Response): Promise<FastifyReply> => {
      const location = response.headers.get('location');
      if (location) return reply.code(response.status).header('Cache-Control', 'no-cache').redirect(location, response.status);
      const page = new CachedAnswer('page', Buffer.from(await response.arrayBuffer()), []);
      const { encoding, bytes } = page.encoded(preferredEncoding(request.headers['accept-encoding']));
      if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
      const vary = reply.getHeader('vary');
      return reply
        .code(response.status)
        .header('Cache-Control', 'no-cache')
        .header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding')
        .header('Content-Type', PAGE.contentType)
        .header('Content-Security-Policy', pageSecurityPolicy(sitePolicy, page.body.toString()))
        .send(bytes);
    };
  },
  { name: 'storefront-render', dependencies: ['config', 'db', 'catalog-cache'] },
);

/** A render that is answered but not kept (not a 200). */
class NotKept extends Error {}
