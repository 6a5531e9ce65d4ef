import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';
import { readSettings } from '../settings/settings-repository.ts';
import { LOCAL_SANDBOX_PREFIX } from './paypal-endpoint.ts';

/**
 * Whether this build carries the payment sandbox. A production build (`NODE_ENV=production pnpm build`)
 * defines it false, so the sandbox's code is dropped from the bundle; run from source it is there.
 */
declare const __PAYMENT_SANDBOX_BUILD__: boolean | undefined;
export const SANDBOX_IN_BUILD = sandboxInBuild();

// Written out where it is tested, so esbuild folds the condition and leaves the import (and the sandbox) out.
function sandboxInBuild(): boolean {
  return typeof __PAYMENT_SANDBOX_BUILD__ === 'undefined' || __PAYMENT_SANDBOX_BUILD__;
}

/**
 * Serves the local stand-in for PayPal and CoinGate under /sandbox (no internet here), loaded only when
 * it is on. Once real PayPal credentials are saved it answers 404: the shop pays through PayPal then.
 */
export async function registerLocalSandbox(app: FastifyInstance, publicBase: string): Promise<void> {
  if (!(typeof __PAYMENT_SANDBOX_BUILD__ === 'undefined' || __PAYMENT_SANDBOX_BUILD__)) return;
  const { paymentSandbox } = await import('@store/payment-sandbox');
  await app.register(
    async (scope) => {
      // The stand-in is not part of the store's API: keep it out of the OpenAPI document.
      scope.addHook('onRoute', (route) => {
        route.schema = { ...route.schema, hide: true };
      });
      scope.addHook('onRequest', async () => {
        const settings = await readSettings(app.db);
        if (settings.paypal_client_id && settings.paypal_client_secret) {
          throw new AppError('not_found', 'The payment sandbox is off: this store pays through PayPal', 'route_not_found');
        }
      });
      await scope.register(paymentSandbox, { publicUrl: `${publicBase}${LOCAL_SANDBOX_PREFIX}` });
    },
    { prefix: LOCAL_SANDBOX_PREFIX },
  );
}
