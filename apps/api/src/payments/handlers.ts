import type { FastifyInstance } from 'fastify';
import { recordAuditChange } from '../audit/audit-trail.ts';
import type { RouteHandlers } from '../http/register-routes.ts';
import { shopOrigin } from '../http/shop-origin.ts';
import { readSettings } from '../settings/settings-repository.ts';
import { coingateBaseUrl, testCoingateKey } from './coingate.ts';
import { resolvePayPalEndpoint } from './paypal-endpoint.ts';
import { capturePayPalPayment, handlePayPalWebhook, startPayPalPayment } from './payment-service.ts';

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export function paymentHandlers(app: FastifyInstance): Pick<RouteHandlers, 'createPayment' | 'paypalCreateOrder' | 'paypalCaptureOrder' | 'paypalWebhook' | 'adminTestCoingate'> {
  return {
    createPayment: async ({ query, caller, request }) => {
      const { approvalUrl } = await startPayPalPayment(app, query.order_id, caller, shopOrigin(app, request));
      return { payment_url: approvalUrl };
    },
    // Only the order id is used: amounts, items and the buyer always come from the stored order.
    paypalCreateOrder: async ({ body, caller, request }) => {
      const { paypalOrderId, approvalUrl } = await startPayPalPayment(app, body.order_id, caller, shopOrigin(app, request));
      return { success: true, paypal_order_id: paypalOrderId, approval_url: approvalUrl };
    },
    paypalCaptureOrder: async ({ params }) => {
      const { captureId, orderId } = await capturePayPalPayment(app, params.paypalOrderId);
      return { success: true, capture_id: captureId, order_id: orderId };
    },
    adminTestCoingate: async ({ caller, request }) => {
      const settings = await readSettings(app.db, app.dataCipher);
      const local = resolvePayPalEndpoint(app.config, settings)?.local ?? false;
      const result = await testCoingateKey(coingateBaseUrl(app.config, settings, local), settings.coingate_api_key);
      request.log.info({ userId: caller.id, status: result.status }, 'coingate key tested');
      recordAuditChange(request, {
        targetType: 'settings',
        after: { coingate_test: result.status, coingate_environment: settings.coingate_environment },
      });
      return result;
    },
    paypalWebhook: async ({ body, request }) => {
      await handlePayPalWebhook(app, body, {
        transmissionId: header(request.headers['paypal-transmission-id']),
        transmissionTime: header(request.headers['paypal-transmission-time']),
        transmissionSig: header(request.headers['paypal-transmission-sig']),
        certUrl: header(request.headers['paypal-cert-url']),
        authAlgo: header(request.headers['paypal-auth-algo']),
      });
      return { received: true };
    },
  };
}
