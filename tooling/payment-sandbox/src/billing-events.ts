import type { BillingDelivery, RegisteredWebhook } from './billing-types.ts';
import { saleRefundView, saleView, subscriptionView } from './billing-view.ts';
import { isoSeconds } from './ids.ts';
import { formatMoney } from './money.ts';
import type { SandboxState } from './state.ts';
import { type SandboxTarget, type WebhookEventInput, post, signEvent, stateOf } from './webhooks.ts';

export const SUBSCRIPTION_EVENT_TYPES = [
  'BILLING.SUBSCRIPTION.CREATED',
  'BILLING.SUBSCRIPTION.ACTIVATED',
  'BILLING.SUBSCRIPTION.UPDATED',
  'BILLING.SUBSCRIPTION.CANCELLED',
  'BILLING.SUBSCRIPTION.SUSPENDED',
  'BILLING.SUBSCRIPTION.EXPIRED',
  'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
] as const;
export type SubscriptionEventType = (typeof SUBSCRIPTION_EVENT_TYPES)[number];

export const SALE_EVENT_TYPES = [
  'PAYMENT.SALE.COMPLETED',
  'PAYMENT.SALE.DENIED',
  'PAYMENT.SALE.REFUNDED',
  'PAYMENT.SALE.REVERSED',
] as const;
export type SaleEventType = (typeof SALE_EVENT_TYPES)[number];

const SUBSCRIPTION_SUMMARIES: Record<SubscriptionEventType, string> = {
  'BILLING.SUBSCRIPTION.CREATED': 'Subscription created',
  'BILLING.SUBSCRIPTION.ACTIVATED': 'Subscription activated',
  'BILLING.SUBSCRIPTION.UPDATED': 'Subscription updated',
  'BILLING.SUBSCRIPTION.CANCELLED': 'Subscription cancelled',
  'BILLING.SUBSCRIPTION.SUSPENDED': 'Subscription suspended',
  'BILLING.SUBSCRIPTION.EXPIRED': 'Subscription expired',
  'BILLING.SUBSCRIPTION.PAYMENT.FAILED': 'Subscription payment failed',
};

/** BILLING.SUBSCRIPTION.*: the resource is the subscription as GET shows it now. */
export function subscriptionEvent(target: SandboxTarget, subscriptionId: string, eventType: SubscriptionEventType): WebhookEventInput {
  const state = stateOf(target);
  const subscription = state.subscriptions.get(subscriptionId);
  if (!subscription) throw new Error(`No sandbox subscription ${subscriptionId}`);
  return {
    eventType,
    resourceType: 'subscription',
    summary: SUBSCRIPTION_SUMMARIES[eventType],
    resource: subscriptionView(state, subscription),
    createTime: new Date(state.now()).toISOString(),
  };
}

/**
 * PAYMENT.SALE.COMPLETED (or DENIED): the resource is the sale, its subscription in `billing_agreement_id`
 * and its custom_id in `custom`. PAYMENT.SALE.REFUNDED: the resource is the sale's last refund (`sale_id`).
 * PAYMENT.SALE.REVERSED: the sale with state `reversed` (a chargeback taken back by PayPal).
 */
export function saleEvent(target: SandboxTarget, saleId: string, eventType?: SaleEventType): WebhookEventInput {
  const state = stateOf(target);
  const sale = state.sales.get(saleId);
  if (!sale) throw new Error(`No sandbox sale ${saleId}`);
  const type = eventType ?? (sale.state === 'denied' ? 'PAYMENT.SALE.DENIED' : 'PAYMENT.SALE.COMPLETED');
  const createTime = new Date(state.now()).toISOString();
  const amount = formatMoney(sale.amount);
  if (type === 'PAYMENT.SALE.REFUNDED') {
    const refund = state.saleRefunds.get(sale.refundIds.at(-1) ?? '');
    if (!refund) throw new Error(`Sale ${saleId} has no refund`);
    return {
      eventType: type,
      resourceType: 'refund',
      summary: `A ${formatMoney(refund.amount)} sale payment was refunded`,
      resource: saleRefundView(state, refund, sale),
      createTime,
    };
  }
  if (type === 'PAYMENT.SALE.REVERSED') {
    return {
      eventType: type,
      resourceType: 'sale',
      summary: `A ${amount} sale payment was reversed`,
      resource: { ...saleView(state, sale), state: 'reversed', update_time: isoSeconds(new Date(state.now())) },
      createTime,
    };
  }
  return {
    eventType: type,
    resourceType: 'sale',
    summary: type === 'PAYMENT.SALE.DENIED' ? `A ${amount} sale payment was denied` : `Payment completed for ${amount}`,
    resource: saleView(state, sale),
    createTime,
  };
}

// Deliveries run one at a time in the order the events happened: one chain per sandbox.
const queues = new WeakMap<SandboxState, Promise<unknown>>();

function listens(webhook: RegisteredWebhook, eventType: string, clientId: string): boolean {
  const wanted = webhook.eventTypes.includes('*') || webhook.eventTypes.includes(eventType);
  return wanted && (webhook.clientId === undefined || webhook.clientId === clientId);
}

async function deliverToWebhooks(state: SandboxState, input: WebhookEventInput, webhooks: RegisteredWebhook[]): Promise<BillingDelivery[]> {
  const deliveries: BillingDelivery[] = [];
  for (const webhook of webhooks) {
    const { event, transmission } = await signEvent(state, { ...input, url: webhook.url, webhookId: webhook.id });
    // An endpoint that is down is PayPal's failed delivery, not the sandbox's failure.
    const status = await post(transmission).catch(() => 0);
    const delivery: BillingDelivery = {
      eventType: input.eventType,
      url: webhook.url,
      webhookId: webhook.id,
      status,
      event,
      transmissionId: transmission.id,
    };
    state.deliveries.push(delivery);
    deliveries.push(delivery);
  }
  return deliveries;
}

/**
 * Queues events the sandbox caused for every registered webhook that listens to them (of the client they
 * concern). The events are built before the call (their resource is a snapshot); the promise resolves with
 * their deliveries once sent. With `state.autoDeliver` off nothing is sent.
 */
export function emitEvents(state: SandboxState, clientId: string, inputs: WebhookEventInput[]): Promise<BillingDelivery[]> {
  if (!state.autoDeliver || inputs.length === 0) return Promise.resolve([]);
  const targets = inputs.map((input) => ({
    input,
    webhooks: [...state.webhooks.values()].filter((webhook) => listens(webhook, input.eventType, clientId)),
  }));
  const previous = queues.get(state) ?? Promise.resolve();
  const run = previous
    .then(async () => {
      const deliveries: BillingDelivery[] = [];
      for (const { input, webhooks } of targets) deliveries.push(...(await deliverToWebhooks(state, input, webhooks)));
      return deliveries;
    })
    // Never rejects (callers need not wait): an unreachable endpoint is already recorded as status 0.
    .catch((): BillingDelivery[] => []);
  queues.set(state, run);
  return run;
}

export async function deliveriesSettled(state: SandboxState): Promise<void> {
  let current: Promise<unknown> | undefined;
  // Deliveries may queue more while the chain runs: wait until it stops growing.
  while (current !== queues.get(state)) {
    current = queues.get(state);
    await current;
  }
}
