import { BRAND_NAME } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiKeyHandlers } from '../api-keys/handlers.ts';
import { webhookHandlers } from '../webhooks/handlers.ts';
import { auditHandlers } from '../audit/handlers.ts';
import { authHandlers } from '../auth/handlers.ts';
import { emailVerificationHandlers } from '../auth/email-verification.ts';
import { magicLinkHandlers } from '../auth/magic-link.ts';
import { passwordResetHandlers } from '../auth/password-reset.ts';
import { twoFactorHandlers } from '../auth/two-factor-handlers.ts';
import { catalogHandlers } from '../catalog/handlers.ts';
import { deliveryHandlers } from '../delivery/handlers.ts';
import { discountHandlers } from '../discounts/handlers.ts';
import { registerRoutes, type RouteHandlers } from '../http/register-routes.ts';
import { licenseHandlers } from '../licenses/handlers.ts';
import { mailHandlers } from '../mail/handlers.ts';
import { orderHandlers } from '../orders/handlers.ts';
import { paymentHandlers } from '../payments/handlers.ts';
import { reviewHandlers } from '../reviews/handlers.ts';
import { settingsHandlers } from '../settings/handlers.ts';
import { subscriptionAdminHandlers } from '../subscription-admin/handlers.ts';
import { subscriptionHandlers } from '../subscriptions/handlers.ts';
import { systemStatusHandlers } from '../operations/system-status.ts';
import { uploadHandlers } from '../uploads/handlers.ts';
import { userHandlers } from '../users/handlers.ts';

/**
 * The handler of every route of the contract table, one group per domain. `satisfies` makes a route
 * without a handler a compile error; each group's `Pick` return type refuses a route the table lacks.
 */
function routeHandlers(app: FastifyInstance) {
  return {
    ...authHandlers(app),
    ...passwordResetHandlers(app),
    ...emailVerificationHandlers(app),
    ...magicLinkHandlers(app),
    ...twoFactorHandlers(app),
    ...catalogHandlers(app),
    ...reviewHandlers(app),
    ...settingsHandlers(app),
    ...uploadHandlers(app),
    ...userHandlers(app),
    ...orderHandlers(app),
    ...discountHandlers(app),
    ...deliveryHandlers(app),
    ...licenseHandlers(app),
    ...paymentHandlers(app),
    ...mailHandlers(app),
    ...auditHandlers(app),
    ...apiKeyHandlers(app),
    ...webhookHandlers(app),
    ...systemStatusHandlers(app),
    ...subscriptionHandlers(app),
    ...subscriptionAdminHandlers(app),
  } satisfies RouteHandlers;
}

/** The API: every route of the contract table with its guard and schemas, the API's index and its health check. */
export const routesPlugin = fp(
  async (app) => {
    registerRoutes(app, routeHandlers(app));
    app.get('/api', { schema: { hide: true } }, async () => ({ name: `${BRAND_NAME} API`, docs: app.config.apiDocs ? '/api/docs' : null }));
    app.get('/api/health', { schema: { hide: true } }, async () => {
      await app.db.selectFrom('app_meta').select('key').limit(1).execute();
      return { status: 'ok' };
    });
  },
  { name: 'routes', dependencies: ['config', 'errors', 'db', 'auth', 'storage', 'payments'] },
);
