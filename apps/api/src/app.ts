import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { BRAND_NAME, LIMITS, TEXT_FORMATS } from '@store/contracts';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { authHandlers } from './auth/handlers.ts';
import { bootstrapAdmin } from './auth/bootstrap-admin.ts';
import { seedDemoCatalog } from './catalog/demo/seed.ts';
import { catalogHandlers } from './catalog/handlers.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './db/connect.ts';
import type { Config } from './env.ts';
import { AppError } from './errors.ts';
import { registerRoutes } from './http/register-routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { configPlugin } from './plugins/config.ts';
import { dbPlugin } from './plugins/db.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { storagePlugin, UPLOADS_PREFIX } from './plugins/storage.ts';
import { settingsHandlers } from './settings/handlers.ts';
import { uploadHandlers } from './uploads/handlers.ts';
import { userHandlers } from './users/handlers.ts';
import { orderHandlers } from './orders/handlers.ts';
import { paymentHandlers } from './payments/handlers.ts';
import { mailHandlers } from './mail/handlers.ts';
import { sendDueMail } from './mail/outbox.ts';
import { PayPalClient } from './payments/paypal-client.ts';
import { LOCAL_SANDBOX_PREFIX } from './payments/paypal-endpoint.ts';
import { registerLocalSandbox, SANDBOX_IN_BUILD } from './payments/local-sandbox.ts';
import { reconcilePayments } from './payments/payment-service.ts';
import { expireStaleOrders } from './orders/order-service.ts';
import { pruneSessions } from './auth/handlers.ts';
import { pruneLoginThrottle } from './auth/login-throttle.ts';

export interface BuildOptions {
  config: Config;
  /** An open database to use (tests); by default one is opened from the config. */
  database?: DatabaseHandle;
  /** Receives the generated admin password on a first start without ADMIN_PASSWORD. */
  announceAdminPassword?: (password: string) => void;
  /** The PayPal REST client (tests may pass one over a fetch of their own). */
  paypal?: PayPalClient;
}

declare module 'fastify' {
  interface FastifyInstance {
    paypal: PayPalClient;
  }
}

// Beside the api package in the workspace: apps/storefront/dist and apps/admin/dist.
const appsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Builds the whole server as one Fastify instance; `server.ts` only starts it. */
export async function buildApp({ config, database, announceAdminPassword = () => {}, paypal }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
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
    return503OnClosing: true,
    // The contract's text formats (no control characters) are checked here as in the forms.
    ajv: { customOptions: { verbose: true, keywords: ['errorMessage'], formats: { ...TEXT_FORMATS } } },
    // The serializer's own Ajv (for unions in answers) meets the same formats: known, so not warned about.
    serializerOpts: { ajv: { formats: { ...TEXT_FORMATS } } },
  });
  app.removeContentTypeParser('text/plain'); // The API speaks JSON (and multipart uploads): any other body answers 415.

  await app.register(configPlugin, { config });
  await app.register(errorsPlugin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // The store may be served over plain http on a private network; TLS is the proxy's job.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    maxAge: 600,
  });
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { fileSize: LIMITS.uploadMaxBytes, files: 1, fields: 4, parts: 5 } });
  // A fresh embedded database takes seconds to create: open and migrate it before the plugins start,
  // so a slow first start is not mistaken for a plugin that hangs.
  const handle =
    database ??
    (await openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: `${config.dataDir}/pglite` }, (error) =>
      app.log.warn({ err: error }, 'database connection lost; the pool replaces it'),
    ));
  try {
    const applied = await migrateToLatest(handle.db);
    if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
  } catch (error) {
    if (!database) await handle.close();
    throw error;
  }
  app.log.info({ database: handle.kind }, 'database ready');
  await app.register(dbPlugin, { database: handle, closeWithApp: !database });
  await app.register(authPlugin);
  await app.register(storagePlugin);
  app.decorate('paypal', paypal ?? new PayPalClient());

  if (config.apiDocs) {
    await app.register(swagger, {
      openapi: {
        info: { title: `${BRAND_NAME} API`, version: '1.0.0', description: 'Generated from the route table of @store/contracts.' },
        components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  }

  // The local stand-in for PayPal and CoinGate (no internet here): used while no PayPal credentials are stored.
  if (config.paymentSandbox && !SANDBOX_IN_BUILD) throw new Error('PAYMENT_SANDBOX is on, but this is a production build without the payment sandbox');
  if (config.paymentSandbox && !config.paypalApiUrl) await registerLocalSandbox(app, config.publicUrl ?? `http://localhost:${config.port}`);

  registerRoutes(app, {
    ...authHandlers(app),
    ...catalogHandlers(app),
    ...settingsHandlers(app),
    ...uploadHandlers(app),
    ...userHandlers(app),
    ...orderHandlers(app),
    ...paymentHandlers(app),
    ...mailHandlers(app),
  });
  app.get('/api', { schema: { hide: true } }, async () => ({ name: `${BRAND_NAME} API`, docs: config.apiDocs ? '/api/docs' : null }));
  app.get('/api/health', { schema: { hide: true } }, async () => {
    await app.db.selectFrom('app_meta').select('key').limit(1).execute();
    return { status: 'ok' };
  });

  await serveApps(app, config);

  await bootstrapAdmin(app, announceAdminPassword);
  if (config.seedDemo) await seedDemoCatalog(app);
  if (config.orderSweepSeconds > 0) every(app, config.orderSweepSeconds, 'order expiry', () => expireStaleOrders(app));
  if (config.mailSweepSeconds > 0) every(app, config.mailSweepSeconds, 'mail outbox', () => sendDueMail(app));
  if (config.reconcileSeconds > 0) every(app, config.reconcileSeconds, 'payment reconciliation', () => reconcilePayments(app));
  // Ended sessions and forgotten sign-in counters; hourly is plenty.
  if (config.orderSweepSeconds > 0) every(app, 3600, 'housekeeping', () => Promise.all([pruneSessions(app), pruneLoginThrottle(app.db)]));
  return app;
}

const SECRET_QUERY = /([?&](?:token|signature|PayerID)=)[^&]*/g;

/** A URL fit for the logs: the values of secret query parameters replaced. */
export function redactSecrets(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

/**
 * Runs background work on a timer (lapsed orders, queued mail). Every instance may run it: the rows are
 * taken with SKIP LOCKED. A run never overlaps the previous one.
 */
function every(app: FastifyInstance, seconds: number, name: string, work: () => Promise<unknown>): void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    work()
      .catch((error: unknown) => app.log.error({ err: error }, `${name} run failed`))
      .finally(() => (running = false));
  }, seconds * 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

/**
 * Serves the built storefront at / and the admin app at /admin/, each falling back to its index.html.
 * The builds write .br and .gz copies of their assets (`preCompressed`), sent to browsers that accept them.
 */
async function serveApps(app: FastifyInstance, config: Config): Promise<void> {
  const storefront = config.storefrontDist ?? path.join(appsDir, 'storefront/dist');
  const admin = config.adminDist ?? path.join(appsDir, 'admin/dist');
  const hasStorefront = existsSync(path.join(storefront, 'index.html'));
  const hasAdmin = existsSync(path.join(admin, 'index.html'));
  const cacheHeaders = (reply: FastifyReply, file: string) => {
    // Hashed assets never change; the index must always be fresh so a deploy shows at once.
    reply.header('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
  };
  if (hasStorefront) await app.register(fastifyStatic, { root: storefront, prefix: '/', wildcard: true, index: 'index.html', cacheControl: false, preCompressed: true, setHeaders: cacheHeaders });
  if (hasAdmin) {
    await app.register(fastifyStatic, { root: admin, prefix: '/admin/', decorateReply: !hasStorefront, index: 'index.html', cacheControl: false, preCompressed: true, setHeaders: cacheHeaders });
    app.get('/admin', { schema: { hide: true } }, (_request, reply) => reply.redirect('/admin/'));
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const wantsPage =
      request.method === 'GET' && !url.startsWith('/api') && !url.startsWith(UPLOADS_PREFIX) && !url.startsWith(LOCAL_SANDBOX_PREFIX) && !path.extname(url.split('?')[0] ?? '');
    if (wantsPage && hasAdmin && url.startsWith('/admin/')) return reply.header('Cache-Control', 'no-cache').sendFile('index.html', admin);
    if (wantsPage && hasStorefront && !url.startsWith('/admin')) return reply.header('Cache-Control', 'no-cache').sendFile('index.html', storefront);
    throw new AppError('not_found', `No route for ${request.method} ${url.split('?')[0]}`, 'route_not_found');
  });
}
