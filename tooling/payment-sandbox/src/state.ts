import type {
  BillingDelivery,
  BillingPlan,
  CatalogProduct,
  RegisteredWebhook,
  SaleRefund,
  SandboxSale,
  SandboxSubscription,
} from './billing-types.ts';
import { deliveriesSettled } from './billing-events.ts';
import { type ClockRun, advanceClock, approveSubscription } from './billing.ts';
import { SANDBOX_CREDENTIALS } from './credentials.ts';
import { isoSeconds, newPayerId } from './ids.ts';
import type { Money } from './money.ts';

export interface PaymentSandboxOptions {
  /** Accepted PayPal REST credentials: client id -> secret. Default { 'sandbox-client-id': 'sandbox-client-secret' }. */
  clients?: Record<string, string>;
  /** Accepted CoinGate API keys. Default ['sandbox-coingate-key']. */
  coingateKeys?: string[];
  /** Access-token lifetime in seconds (default 32400). */
  tokenTtlSeconds?: number;
  /** Absolute base URL where the plugin is reachable (e.g. 'http://localhost:3000/sandbox'), used to build the approval `payer-action` link. */
  publicUrl: string;
  /**
   * Webhooks registered from the start (the store passes its own endpoint and webhook id): every event the
   * sandbox causes (subscriptions, their payments, refunds of sales) is sent there, signed with that id.
   * `event_types` defaults to ['*'] (every event).
   */
  webhooks?: { id: string; url: string; event_types?: string[] }[];
  /** Default true. False: the sandbox sends (and records) none of its own events; a test delivers them by hand. */
  autoDeliver?: boolean;
}

export { SANDBOX_CREDENTIALS };

/** PayPal's default access-token lifetime (9 hours). */
export const DEFAULT_TOKEN_TTL_SECONDS = 32_400;

/** The buyer every approval is made by. */
export const SANDBOX_BUYER = {
  email_address: 'sb-buyer@personal.example.com',
  name: { given_name: 'Sandbox', surname: 'Buyer' },
  address: { country_code: 'US' },
} as const;

export interface SandboxConfig {
  readonly clients: Readonly<Record<string, string>>;
  readonly coingateKeys: readonly string[];
  readonly tokenTtlSeconds: number;
  /** Without a trailing slash. */
  readonly publicUrl: string;
}

export interface AccessTokenRecord {
  token: string;
  clientId: string;
  /** Epoch milliseconds. */
  issuedAt: number;
  expiresAt: number;
  nonce: string;
}

export type OrderStatus = 'CREATED' | 'SAVED' | 'APPROVED' | 'VOIDED' | 'COMPLETED' | 'PAYER_ACTION_REQUIRED';
export type CaptureStatus = 'COMPLETED' | 'DECLINED' | 'PENDING' | 'REFUNDED' | 'PARTIALLY_REFUNDED' | 'FAILED';
/** Capture outcomes a test can ask for instead of COMPLETED. */
export type ForcedCaptureStatus = 'PENDING' | 'DECLINED' | 'FAILED';
export type ItemCategory = 'DIGITAL_GOODS' | 'PHYSICAL_GOODS' | 'DONATION';

export interface Breakdown {
  item_total?: Money;
  tax_total?: Money;
  shipping?: Money;
  handling?: Money;
  insurance?: Money;
  shipping_discount?: Money;
  discount?: Money;
}

export interface Amount extends Money {
  breakdown?: Breakdown;
}

export interface Item {
  name: string;
  quantity: string;
  unit_amount: Money;
  description?: string;
  sku?: string;
  category?: ItemCategory;
}

export interface Payee {
  email_address: string;
  merchant_id: string;
  display_name?: string;
}

export interface Payer {
  payer_id: string;
  email_address: string;
  name: { given_name: string; surname: string };
  address: { country_code: string };
}

export interface Refund {
  id: string;
  captureId: string;
  status: 'COMPLETED';
  amount: Money;
  invoice_id?: string;
  note_to_payer?: string;
  create_time: string;
  update_time: string;
}

export interface Capture {
  id: string;
  orderId: string;
  clientId: string;
  status: CaptureStatus;
  status_details?: { reason: string };
  amount: Money;
  final_capture: true;
  custom_id?: string;
  invoice_id?: string;
  seller_receivable_breakdown?: { gross_amount: Money; paypal_fee: Money; net_amount: Money };
  refunds: Refund[];
  create_time: string;
  update_time: string;
}

export interface PurchaseUnit {
  reference_id: string;
  description?: string;
  custom_id?: string;
  invoice_id?: string;
  soft_descriptor?: string;
  amount: Amount;
  items?: Item[];
  payee: Payee;
  captures: Capture[];
}

/** Where the buyer goes back to, and what the approval page shows. */
export interface ExperienceContext {
  return_url?: string;
  cancel_url?: string;
  brand_name?: string;
  shipping_preference?: string;
  user_action?: string;
}

export interface SandboxOrder {
  id: string;
  /** The REST client that created it: other clients do not see it. */
  clientId: string;
  intent: 'CAPTURE';
  status: OrderStatus;
  /** `payer-action` when created with payment_source.paypal, `approve` in the legacy application_context flow. */
  approvalRel: 'payer-action' | 'approve';
  purchaseUnits: PurchaseUnit[];
  experience: ExperienceContext;
  payer?: Payer;
  /** Set by `state.forceCaptureStatus`: the next capture gets this status instead of COMPLETED. */
  forcedCaptureStatus?: ForcedCaptureStatus;
  create_time: string;
  update_time: string;
}

/** The first answer given to a `PayPal-Request-Id`, replayed to a retry. */
export interface StoredAnswer {
  body: unknown;
  createdAt: number;
}

/** A webhook sent by `deliverWebhook`, as the verify call checks it. */
export interface WebhookTransmission {
  id: string;
  webhookId: string;
  url: string;
  eventId: string;
  /** The exact JSON that was sent. */
  body: string;
  /** SHA-256 (hex) of `body`, which is JSON.stringify(event). */
  eventHash: string;
  time: string;
  signature: string;
  certUrl: string;
  authAlgo: string;
}

/** Everything one sandbox instance holds, in memory; tests read it and steer captures with it. */
export interface SandboxState {
  readonly config: SandboxConfig;
  /** Access token -> its record. */
  readonly tokens: Map<string, AccessTokenRecord>;
  /** Order id -> order. */
  readonly orders: Map<string, SandboxOrder>;
  /** Capture id -> capture (the same objects as in the orders' purchase units). */
  readonly captures: Map<string, Capture>;
  /** Refund id -> refund. */
  readonly refunds: Map<string, Refund>;
  /** `<client id> <operation> <PayPal-Request-Id>` -> the first answer. */
  readonly requestIds: Map<string, StoredAnswer>;
  /** Transmission id -> transmission. */
  readonly transmissions: Map<string, WebhookTransmission>;
  /** Catalog product id (PROD-…) -> product. */
  readonly products: Map<string, CatalogProduct>;
  /** Plan id (P-…) -> plan. */
  readonly plans: Map<string, BillingPlan>;
  /** Subscription id (I-…) -> subscription. */
  readonly subscriptions: Map<string, SandboxSubscription>;
  /** Sale id -> a subscription's payment (also the declined ones). */
  readonly sales: Map<string, SandboxSale>;
  /** Refund id -> refund of a sale. */
  readonly saleRefunds: Map<string, SaleRefund>;
  /** Webhook id -> the webhooks the sandbox sends its own events to. */
  readonly webhooks: Map<string, RegisteredWebhook>;
  /** Every event the sandbox caused, per webhook, in the order sent, with the status the endpoint answered. */
  readonly deliveries: BillingDelivery[];
  /** Whether the sandbox sends the events it causes (default true); a test may switch it at any time. */
  autoDeliver: boolean;
  /** The sandbox's clock in epoch milliseconds: real time plus what the test clock was advanced by. */
  now(): number;
  /** Waits until every event queued so far was delivered (deliveries run one at a time, in order). */
  deliveriesSettled(): Promise<void>;
  /**
   * Approves the subscription as the sandbox buyer would on its approval page: ACTIVE with the first cycle
   * paid (or a trial started), or APPROVED until a later start_time. Resolves once its webhooks are sent.
   */
  approveSubscription(subscriptionId: string): Promise<SandboxSubscription>;
  /** Moves the test clock on and runs every billing cycle that falls due, as `POST /v1/test-clock/advance` does. */
  advanceClock(days: number): Promise<ClockRun>;
  /** Makes the next capture of the order end with this status (null: COMPLETED again). */
  forceCaptureStatus(orderId: string, status: ForcedCaptureStatus | null): void;
  /** Approves the order as the sandbox buyer would on the approval page, and returns the payer. */
  approveOrder(orderId: string): Payer;
}

interface MutableConfig {
  clients: Record<string, string>;
  coingateKeys: string[];
  tokenTtlSeconds: number;
  publicUrl: string;
}

/** A new, empty state; the plugin makes one per registration unless it is given one. */
export function createSandboxState(options: PaymentSandboxOptions): SandboxState {
  return createStateWithConfig(options).state;
}

/** The state and its configuration, which `startPaymentSandbox` completes with the listening address. */
export function createStateWithConfig(options: PaymentSandboxOptions): { state: SandboxState; config: MutableConfig } {
  const config: MutableConfig = {
    clients: { ...(options.clients ?? { [SANDBOX_CREDENTIALS.clientId]: SANDBOX_CREDENTIALS.clientSecret }) },
    coingateKeys: [...(options.coingateKeys ?? [SANDBOX_CREDENTIALS.coingateKey])],
    tokenTtlSeconds: options.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS,
    publicUrl: normalizePublicUrl(options.publicUrl),
  };
  if (!Number.isInteger(config.tokenTtlSeconds) || config.tokenTtlSeconds < 1) {
    throw new TypeError(`tokenTtlSeconds must be a positive whole number, got ${String(options.tokenTtlSeconds)}`);
  }
  const orders = new Map<string, SandboxOrder>();
  const orderOf = (orderId: string): SandboxOrder => {
    const order = orders.get(orderId);
    if (!order) throw new Error(`No sandbox order ${orderId}`);
    return order;
  };
  let clockOffset = 0;
  const state: SandboxState = {
    config,
    tokens: new Map(),
    orders,
    captures: new Map(),
    refunds: new Map(),
    requestIds: new Map(),
    transmissions: new Map(),
    products: new Map(),
    plans: new Map(),
    subscriptions: new Map(),
    sales: new Map(),
    saleRefunds: new Map(),
    webhooks: new Map((options.webhooks ?? []).map((webhook) => [webhook.id, presetWebhook(webhook)])),
    deliveries: [],
    autoDeliver: options.autoDeliver ?? true,
    now: () => Date.now() + clockOffset,
    deliveriesSettled: () => deliveriesSettled(state),
    approveSubscription: (subscriptionId) => approveSubscription(state, subscriptionId),
    advanceClock: (days) =>
      advanceClock(state, days, (time) => {
        clockOffset = time - Date.now();
      }),
    forceCaptureStatus(orderId, status) {
      const order = orderOf(orderId);
      if (status === null) delete order.forcedCaptureStatus;
      else order.forcedCaptureStatus = status;
    },
    approveOrder(orderId) {
      return approveOrder(orderOf(orderId));
    },
  };
  return { state, config };
}

function presetWebhook(webhook: { id: string; url: string; event_types?: string[] }): RegisteredWebhook {
  if (webhook.id === '' || !/^https?:\/\//.test(webhook.url))
    throw new TypeError(`webhooks need an id and an http(s) url, got ${JSON.stringify(webhook)}`);
  return { id: webhook.id, url: webhook.url, eventTypes: [...(webhook.event_types ?? ['*'])] };
}

export function normalizePublicUrl(publicUrl: string): string {
  let url: URL;
  try {
    url = new URL(publicUrl);
  } catch {
    throw new TypeError(`publicUrl must be an absolute URL, got ${JSON.stringify(publicUrl)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`publicUrl must be http(s), got ${publicUrl}`);
  return publicUrl.replace(/\/+$/, '');
}

/**
 * The buyer's approval: the order becomes APPROVED with the sandbox buyer as payer. Approving again keeps
 * the payer; a captured order cannot be approved.
 */
export function approveOrder(order: SandboxOrder): Payer {
  if (order.status === 'COMPLETED' || order.status === 'VOIDED')
    throw new Error(`Order ${order.id} is ${order.status} and cannot be approved`);
  order.payer ??= { payer_id: newPayerId(), ...structuredClone(SANDBOX_BUYER) };
  order.status = 'APPROVED';
  order.update_time = isoSeconds();
  return order.payer;
}
