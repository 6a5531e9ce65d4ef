import type { BillingPlan, CatalogProduct, SaleRefund, SandboxSale, SandboxSubscription } from './billing-types.ts';
import type { Link } from './errors.ts';
import { isoSeconds } from './ids.ts';
import { type Money, fromMinorUnits, toMinorUnits } from './money.ts';
import type { SandboxState } from './state.ts';

/** The answers of the Catalog Products, Plans, Subscriptions and v1 sale APIs, shaped as PayPal's. */

export function productView(state: SandboxState, product: CatalogProduct): Record<string, unknown> {
  const self = `${state.config.publicUrl}/v1/catalogs/products/${product.id}`;
  const { clientId: _clientId, ...fields } = product;
  return {
    ...fields,
    links: [
      { href: self, rel: 'self', method: 'GET' },
      { href: self, rel: 'edit', method: 'PATCH' },
    ],
  };
}

function planLinks(state: SandboxState, plan: BillingPlan): Link[] {
  const self = `${state.config.publicUrl}/v1/billing/plans/${plan.id}`;
  const links: Link[] = [
    { href: self, rel: 'self', method: 'GET' },
    { href: self, rel: 'edit', method: 'PATCH' },
  ];
  if (plan.status === 'ACTIVE') links.push({ href: `${self}/deactivate`, rel: 'self', method: 'POST' });
  else links.push({ href: `${self}/activate`, rel: 'self', method: 'POST' });
  return links;
}

/** A plan in full (GET, and create with `Prefer: return=representation`). */
export function planView(state: SandboxState, plan: BillingPlan): Record<string, unknown> {
  return {
    id: plan.id,
    product_id: plan.product_id,
    name: plan.name,
    status: plan.status,
    ...(plan.description === undefined ? {} : { description: plan.description }),
    usage_type: 'LICENSED',
    billing_cycles: plan.billing_cycles,
    payment_preferences: plan.payment_preferences,
    quantity_supported: false,
    create_time: plan.create_time,
    update_time: plan.update_time,
    links: planLinks(state, plan),
  };
}

/** PayPal's default answer to a plan's creation (`Prefer: return=minimal`): no cycles, preferences or update time. */
export function minimalPlanView(state: SandboxState, plan: BillingPlan): Record<string, unknown> {
  const {
    billing_cycles: _cycles,
    payment_preferences: _preferences,
    quantity_supported: _quantity,
    update_time: _updated,
    ...minimal
  } = planView(state, plan);
  return minimal;
}

/** The buyer's approval page of a subscription, which the `approve` link points to (PayPal's `/webapps/billing/subscriptions?ba_token=`). */
export function subscriptionApprovalUrl(state: SandboxState, subscription: SandboxSubscription): string {
  return `${state.config.publicUrl}/webapps/billing/subscriptions?ba_token=${encodeURIComponent(subscription.baToken)}`;
}

/** The subscriber's own page at PayPal (sandbox-only): status, balance, "update payment". */
export function autopayUrl(state: SandboxState, subscriptionId: string): string {
  return `${state.config.publicUrl}/myaccount/autopay/connect/${encodeURIComponent(subscriptionId)}`;
}

function subscriptionLinks(state: SandboxState, subscription: SandboxSubscription): Link[] {
  const self = `${state.config.publicUrl}/v1/billing/subscriptions/${subscription.id}`;
  const links: Link[] = [];
  if (subscription.status === 'APPROVAL_PENDING') {
    links.push({ href: subscriptionApprovalUrl(state, subscription), rel: 'approve', method: 'GET' });
  }
  links.push({ href: self, rel: 'edit', method: 'PATCH' }, { href: self, rel: 'self', method: 'GET' });
  if (subscription.status === 'ACTIVE' || subscription.status === 'SUSPENDED') {
    links.push({ href: `${self}/cancel`, rel: 'cancel', method: 'POST' });
  }
  if (subscription.status === 'ACTIVE') links.push({ href: `${self}/suspend`, rel: 'suspend', method: 'POST' });
  if (subscription.status === 'SUSPENDED') links.push({ href: `${self}/activate`, rel: 'activate', method: 'POST' });
  links.push({ href: `${self}/transactions`, rel: 'transactions', method: 'GET' });
  return links;
}

const money = (units: bigint, currency: string): Money => ({ currency_code: currency, value: fromMinorUnits(units, currency) });

function billingInfo(subscription: SandboxSubscription): Record<string, unknown> {
  const running = subscription.status === 'ACTIVE' && subscription.executions.some(hasCyclesLeft);
  return {
    outstanding_balance: money(subscription.outstanding, subscription.currency),
    cycle_executions: subscription.executions.map((execution) => ({
      tenure_type: execution.tenure_type,
      sequence: execution.sequence,
      cycles_completed: execution.cycles_completed,
      // PayPal answers 0 for a cycle that runs until cancelled.
      cycles_remaining: execution.total_cycles === 0 ? 0 : execution.total_cycles - execution.cycles_completed,
      current_pricing_scheme_version: 1,
      total_cycles: execution.total_cycles,
    })),
    ...(subscription.lastPayment ? { last_payment: subscription.lastPayment } : {}),
    ...(running && subscription.nextCycleAt !== undefined ? { next_billing_time: isoSeconds(new Date(subscription.nextCycleAt)) } : {}),
    failed_payments_count: subscription.failedPayments,
  };
}

export function hasCyclesLeft(execution: { total_cycles: number; cycles_completed: number }): boolean {
  return execution.total_cycles === 0 || execution.cycles_completed < execution.total_cycles;
}

/** A subscription as GET /v1/billing/subscriptions/{id} answers it (and as its webhooks carry it). */
export function subscriptionView(state: SandboxState, subscription: SandboxSubscription): Record<string, unknown> {
  const pending = subscription.status === 'APPROVAL_PENDING';
  return {
    id: subscription.id,
    plan_id: subscription.plan_id,
    status: subscription.status,
    status_update_time: subscription.status_update_time,
    ...(subscription.status_change_note === undefined ? {} : { status_change_note: subscription.status_change_note }),
    ...(subscription.custom_id === undefined ? {} : { custom_id: subscription.custom_id }),
    start_time: isoSeconds(new Date(subscription.startTime)),
    quantity: subscription.quantity,
    ...(subscription.subscriber ? { subscriber: subscription.subscriber } : {}),
    ...(pending ? {} : { billing_info: billingInfo(subscription) }),
    plan_overridden: false,
    create_time: subscription.create_time,
    update_time: subscription.update_time,
    links: subscriptionLinks(state, subscription),
  };
}

/** PayPal's answer to the creation of a subscription: no billing_info yet. */
export function createdSubscriptionView(state: SandboxState, subscription: SandboxSubscription): Record<string, unknown> {
  const { update_time: _update, ...view } = subscriptionView(state, subscription);
  return view;
}

function v1Amount(amount: Money): { total: string; currency: string } {
  return { total: amount.value, currency: amount.currency_code };
}

/** A sale as GET /v1/payments/sale/{id} answers it, and as PAYMENT.SALE.* events carry it. */
export function saleView(state: SandboxState, sale: SandboxSale): Record<string, unknown> {
  const self = `${state.config.publicUrl}/v1/payments/sale/${sale.id}`;
  return {
    id: sale.id,
    state: sale.state,
    amount: { ...v1Amount(sale.amount), details: { subtotal: sale.amount.value } },
    payment_mode: 'INSTANT_TRANSFER',
    protection_eligibility: 'ELIGIBLE',
    protection_eligibility_type: 'ITEM_NOT_RECEIVED_ELIGIBLE,UNAUTHORIZED_PAYMENT_ELIGIBLE',
    ...(sale.state === 'denied' ? {} : { transaction_fee: { value: sale.fee.value, currency: sale.fee.currency_code } }),
    billing_agreement_id: sale.subscriptionId,
    ...(sale.custom === undefined ? {} : { custom: sale.custom }),
    create_time: sale.create_time,
    update_time: sale.update_time,
    links: [
      { href: self, rel: 'self', method: 'GET' },
      { href: `${self}/refund`, rel: 'refund', method: 'POST' },
    ],
  };
}

/** A refund of a sale (v1): its sale in `sale_id`; a subscription's sale has no payment, so `parent_payment` is the subscription. */
export function saleRefundView(state: SandboxState, refund: SaleRefund, sale: SandboxSale): Record<string, unknown> {
  const base = state.config.publicUrl;
  return {
    id: refund.id,
    state: refund.state,
    amount: v1Amount(refund.amount),
    sale_id: refund.saleId,
    parent_payment: sale.subscriptionId,
    billing_agreement_id: sale.subscriptionId,
    ...(refund.invoice_number === undefined ? {} : { invoice_number: refund.invoice_number }),
    ...(refund.description === undefined ? {} : { description: refund.description }),
    create_time: refund.create_time,
    update_time: refund.update_time,
    links: [
      { href: `${base}/v1/payments/refund/${refund.id}`, rel: 'self', method: 'GET' },
      { href: `${base}/v1/payments/sale/${refund.saleId}`, rel: 'sale', method: 'GET' },
    ],
  };
}

const TRANSACTION_STATUS: Record<SandboxSale['state'], string> = {
  completed: 'COMPLETED',
  partially_refunded: 'PARTIALLY_REFUNDED',
  refunded: 'REFUNDED',
  denied: 'DECLINED',
};

/** One entry of GET /v1/billing/subscriptions/{id}/transactions. */
export function transactionView(sale: SandboxSale, subscription: SandboxSubscription): Record<string, unknown> {
  const zero = money(0n, sale.amount.currency_code);
  const paid = sale.state !== 'denied';
  return {
    status: TRANSACTION_STATUS[sale.state],
    id: sale.id,
    amount_with_breakdown: {
      gross_amount: sale.amount,
      fee_amount: paid ? sale.fee : zero,
      net_amount: paid ? netOf(sale) : zero,
    },
    ...(subscription.subscriber?.name ? { payer_name: subscription.subscriber.name } : {}),
    ...(subscription.subscriber?.email_address === undefined ? {} : { payer_email: subscription.subscriber.email_address }),
    time: sale.create_time,
  };
}

function netOf(sale: SandboxSale): Money {
  const currency = sale.amount.currency_code;
  return money(toMinorUnits(sale.amount.value, currency) - toMinorUnits(sale.fee.value, currency), currency);
}
