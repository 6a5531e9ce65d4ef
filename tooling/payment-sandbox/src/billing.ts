import { emitEvents, saleEvent, subscriptionEvent } from './billing-events.ts';
import type {
  BillingCycle,
  BillingDelivery,
  BillingPlan,
  IntervalUnit,
  SaleRefund,
  SandboxSale,
  SandboxSubscription,
} from './billing-types.ts';
import { hasCyclesLeft } from './billing-view.ts';
import { PayPalV1Error, issue, resourceNotFound, unprocessable } from './errors.ts';
import { isoSeconds, newPayerId, newSaleId } from './ids.ts';
import { type Money, fromMinorUnits, toMinorUnits } from './money.ts';
import { sellerReceivable } from './orders.ts';
import { SANDBOX_BUYER, type SandboxState } from './state.ts';
import type { WebhookEventInput } from './webhooks.ts';

/**
 * The life of a subscription: approval, billing cycles run by the test clock, failed payments, cancel /
 * suspend / activate, refunds of its sales. Every change queues the webhooks PayPal would send.
 */

const DAY_MS = 86_400_000;

/** What one due cycle did, as the test clock reports it. */
export interface ClockCycle {
  subscription_id: string;
  sale_id: string | null;
  /** PAID: a sale completed; TRIAL: a free trial cycle began; FAILED: the payment was declined; EXPIRED: the plan's cycles ran out. */
  outcome: 'PAID' | 'TRIAL' | 'FAILED' | 'EXPIRED';
  time: string;
}

export interface ClockRun {
  now: string;
  cycles: ClockCycle[];
  deliveries: BillingDelivery[];
}

interface Step {
  outcome: ClockCycle['outcome'];
  saleId: string | null;
  events: WebhookEventInput[];
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** `time` plus `count` intervals; months and years keep the day of the month, or the month's last day. */
export function addInterval(time: number, unit: IntervalUnit, count: number): number {
  if (unit === 'DAY') return time + count * DAY_MS;
  if (unit === 'WEEK') return time + count * 7 * DAY_MS;
  const date = new Date(time);
  const months = date.getUTCMonth() + (unit === 'YEAR' ? 12 * count : count);
  const year = date.getUTCFullYear() + Math.floor(months / 12);
  const month = ((months % 12) + 12) % 12;
  const day = Math.min(date.getUTCDate(), daysInMonth(year, month));
  return Date.UTC(year, month, day, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds());
}

export function findSubscription(state: SandboxState, clientId: string, subscriptionId: string): SandboxSubscription {
  const subscription = state.subscriptions.get(subscriptionId);
  if (!subscription || subscription.clientId !== clientId) throw resourceNotFound(subscriptionId);
  return subscription;
}

function planOf(state: SandboxState, subscription: SandboxSubscription): BillingPlan {
  const plan = state.plans.get(subscription.plan_id);
  if (!plan) throw new Error(`Subscription ${subscription.id} has no plan ${subscription.plan_id}`);
  return plan;
}

function setStatus(state: SandboxState, subscription: SandboxSubscription, status: SandboxSubscription['status'], note?: string): void {
  const now = isoSeconds(new Date(state.now()));
  subscription.status = status;
  subscription.status_update_time = now;
  subscription.update_time = now;
  if (note !== undefined) subscription.status_change_note = note;
}

/** The current billing cycle: the first whose cycles are not all done. */
function currentCycle(state: SandboxState, subscription: SandboxSubscription): { index: number; cycle: BillingCycle } | undefined {
  const index = subscription.executions.findIndex(hasCyclesLeft);
  const cycle = planOf(state, subscription).billing_cycles[index];
  return index === -1 || !cycle ? undefined : { index, cycle };
}

function scheduleNext(subscription: SandboxSubscription, cycle: BillingCycle): void {
  const { interval_unit: unit, interval_count: count } = cycle.frequency;
  subscription.nextCycleAt = addInterval(subscription.executionStart, unit, count * subscription.periodsInExecution);
}

function recordSale(state: SandboxState, subscription: SandboxSubscription, units: bigint, paid: boolean): SandboxSale {
  const time = isoSeconds(new Date(state.now()));
  const amount: Money = { currency_code: subscription.currency, value: fromMinorUnits(units, subscription.currency) };
  const sale: SandboxSale = {
    id: newSaleId(),
    clientId: subscription.clientId,
    subscriptionId: subscription.id,
    state: paid ? 'completed' : 'denied',
    amount,
    fee: sellerReceivable(amount).paypal_fee,
    ...(subscription.custom_id === undefined ? {} : { custom: subscription.custom_id }),
    refundIds: [],
    create_time: time,
    update_time: time,
  };
  state.sales.set(sale.id, sale);
  subscription.saleIds.push(sale.id);
  subscription.update_time = time;
  return sale;
}

/** A payment that went through: the balance is cleared and the failures forgotten. */
function collect(state: SandboxState, subscription: SandboxSubscription, units: bigint): SandboxSale {
  const sale = recordSale(state, subscription, units, true);
  subscription.outstanding = 0n;
  subscription.failedPayments = 0;
  subscription.lastPayment = { amount: sale.amount, time: sale.create_time };
  return sale;
}

/**
 * A cycle's payment: the price, plus the outstanding balance when the plan bills it automatically. A failure
 * (armed by simulate-payment-failure) adds the price to the balance, counts a failed payment and, at the plan's
 * payment_failure_threshold, suspends the subscription.
 */
function chargeCycle(state: SandboxState, subscription: SandboxSubscription, price: bigint): Step {
  const plan = planOf(state, subscription);
  if (subscription.failuresToSimulate > 0) {
    subscription.failuresToSimulate -= 1;
    const sale = recordSale(state, subscription, price, false);
    subscription.outstanding += price;
    subscription.failedPayments += 1;
    const events = [subscriptionEvent(state, subscription.id, 'BILLING.SUBSCRIPTION.PAYMENT.FAILED')];
    const threshold = plan.payment_preferences.payment_failure_threshold;
    if (threshold > 0 && subscription.failedPayments >= threshold) {
      setStatus(state, subscription, 'SUSPENDED', 'Payment failure threshold reached');
      subscription.failuresToSimulate = 0;
      events.push(subscriptionEvent(state, subscription.id, 'BILLING.SUBSCRIPTION.SUSPENDED'));
    }
    return { outcome: 'FAILED', saleId: sale.id, events };
  }
  const autoBill = plan.payment_preferences.auto_bill_outstanding;
  const owed = subscription.outstanding;
  const sale = collect(state, subscription, autoBill ? price + owed : price);
  // Without auto_bill_outstanding the balance waits for the merchant (or an activation) to collect it.
  if (!autoBill) subscription.outstanding = owed;
  return { outcome: 'PAID', saleId: sale.id, events: [saleEvent(state, sale.id, 'PAYMENT.SALE.COMPLETED')] };
}

/** The cycle that begins at `nextCycleAt` (or now): paid, free (trial) or failed; or the end when none is left. */
function runCycle(state: SandboxState, subscription: SandboxSubscription): Step {
  const current = currentCycle(state, subscription);
  if (!current) {
    setStatus(state, subscription, 'EXPIRED');
    delete subscription.nextCycleAt;
    return { outcome: 'EXPIRED', saleId: null, events: [subscriptionEvent(state, subscription.id, 'BILLING.SUBSCRIPTION.EXPIRED')] };
  }
  const execution = subscription.executions[current.index];
  if (!execution) throw new Error('unreachable: a current cycle has an execution');
  if (execution.cycles_completed === 0 && subscription.periodsInExecution === 0)
    subscription.executionStart = subscription.nextCycleAt ?? state.now();
  execution.cycles_completed += 1;
  subscription.periodsInExecution += 1;
  scheduleNext(subscription, current.cycle);
  // The next cycle may be in another billing cycle (trial → regular): it starts where this one ends.
  if (!hasCyclesLeft(execution)) {
    subscription.executionStart = subscription.nextCycleAt ?? state.now();
    subscription.periodsInExecution = 0;
  }
  const fixedPrice = current.cycle.pricing_scheme?.fixed_price;
  const price = fixedPrice ? toMinorUnits(fixedPrice.value, fixedPrice.currency_code) : 0n;
  if (price === 0n) return { outcome: 'TRIAL', saleId: null, events: [] };
  return chargeCycle(state, subscription, price);
}

/** Starts billing: ACTIVE, the first cycle run at once; events ACTIVATED then the first sale's. */
function start(state: SandboxState, subscription: SandboxSubscription): Step {
  setStatus(state, subscription, 'ACTIVE');
  subscription.nextCycleAt = subscription.startTime;
  subscription.executionStart = subscription.startTime;
  const step = runCycle(state, subscription);
  // ACTIVATED is built after the first payment, so its resource shows it (last_payment), as PayPal's does.
  return { ...step, events: [subscriptionEvent(state, subscription.id, 'BILLING.SUBSCRIPTION.ACTIVATED'), ...step.events] };
}

/**
 * The buyer's approval: the sandbox buyer becomes the subscriber; billing starts now (the first cycle paid, or
 * a trial begun), or at a later start_time (APPROVED until then, when the test clock reaches it).
 */
export function approve(state: SandboxState, subscription: SandboxSubscription): Promise<BillingDelivery[]> {
  if (subscription.status !== 'APPROVAL_PENDING')
    throw new Error(`Subscription ${subscription.id} is ${subscription.status}, not APPROVAL_PENDING`);
  subscription.subscriber = {
    name: { ...SANDBOX_BUYER.name },
    email_address: SANDBOX_BUYER.email_address,
    payer_id: subscription.subscriber?.payer_id ?? newPayerId(),
  };
  const now = state.now();
  if (subscription.startTime > now) {
    setStatus(state, subscription, 'APPROVED');
    subscription.nextCycleAt = subscription.startTime;
    return Promise.resolve([]);
  }
  subscription.startTime = now;
  return emitEvents(state, subscription.clientId, start(state, subscription).events);
}

export async function approveSubscription(state: SandboxState, subscriptionId: string): Promise<SandboxSubscription> {
  const subscription = state.subscriptions.get(subscriptionId);
  if (!subscription) throw new Error(`No sandbox subscription ${subscriptionId}`);
  await approve(state, subscription);
  return subscription;
}

function statusInvalid(action: string, allowed: string): never {
  throw unprocessable([
    issue('SUBSCRIPTION_STATUS_INVALID', {}, `Invalid subscription status for ${action} action; subscription status should be ${allowed}.`),
  ]);
}

/** POST …/cancel: ACTIVE or SUSPENDED → CANCELLED; billing ends at once. */
export function cancelSubscription(state: SandboxState, subscription: SandboxSubscription, reason: string): Promise<BillingDelivery[]> {
  if (subscription.status !== 'ACTIVE' && subscription.status !== 'SUSPENDED') statusInvalid('cancel', 'active or suspended');
  setStatus(state, subscription, 'CANCELLED', reason);
  delete subscription.nextCycleAt;
  subscription.failuresToSimulate = 0;
  return emitEvents(state, subscription.clientId, [subscriptionEvent(state, subscription.id, 'BILLING.SUBSCRIPTION.CANCELLED')]);
}

/** POST …/suspend: ACTIVE → SUSPENDED; no cycle runs until it is activated again. */
export function suspendSubscription(state: SandboxState, subscription: SandboxSubscription, reason: string): Promise<BillingDelivery[]> {
  if (subscription.status !== 'ACTIVE') statusInvalid('suspend', 'active');
  setStatus(state, subscription, 'SUSPENDED', reason);
  return emitEvents(state, subscription.clientId, [subscriptionEvent(state, subscription.id, 'BILLING.SUBSCRIPTION.SUSPENDED')]);
}

/**
 * POST …/activate: SUSPENDED → ACTIVE. The outstanding balance is collected first (a sale), as PayPal does
 * with auto_bill_outstanding; periods that passed while suspended are skipped, not billed.
 */
export function activateSubscription(state: SandboxState, subscription: SandboxSubscription, reason: string): Promise<BillingDelivery[]> {
  if (subscription.status !== 'SUSPENDED') statusInvalid('activate', 'suspended');
  const events: WebhookEventInput[] = [];
  if (subscription.outstanding > 0n) {
    const sale = collect(state, subscription, subscription.outstanding);
    events.push(saleEvent(state, sale.id, 'PAYMENT.SALE.COMPLETED'));
  }
  subscription.failedPayments = 0;
  subscription.failuresToSimulate = 0;
  setStatus(state, subscription, 'ACTIVE', reason);
  skipMissedPeriods(state, subscription);
  events.push(subscriptionEvent(state, subscription.id, 'BILLING.SUBSCRIPTION.ACTIVATED'));
  return emitEvents(state, subscription.clientId, events);
}

function skipMissedPeriods(state: SandboxState, subscription: SandboxSubscription): void {
  const current = currentCycle(state, subscription);
  if (!current) return;
  while (subscription.nextCycleAt !== undefined && subscription.nextCycleAt <= state.now()) {
    subscription.periodsInExecution += 1;
    scheduleNext(subscription, current.cycle);
  }
}

/** Arms `times` failed payments in a row (default: enough to reach the plan's threshold, at least one). */
export function armPaymentFailures(state: SandboxState, subscription: SandboxSubscription, times?: number): number {
  if (subscription.status !== 'ACTIVE' && subscription.status !== 'APPROVED') statusInvalid('simulate-payment-failure', 'active');
  const threshold = planOf(state, subscription).payment_preferences.payment_failure_threshold;
  subscription.failuresToSimulate = times ?? Math.max(1, threshold - subscription.failedPayments);
  return subscription.failuresToSimulate;
}

function dueAt(subscription: SandboxSubscription): number | undefined {
  const running = subscription.status === 'ACTIVE' || subscription.status === 'APPROVED';
  return running ? subscription.nextCycleAt : undefined;
}

/** The subscription whose next cycle comes first, at or before `until`. */
function nextDue(state: SandboxState, until: number): SandboxSubscription | undefined {
  let first: SandboxSubscription | undefined;
  for (const subscription of state.subscriptions.values()) {
    const at = dueAt(subscription);
    if (at === undefined || at > until) continue;
    if (first === undefined || at < (dueAt(first) ?? Infinity)) first = subscription;
  }
  return first;
}

/**
 * The test clock: moves the sandbox's time on by `days` and runs, in time order across all subscriptions,
 * every cycle that falls due (with the clock at that cycle's time), then waits for the webhooks they send.
 */
export async function advanceClock(state: SandboxState, days: number, setClock: (time: number) => void): Promise<ClockRun> {
  const target = state.now() + days * DAY_MS;
  const cycles: ClockCycle[] = [];
  const sent: Promise<BillingDelivery[]>[] = [];
  for (let subscription = nextDue(state, target); subscription; subscription = nextDue(state, target)) {
    const at = Math.max(dueAt(subscription) ?? target, state.now());
    setClock(at);
    const step = subscription.status === 'APPROVED' ? start(state, subscription) : runCycle(state, subscription);
    cycles.push({ subscription_id: subscription.id, sale_id: step.saleId, outcome: step.outcome, time: isoSeconds(new Date(at)) });
    sent.push(emitEvents(state, subscription.clientId, step.events));
  }
  setClock(target);
  const deliveries = (await Promise.all(sent)).flat();
  return { now: isoSeconds(new Date(target)), cycles, deliveries };
}

function v1Error(status: number, name: string, message: string): never {
  throw new PayPalV1Error(status, name, message);
}

/**
 * Refunds a sale in full or the amount given (v1): completed → refunded or partially_refunded; queues
 * PAYMENT.SALE.REFUNDED. Errors in the v1 payments shape (`name`, `message`, `information_link`).
 */
export function refundSale(
  state: SandboxState,
  sale: SandboxSale,
  amount?: Money,
  extra: { invoice_number?: string; description?: string } = {},
): SaleRefund {
  if (sale.state === 'refunded') v1Error(400, 'TRANSACTION_REFUSED', 'The requested transaction has already been fully refunded.');
  if (sale.state === 'denied') v1Error(400, 'TRANSACTION_REFUSED', 'The request was refused.');
  const currency = sale.amount.currency_code;
  const refunded = sale.refundIds.reduce((sum, id) => sum + toMinorUnits(state.saleRefunds.get(id)?.amount.value ?? '0', currency), 0n);
  const remaining = toMinorUnits(sale.amount.value, currency) - refunded;
  let units = remaining;
  if (amount) {
    if (amount.currency_code !== currency)
      v1Error(400, 'CURRENCY_MISMATCH', 'The currency of the refund must be the same as the currency of the sale.');
    units = toMinorUnits(amount.value, currency);
    if (units <= 0n) v1Error(400, 'VALIDATION_ERROR', 'Invalid request - see details');
    if (units > remaining) v1Error(400, 'REFUND_EXCEEDED_TRANSACTION_AMOUNT', 'Refund amount exceeded transaction amount');
  }
  const time = isoSeconds(new Date(state.now()));
  const refund: SaleRefund = {
    id: newSaleId(),
    saleId: sale.id,
    state: 'completed',
    amount: { currency_code: currency, value: fromMinorUnits(units, currency) },
    ...extra,
    create_time: time,
    update_time: time,
  };
  state.saleRefunds.set(refund.id, refund);
  sale.refundIds.push(refund.id);
  sale.state = units === remaining ? 'refunded' : 'partially_refunded';
  sale.update_time = time;
  void emitEvents(state, sale.clientId, [saleEvent(state, sale.id, 'PAYMENT.SALE.REFUNDED')]);
  return refund;
}
