import fp from 'fastify-plugin';
import { fallbackOrigin } from '../http/shop-origin.ts';
import { registerLocalSandbox, SANDBOX_IN_BUILD } from '../payments/local-sandbox.ts';
import { PayPalClient } from '../payments/paypal-client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The PayPal REST client the payment service calls (against PayPal, or the local sandbox). */
    paypal: PayPalClient;
  }
}

export interface PaymentsPluginOptions {
  /** The PayPal REST client (tests may pass one over a fetch of their own); by default a fresh one. */
  paypal?: PayPalClient | undefined;
}

/**
 * Decorates `app.paypal`, and serves the local stand-in for PayPal and CoinGate under /sandbox (no
 * internet here) when PAYMENT_SANDBOX is on and no PAYPAL_API_URL is set; it answers 404 once PayPal
 * credentials are stored.
 */
export const paymentsPlugin = fp<PaymentsPluginOptions>(
  async (app, { paypal }) => {
    app.decorate('paypal', paypal ?? new PayPalClient());
    const { paymentSandbox, paypalApiUrl } = app.config;
    if (paymentSandbox && !SANDBOX_IN_BUILD)
      throw new Error('PAYMENT_SANDBOX is on, but this is a production build without the payment sandbox');
    if (paymentSandbox && !paypalApiUrl) await registerLocalSandbox(app, fallbackOrigin(app));
  },
  { name: 'payments', dependencies: ['config', 'db'] },
);
