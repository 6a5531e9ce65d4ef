import type { FastifyBodyParser, FastifyInstance, FastifyPluginAsync } from 'fastify';
import { registerApprovalRoutes } from './approval-routes.ts';
import { registerCatalogRoutes } from './catalog-routes.ts';
import { registerSubscriptionApprovalRoutes } from './subscription-approval.ts';
import { registerBillingRoutes } from './subscription-routes.ts';
import { registerWebhookRegistrationRoutes } from './webhook-registrations.ts';
import { registerCoingateRoutes } from './coingate.ts';
import { toPayPalError } from './errors.ts';
import { bearerAuth, registerOAuthRoutes } from './oauth.ts';
import { registerOrderRoutes } from './order-routes.ts';
import { registerPaymentRoutes } from './payment-routes.ts';
import { registerSimulateEventRoute } from './simulate-event.ts';
import { type PaymentSandboxOptions, type SandboxState, createSandboxState } from './state.ts';
import { registerCertificateRoute, registerWebhookRoutes } from './webhooks.ts';

/** The options, or a state made with `createSandboxState(options)` to keep a handle on it (for webhooks, tests). */
export type PaymentSandboxPluginOptions = PaymentSandboxOptions | { state: SandboxState };

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';

/** A body parser that answers through `done` and returns nothing (the type of a parser also admits an async one). */
type CallbackBodyParser = Exclude<FastifyBodyParser<string>, (...args: never[]) => Promise<unknown>>;

/**
 * The sandbox's own body parsers, inside its encapsulated context only: the host's stay as they are.
 */
function useBodyParsers(app: FastifyInstance): void {
  // Fastify's default JSON parser is the callback kind: it calls `done` at once and returns nothing.
  const parseJson = app.getDefaultJsonParser('error', 'error') as CallbackBodyParser;
  if (app.hasContentTypeParser(JSON_TYPE)) app.removeContentTypeParser(JSON_TYPE);
  app.addContentTypeParser(JSON_TYPE, { parseAs: 'string' }, (request, body, done) => {
    // PayPal takes a capture with `Content-Type: application/json` and no body at all.
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });
  if (app.hasContentTypeParser(FORM_TYPE)) app.removeContentTypeParser(FORM_TYPE);
  app.addContentTypeParser(FORM_TYPE, { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
  });
}

/**
 * A local stand-in for the part of PayPal's REST API the store uses (OAuth token, Orders v2, refunds,
 * webhook verification, the buyer's approval page) and CoinGate's credentials test. Register it with
 * `{ prefix: '/sandbox', publicUrl: 'http://localhost:3000/sandbox' }`; each registration has its own state.
 */
export const paymentSandbox: FastifyPluginAsync<PaymentSandboxPluginOptions> = async (app, options) => {
  const state = 'state' in options ? options.state : createSandboxState(options);
  useBodyParsers(app);
  app.setErrorHandler((error, request, reply) => {
    const failure = toPayPalError(error);
    if (failure.statusCode >= 500) request.log.error({ err: error }, 'payment sandbox failure');
    return reply.status(failure.statusCode).send(failure.toBody());
  });

  registerOAuthRoutes(app, state);
  registerApprovalRoutes(app, state);
  registerSubscriptionApprovalRoutes(app, state);
  registerCertificateRoute(app, state);
  registerCoingateRoutes(app, state);
  await app.register(async (api) => {
    const { hook, clientOf } = bearerAuth(state);
    api.addHook('onRequest', hook);
    registerOrderRoutes(api, state, clientOf);
    registerPaymentRoutes(api, state, clientOf);
    registerWebhookRoutes(api, state);
    registerSimulateEventRoute(api, state, clientOf);
    registerCatalogRoutes(api, state, clientOf);
    registerBillingRoutes(api, state, clientOf);
    registerWebhookRegistrationRoutes(api, state, clientOf);
  });
};
