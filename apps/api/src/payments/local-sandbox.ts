import type { FastifyInstance } from 'fastify';
import { readSettings } from '../settings/settings-repository.ts';
import { LOCAL_SANDBOX_PREFIX } from './paypal-endpoint.ts';
import { LOCAL_WEBHOOK_ID } from './payment-service.ts';

/**
 * Whether this build carries the payment sandbox. A production build (`NODE_ENV=production pnpm build`)
 * defines it false, so the sandbox's code is dropped from the bundle; run from source it is there.
 */
declare const __PAYMENT_SANDBOX_BUILD__: boolean | undefined;
export const SANDBOX_IN_BUILD = typeof __PAYMENT_SANDBOX_BUILD__ === 'undefined' || __PAYMENT_SANDBOX_BUILD__;

/**
 * Serves the local stand-in for PayPal and CoinGate under /sandbox (no internet here), loaded only when
 * it is on. Once real PayPal credentials are saved it answers 404: the shop pays through PayPal then.
 */
export async function registerLocalSandbox(app: FastifyInstance, publicBase: string): Promise<void> {
  // The condition is written out here, around the import, so esbuild folds it and leaves the sandbox out.
  if (typeof __PAYMENT_SANDBOX_BUILD__ === 'undefined' || __PAYMENT_SANDBOX_BUILD__) {
    const { paymentSandbox } = await import('@store/payment-sandbox');
    await app.register(
      async (scope) => {
        // The stand-in is not part of the store's API: keep it out of the OpenAPI document.
        scope.addHook('onRoute', (route) => {
          route.schema = { ...route.schema, hide: true };
        });
        scope.addHook('onRequest', async (_request, reply) => {
          const settings = await readSettings(app.db, app.dataCipher);
          if (settings.paypal_client_id && settings.paypal_client_secret) {
            return reply.code(404).send({ detail: 'The payment sandbox is off: this store pays through PayPal', code: 'route_not_found' });
          }
        });
        // Its subscriptions' events (renewals, failures) come to the store's webhook, signed with the local webhook id.
        await scope.register(paymentSandbox, {
          publicUrl: `${publicBase}${LOCAL_SANDBOX_PREFIX}`,
          webhooks: [{ id: LOCAL_WEBHOOK_ID, url: `${publicBase}/api/paypal/webhook` }],
        });
      },
      { prefix: LOCAL_SANDBOX_PREFIX },
    );
  }
}
