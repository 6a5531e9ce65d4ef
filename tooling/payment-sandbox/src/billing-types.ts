import type { Money } from './money.ts';
import type { WebhookEvent } from './webhooks.ts';

/** The records behind PayPal's Catalog Products, Plans and Subscriptions APIs, kept in the sandbox state. */

export type ProductType = 'PHYSICAL' | 'DIGITAL' | 'SERVICE';

export interface CatalogProduct {
  id: string;
  /** The REST client that created it: other clients do not see it. */
  clientId: string;
  name: string;
  type: ProductType;
  description?: string;
  category?: string;
  image_url?: string;
  home_url?: string;
  create_time: string;
  update_time: string;
}

export type PlanStatus = 'CREATED' | 'ACTIVE' | 'INACTIVE';
export type IntervalUnit = 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';
export type TenureType = 'TRIAL' | 'REGULAR';

export interface BillingCycle {
  frequency: { interval_unit: IntervalUnit; interval_count: number };
  tenure_type: TenureType;
  sequence: number;
  /** 0: until cancelled (REGULAR only). */
  total_cycles: number;
  /** Absent on a free trial. */
  pricing_scheme?: { version: number; fixed_price: Money; create_time: string; update_time: string };
}

export interface PaymentPreferences {
  auto_bill_outstanding: boolean;
  setup_fee_failure_action: 'CONTINUE' | 'CANCEL';
  /** Failed cycles in a row that suspend the subscription; 0 (PayPal's default) never suspends. */
  payment_failure_threshold: number;
  setup_fee?: Money;
}

export interface BillingPlan {
  id: string;
  clientId: string;
  product_id: string;
  name: string;
  description?: string;
  status: PlanStatus;
  /** Sorted by sequence: the order the cycles run in. */
  billing_cycles: BillingCycle[];
  payment_preferences: PaymentPreferences;
  create_time: string;
  update_time: string;
}

export type SubscriptionStatus = 'APPROVAL_PENDING' | 'APPROVED' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';

export interface Subscriber {
  email_address?: string;
  name?: { given_name?: string; surname?: string };
  payer_id?: string;
}

export interface SubscriptionContext {
  brand_name?: string;
  locale?: string;
  shipping_preference?: string;
  user_action?: string;
  return_url?: string;
  cancel_url?: string;
}

/** How far the subscription is through one of its plan's billing cycles. */
export interface CycleExecution {
  tenure_type: TenureType;
  sequence: number;
  cycles_completed: number;
  total_cycles: number;
}

export interface SandboxSubscription {
  id: string;
  clientId: string;
  plan_id: string;
  custom_id?: string;
  quantity: string;
  status: SubscriptionStatus;
  status_update_time: string;
  /** The `reason` of the last cancel, suspend or activate call. */
  status_change_note?: string;
  subscriber?: Subscriber;
  context: SubscriptionContext;
  /** Epoch milliseconds: when billing starts (the approval, or a later start_time). */
  startTime: number;
  /** The tokens PayPal adds to the return address (`ba_token`, `token`). */
  baToken: string;
  token: string;
  executions: CycleExecution[];
  /** Epoch milliseconds when the current billing cycle (the first execution with cycles left) began. */
  executionStart: number;
  /** Periods of the current billing cycle since executionStart: paid, failed, or skipped while suspended. */
  periodsInExecution: number;
  /** Epoch milliseconds of the next cycle start (or of the end, after the last cycle); undefined once ended. */
  nextCycleAt?: number;
  currency: string;
  /** In minor units: failed cycles not yet paid. */
  outstanding: bigint;
  failedPayments: number;
  /** Set by simulate-payment-failure: how many payment attempts in a row will fail. */
  failuresToSimulate: number;
  lastPayment?: { amount: Money; time: string };
  /** Every sale, paid or declined, oldest first. */
  saleIds: string[];
  create_time: string;
  update_time: string;
}

export type SaleState = 'completed' | 'partially_refunded' | 'refunded' | 'denied';

/** A payment of a subscription (PayPal's v1 sale). */
export interface SandboxSale {
  id: string;
  clientId: string;
  subscriptionId: string;
  state: SaleState;
  amount: Money;
  fee: Money;
  custom?: string;
  refundIds: string[];
  create_time: string;
  update_time: string;
}

export interface SaleRefund {
  id: string;
  saleId: string;
  state: 'completed';
  amount: Money;
  invoice_number?: string;
  description?: string;
  create_time: string;
  update_time: string;
}

/** A webhook the sandbox sends its own events to (registered through the API, or given in the options). */
export interface RegisteredWebhook {
  id: string;
  url: string;
  /** Event names, or ['*'] for every event. */
  eventTypes: string[];
  /** The REST client that registered it; undefined for the webhooks given in the options (they get every client's events). */
  clientId?: string;
}

/** One event the sandbox sent (or, with autoDeliver off, would have sent) to one webhook. */
export interface BillingDelivery {
  eventType: string;
  url: string;
  webhookId: string;
  /** The endpoint's HTTP status; 0 when it could not be reached. */
  status: number;
  event: WebhookEvent;
  transmissionId: string;
}
