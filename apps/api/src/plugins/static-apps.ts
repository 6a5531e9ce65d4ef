import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';
import { LOCAL_SANDBOX_PREFIX } from '../payments/paypal-endpoint.ts';
import { UPLOADS_PREFIX } from './storage.ts';

/** The router's limit on one path parameter (Fastify's maxParamLength). */
const API_SEGMENT_LIMIT = 100;

/** The storefront's public pages (storefront-render.ts keeps them), routed before the static files. */
const STOREFRONT_PAGES = ['/', '/products', '/products/:id', '/privacy-policy', '/terms-of-service'] as const;

export interface StaticAppsPluginOptions {
  /** The folder holding `storefront/dist` and `admin/dist` when STOREFRONT_DIST / ADMIN_DIST are not set. */
  appsDir: string;
}

/**
 * Serves the built storefront at / and the admin app at /admin/, each falling back to its index.html,
 * and owns the not-found handler: an unknown page address gets its app, anything else a 404 `{ detail, code }`.
 * The builds write .br and .gz copies of their assets (`preCompressed`), sent to browsers that accept them.
 */
export const staticAppsPlugin = fp<StaticAppsPluginOptions>(
  async (app, { appsDir }) => {
    const storefront = app.config.storefrontDist ?? path.join(appsDir, 'storefront/dist');
    const admin = app.config.adminDist ?? path.join(appsDir, 'admin/dist');
    const hasStorefront = existsSync(path.join(storefront, 'index.html'));
    const hasAdmin = existsSync(path.join(admin, 'index.html'));
    const cacheHeaders = (reply: FastifyReply, file: string) => {
      // Hashed assets never change; the index must always be fresh so a deploy shows at once.
      reply.header('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    };
    const served = { wildcard: true, index: 'index.html', cacheControl: false, preCompressed: true, setHeaders: cacheHeaders } as const;
    // A storefront rendered on the server answers its pages there (storefront-render.ts), `/` included; the
    // static files are its assets.
    const rendered = app.renderStorefrontPage;
    if (hasStorefront) await app.register(fastifyStatic, { ...served, root: storefront, prefix: '/', ...(rendered ? { index: false } : {}) });
    // The pages shoppers and crawlers ask for most, as routes of their own: the static plugin's wildcard would
    // look for a file of that name on disk first, on every request (most of a kept page's CPU, bench:pages).
    if (hasStorefront && rendered) {
      for (const page of STOREFRONT_PAGES) app.get(page, { schema: { hide: true } }, (request, reply) => rendered(request, reply));
    }
    if (hasAdmin) {
      // One reply.sendFile decoration: the storefront's when it is there.
      await app.register(fastifyStatic, { ...served, root: admin, prefix: '/admin/', decorateReply: !hasStorefront });
      app.get('/admin', { schema: { hide: true } }, (_request, reply) => reply.redirect('/admin/'));
    }

    // An address under /api that no route takes is the API's 404, never a page or a file: the static files'
    // wildcard would otherwise take it (a path segment over the router's limit falls through the API's own routes
    // to it, and a very long one was answered 403 by the file server). A segment over that limit is 414, as the
    // router answers it when the segment is not the last (http/framework-errors.ts).
    app.route({
      method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/api/*',
      schema: { hide: true },
      handler: async (request) => {
        const pathname = request.url.split('?')[0] ?? '';
        if (pathname.split('/').some((segment) => segment.length > API_SEGMENT_LIMIT)) {
          throw new AppError('uri_too_long', 'A part of the address is too long: no id or name of this API is that long.', 'uri_too_long');
        }
        throw new AppError('not_found', `No route for ${request.method} ${pathname.slice(0, 200)}`, 'route_not_found');
      },
    });

    app.setNotFoundHandler((request, reply) => {
      const url = request.url;
      // HEAD as GET (RFC 9110 9.3.2): a crawler or link checker asking HEAD of a page must not be told 404.
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !url.startsWith('/api') &&
        !url.startsWith(UPLOADS_PREFIX) &&
        !url.startsWith(LOCAL_SANDBOX_PREFIX) &&
        !path.extname(url.split('?')[0] ?? '');
      if (wantsPage && hasAdmin && url.startsWith('/admin/'))
        return reply.header('Cache-Control', 'no-cache').sendFile('index.html', admin);
      if (wantsPage && rendered && !url.startsWith('/admin')) return rendered(request, reply);
      if (wantsPage && hasStorefront && !url.startsWith('/admin'))
        return reply.header('Cache-Control', 'no-cache').sendFile('index.html', storefront);
      throw new AppError('not_found', `No route for ${request.method} ${url.split('?')[0]}`, 'route_not_found');
    });
  },
  { name: 'static-apps', dependencies: ['config', 'errors', 'storefront-render'] },
);
