import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEXT_FORMATS } from '@store/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DatabaseHandle } from './db/connect.ts';
import type { Config } from './env.ts';
import type { PayPalClient } from './payments/paypal-client.ts';
import { catalogCachePlugin } from './catalog/catalog-cache.ts';
import { crawlFilesPlugin } from './catalog/crawl-files.ts';
import { answerClientError, answerFrameworkError } from './http/framework-errors.ts';
import { logMixin, requestIdGenerator, withLogContext } from './http/log-context.ts';
import { apiDocsPlugin } from './plugins/external/api-docs.ts';
import { corsPlugin } from './plugins/external/cors.ts';
import { helmetPlugin } from './plugins/external/helmet.ts';
import { multipartPlugin } from './plugins/external/multipart.ts';
import { rateLimitPlugin } from './plugins/external/rate-limit.ts';
import { authPlugin } from './plugins/auth.ts';
import { backgroundJobsPlugin } from './plugins/background-jobs.ts';
import { configPlugin } from './plugins/config.ts';
import { dataEncryptionPlugin } from './plugins/data-encryption.ts';
import { dbPlugin, openMigratedDatabase } from './plugins/db.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { paymentsPlugin } from './plugins/payments.ts';
import { redisPlugin } from './plugins/redis.ts';
import { routesPlugin } from './plugins/routes.ts';
import { demoReviewsPlugin, startupPlugin } from './plugins/startup.ts';
import { staticAppsPlugin } from './plugins/static-apps.ts';
import { healthRoutesPlugin } from './operations/health-routes.ts';
import { metricsPlugin } from './operations/metrics.ts';
import { storefrontRenderPlugin } from './plugins/storefront-render.ts';
import { storagePlugin } from './plugins/storage.ts';

export interface BuildOptions {
  /** Where log lines go (tests read them); by default standard output. */
  logStream?: { write: (line: string) => void };
  config: Config;
  /** An open database to use (tests); by default one is opened from the config. */
  database?: DatabaseHandle;
  /** Receives the generated admin password on a first start without ADMIN_PASSWORD. */
  announceAdminPassword?: (password: string) => void;
  /** The PayPal REST client (tests may pass one over a fetch of their own). */
  paypal?: PayPalClient;
}

// Beside the api package in the workspace: apps/storefront/dist and apps/admin/dist. Resolved here, not in
// the static-apps plugin: this file and the bundle (dist/server.js) sit at the same depth.
const appsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Builds the whole server as one Fastify instance; `server.ts` only starts it. The order is the order
 * of hooks: security headers and CORS first, then shared services, the API, the apps and the not-found
 * handler; the background jobs last, so on close they stop before the database closes.
 */
export async function buildApp({ config, database, announceAdminPassword = () => {}, paypal, logStream }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(logStream ? { stream: logStream } : {}),
      // Lines logged through app.log while a request (or a job) runs name it too (http/log-context.ts).
      mixin: logMixin,
      redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.access_token'],
      serializers: {
        // Guest order tokens and download signatures travel in the query: they never reach the logs.
        req: (request: { method: string; url: string; host?: string; ip?: string }) => ({
          method: request.method,
          url: redactSecrets(request.url),
          host: request.host,
          remoteAddress: request.ip,
        }),
      },
    },
    trustProxy: config.trustProxy,
    genReqId: requestIdGenerator(config.trustProxy),
    return503OnClosing: true,
    // What the router and Node's HTTP parser refuse is answered in the API's error shape (http/framework-errors.ts).
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // Requests are checked with TypeBox (http/request-validator.ts), not Ajv. The serializer's own Ajv
    // (for unions in answers) meets the contract's text formats: known, so not warned about.
    serializerOpts: { ajv: { formats: { ...TEXT_FORMATS } } },
  });
  app.removeContentTypeParser('text/plain'); // The API speaks JSON (and multipart uploads): any other body answers 415.

  // The first hook: the answer names its request id, and every line logged while it runs carries it.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    withLogContext({ reqId: request.id }, done, request.log);
  });
  await app.register(configPlugin, { config });
  // First of the hooks: every request is counted, those the catalogue cache answers in its own onRequest too.
  await app.register(metricsPlugin);
  await app.register(errorsPlugin);
  await app.register(redisPlugin); // app.redis (REDIS_URL) or null: the rate limits' shared store
  // Third-party plugins, each with its options in plugins/external/.
  await app.register(helmetPlugin);
  await app.register(corsPlugin);
  await app.register(rateLimitPlugin);
  await app.register(multipartPlugin);
  // Shared services: app.db, app.dataCipher, app.guard and sessions, app.storage (and /uploads/).
  await app.register(dbPlugin, { database: await openMigratedDatabase(config, app.log, database), closeWithApp: !database });
  await app.register(catalogCachePlugin);
  await app.register(dataEncryptionPlugin);
  await app.register(authPlugin);
  await app.register(storagePlugin);
  // /livez, /readyz and /metrics: before the storefront's fallback, which would answer them with a page.
  await app.register(healthRoutesPlugin);
  // Before the routes: the OpenAPI document is collected from the routes registered after it.
  await app.register(apiDocsPlugin);
  await app.register(paymentsPlugin, { paypal });
  await app.register(routesPlugin);
  // Routes of their own, so the storefront's fallback below never answers /robots.txt or /sitemap.xml.
  await app.register(crawlFilesPlugin);
  await app.register(storefrontRenderPlugin, { appsDir });
  await app.register(staticAppsPlugin, { appsDir });
  await app.register(startupPlugin, { announceAdminPassword });
  await app.register(demoReviewsPlugin);
  await app.register(backgroundJobsPlugin);
  return app;
}

const SECRET_QUERY = /([?&](?:token|signature|PayerID)=)[^&]*/g;

/** A URL fit for the logs: the values of secret query parameters replaced. */
export function redactSecrets(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}
