import type { FastifyInstance, FastifyRequest } from 'fastify';
import { emitEvents, subscriptionEvent } from './billing-events.ts';
import type { SandboxSale, SandboxSubscription } from './billing-types.ts';
import { createdSubscriptionView, saleRefundView, saleView, subscriptionView, transactionView } from './billing-view.ts';
import {
  activateSubscription,
  armPaymentFailures,
  cancelSubscription,
  findSubscription,
  refundSale,
  suspendSubscription,
} from './billing.ts';
import { Problems, isObject, readObject, readString } from './body-reader.ts';
import { unknownReference } from './catalog-routes.ts';
import { PayPalV1Error, issue, malformedJson, unprocessable } from './errors.ts';
import { isoSeconds, newBillingToken, newOrderId, newSubscriptionId } from './ids.ts';
import { MONEY_VALUE_PATTERN, type Money } from './money.ts';
import { idempotent } from './request-ids.ts';
import type { SandboxState } from './state.ts';
import {
  parseAdvanceRequest,
  parseFailureRequest,
  parseReason,
  parseSubscriptionRequest,
  parseTransactionWindow,
} from './subscription-request.ts';

type ClientOf = (request: FastifyRequest) => string;

function createSubscription(state: SandboxState, clientId: string, body: unknown): SandboxSubscription {
  const request = parseSubscriptionRequest(body);
  const plan = state.plans.get(request.plan_id);
  if (plan?.clientId !== clientId) throw unknownReference('/plan_id', request.plan_id);
  if (plan.status !== 'ACTIVE') {
    throw unprocessable([
      issue(
        'PLAN_STATUS_INVALID',
        { field: '/plan_id', value: plan.id, location: 'body' },
        'Invalid plan status for subscribe action; plan should be active.',
      ),
    ]);
  }
  const now = state.now();
  const time = isoSeconds(new Date(now));
  const currency = plan.billing_cycles.find((cycle) => cycle.pricing_scheme)?.pricing_scheme?.fixed_price.currency_code ?? 'USD';
  const subscription: SandboxSubscription = {
    id: newSubscriptionId(),
    clientId,
    plan_id: plan.id,
    ...(request.custom_id === undefined ? {} : { custom_id: request.custom_id }),
    quantity: request.quantity ?? '1',
    status: 'APPROVAL_PENDING',
    status_update_time: time,
    ...(request.subscriber ? { subscriber: request.subscriber } : {}),
    context: request.context,
    startTime: request.startTime !== undefined && request.startTime > now ? request.startTime : now,
    baToken: newBillingToken(),
    token: newOrderId(),
    executions: plan.billing_cycles.map((cycle) => ({
      tenure_type: cycle.tenure_type,
      sequence: cycle.sequence,
      cycles_completed: 0,
      total_cycles: cycle.total_cycles,
    })),
    executionStart: now,
    periodsInExecution: 0,
    currency,
    outstanding: 0n,
    failedPayments: 0,
    failuresToSimulate: 0,
    saleIds: [],
    create_time: time,
    update_time: time,
  };
  state.subscriptions.set(subscription.id, subscription);
  return subscription;
}

/** Subscriptions v1: create, show, cancel / suspend / activate, transactions; and the sandbox-only failure switch. */
function registerSubscriptionRoutes(app: FastifyInstance, state: SandboxState, clientOf: ClientOf): void {
  app.post('/v1/billing/subscriptions', async (request, reply) => {
    const clientId = clientOf(request);
    const requestIds = idempotent(state, request, `${clientId} create-subscription`);
    if (requestIds.replayed(reply)) return reply;
    const subscription = createSubscription(state, clientId, request.body);
    void emitEvents(state, clientId, [subscriptionEvent(state, subscription.id, 'BILLING.SUBSCRIPTION.CREATED')]);
    const body = createdSubscriptionView(state, subscription);
    requestIds.remember(body);
    return reply.status(201).send(body);
  });

  app.get<{ Params: { id: string } }>('/v1/billing/subscriptions/:id', async (request) => {
    return subscriptionView(state, findSubscription(state, clientOf(request), request.params.id));
  });

  const actions = [
    ['cancel', cancelSubscription, true],
    ['suspend', suspendSubscription, true],
    ['activate', activateSubscription, false],
  ] as const;
  for (const [action, act, reasonRequired] of actions) {
    app.post<{ Params: { id: string } }>(`/v1/billing/subscriptions/:id/${action}`, async (request, reply) => {
      const subscription = findSubscription(state, clientOf(request), request.params.id);
      const reason = parseReason(request.body, reasonRequired);
      // PayPal answers at once and sends the webhooks after: the caller never waits for its own endpoint.
      void act(state, subscription, reason);
      return reply.status(204).send();
    });
  }

  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
    '/v1/billing/subscriptions/:id/transactions',
    async (request) => {
      const subscription = findSubscription(state, clientOf(request), request.params.id);
      const { start, end } = parseTransactionWindow(request.query);
      const transactions = subscription.saleIds
        .map((id) => state.sales.get(id))
        .filter((sale): sale is SandboxSale => sale !== undefined)
        .filter((sale) => Date.parse(sale.create_time) >= start && Date.parse(sale.create_time) <= end)
        .map((sale) => transactionView(sale, subscription));
      return {
        transactions,
        total_items: transactions.length,
        total_pages: transactions.length === 0 ? 0 : 1,
        links: [{ href: `${state.config.publicUrl}/v1/billing/subscriptions/${subscription.id}/transactions`, rel: 'SELF', method: 'GET' }],
      };
    },
  );

  // Sandbox only: the next `times` payment attempts (cycles) fail.
  app.post<{ Params: { id: string } }>('/v1/billing/subscriptions/:id/simulate-payment-failure', async (request) => {
    const subscription = findSubscription(state, clientOf(request), request.params.id);
    const failing = armPaymentFailures(state, subscription, parseFailureRequest(request.body));
    const next = subscription.nextCycleAt;
    return {
      subscription_id: subscription.id,
      failing_payments: failing,
      ...(next === undefined ? {} : { next_billing_time: isoSeconds(new Date(next)) }),
    };
  });
}

function findSale(state: SandboxState, clientId: string, saleId: string): SandboxSale {
  const sale = state.sales.get(saleId);
  if (!sale || sale.clientId !== clientId) throw new PayPalV1Error(404, 'INVALID_RESOURCE_ID', 'Requested resource ID was not found.');
  return sale;
}

const V1_AMOUNT = { required: true, max: 10, pattern: MONEY_VALUE_PATTERN };

/** `{ amount: { total, currency }, invoice_number?, description? }` of a v1 sale refund; an empty body refunds it all. */
function parseSaleRefund(body: unknown): { amount?: Money; invoice_number?: string; description?: string } {
  if (body !== undefined && !isObject(body)) throw malformedJson();
  const json = body ?? {};
  const problems = new Problems();
  const amount = readObject(problems, json, 'amount', '');
  const total = amount ? readString(problems, amount, 'total', 'amount', V1_AMOUNT) : undefined;
  const currency = amount ? readString(problems, amount, 'currency', 'amount', { required: true, pattern: /^[A-Z]{3}$/ }) : undefined;
  const invoiceNumber = readString(problems, json, 'invoice_number', '', { min: 1, max: 127 });
  const description = readString(problems, json, 'description', '', { min: 1, max: 255 });
  if (problems.any)
    throw new PayPalV1Error(
      400,
      'VALIDATION_ERROR',
      `Invalid request - see details: ${problems.details.map((detail) => `${detail.field ?? ''} ${detail.issue}`).join(', ')}`,
    );
  return {
    ...(total === undefined || currency === undefined ? {} : { amount: { currency_code: currency, value: total } }),
    ...(invoiceNumber === undefined ? {} : { invoice_number: invoiceNumber }),
    ...(description === undefined ? {} : { description }),
  };
}

/** Payments v1 (the subscriptions' sales): show a sale, refund it, show a refund. Errors in the v1 shape. */
function registerSaleRoutes(app: FastifyInstance, state: SandboxState, clientOf: ClientOf): void {
  app.get<{ Params: { id: string } }>('/v1/payments/sale/:id', async (request) =>
    saleView(state, findSale(state, clientOf(request), request.params.id)),
  );

  app.post<{ Params: { id: string } }>('/v1/payments/sale/:id/refund', async (request, reply) => {
    const clientId = clientOf(request);
    const sale = findSale(state, clientId, request.params.id);
    const requestIds = idempotent(state, request, `${clientId} refund-sale ${sale.id}`);
    if (requestIds.replayed(reply)) return reply;
    const { amount, ...extra } = parseSaleRefund(request.body);
    const refund = refundSale(state, sale, amount, extra);
    const body = saleRefundView(state, refund, sale);
    requestIds.remember(body);
    return reply.status(201).send(body);
  });

  app.get<{ Params: { id: string } }>('/v1/payments/refund/:id', async (request) => {
    const refund = state.saleRefunds.get(request.params.id);
    const sale = refund ? state.sales.get(refund.saleId) : undefined;
    if (!refund || sale?.clientId !== clientOf(request))
      throw new PayPalV1Error(404, 'INVALID_RESOURCE_ID', 'Requested resource ID was not found.');
    return saleRefundView(state, refund, sale);
  });
}

/** Sandbox only (like Stripe's test clocks): move time on and run every billing cycle that falls due. */
function registerTestClockRoute(app: FastifyInstance, state: SandboxState): void {
  app.post('/v1/test-clock/advance', async (request) => {
    const run = await state.advanceClock(parseAdvanceRequest(request.body));
    return {
      now: run.now,
      cycles: run.cycles,
      deliveries: run.deliveries.map((delivery) => ({
        event_type: delivery.eventType,
        url: delivery.url,
        webhook_id: delivery.webhookId,
        status: delivery.status,
      })),
    };
  });

  app.get('/v1/test-clock', async () => ({ now: isoSeconds(new Date(state.now())) }));
}

export function registerBillingRoutes(app: FastifyInstance, state: SandboxState, clientOf: ClientOf): void {
  registerSubscriptionRoutes(app, state, clientOf);
  registerSaleRoutes(app, state, clientOf);
  registerTestClockRoute(app, state);
}
