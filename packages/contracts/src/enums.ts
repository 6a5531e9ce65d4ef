
/** A value the API stores, with the label the apps show. */
export interface Labelled<V extends string> {
  readonly value: V;
  readonly label: string;
}

export const CATEGORIES = [
  { value: 'ai_tools', label: 'AI Tools' },
  { value: 'software', label: 'Software' },
  { value: 'licenses', label: 'Licenses' },
  { value: 'plugins', label: 'Plugins' },
  { value: 'templates', label: 'Templates' },
  { value: 'courses', label: 'Courses' },
] as const satisfies readonly Labelled<string>[];
export type Category = (typeof CATEGORIES)[number]['value'];
export const DEFAULT_CATEGORY: Category = 'ai_tools';

export const PRODUCT_TYPES = [
  { value: 'single', label: 'Single' },
  { value: 'package', label: 'Package' },
  { value: 'subscription', label: 'Subscription' },
] as const satisfies readonly Labelled<string>[];
export type ProductType = (typeof PRODUCT_TYPES)[number]['value'];
export const DEFAULT_PRODUCT_TYPE: ProductType = 'single';

/**
 * Where a product's licence keys come from: a pool of keys staff paste (it sells out when empty), or
 * keys generated at delivery from the product's pattern.
 */
export const KEY_MODES = [
  { value: 'pool', label: 'Pasted keys (a pool)' },
  { value: 'generated', label: 'Generated from a pattern' },
] as const satisfies readonly Labelled<string>[];
export type KeyMode = (typeof KEY_MODES)[number]['value'];

/** What the delivery log records: an answer that showed a line's keys, or a download of one of its files. */
export const DELIVERY_EVENT_KINDS = [
  { value: 'key_reveal', label: 'Keys shown' },
  { value: 'download', label: 'Download' },
] as const satisfies readonly Labelled<string>[];
export type DeliveryEventKind = (typeof DELIVERY_EVENT_KINDS)[number]['value'];

/** The characters an `X` of a key pattern becomes: letters and digits without the look-alikes I, O, 0 and 1 (5 bits each). */
export const KEY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** How a discount code takes money off: a whole percentage of the lines it applies to, or a fixed amount (docs/decisions/028). */
export const DISCOUNT_KINDS = [
  { value: 'percent', label: 'Percentage' },
  { value: 'fixed', label: 'Fixed amount' },
] as const satisfies readonly Labelled<string>[];
export type DiscountKind = (typeof DISCOUNT_KINDS)[number]['value'];

/**
 * Where a discount code stands now, as staff see it: `disabled` by staff, `expired` past its end, `scheduled`
 * before its start, `used_up` with every use taken, else `active` (checked in that order).
 */
export const DISCOUNT_STATUSES = [
  { value: 'active', label: 'Active', tone: 'green' },
  { value: 'scheduled', label: 'Scheduled', tone: 'blue' },
  { value: 'expired', label: 'Expired', tone: 'gray' },
  { value: 'disabled', label: 'Disabled', tone: 'red' },
  { value: 'used_up', label: 'Used up', tone: 'orange' },
] as const satisfies readonly (Labelled<string> & { tone: StatusTone })[];
export type DiscountStatus = (typeof DISCOUNT_STATUSES)[number]['value'];

/** Badge tones of spec section 4: paid and completed green, confirmed blue, pending yellow, rejected orange, failed red. */
export type StatusTone = 'green' | 'blue' | 'yellow' | 'orange' | 'red' | 'gray';

export const ORDER_STATUSES = [
  { value: 'pending', label: 'Pending', tone: 'yellow' },
  { value: 'paid', label: 'Paid', tone: 'green' },
  { value: 'confirmed', label: 'Confirmed', tone: 'blue' },
  { value: 'completed', label: 'Completed', tone: 'green' },
  { value: 'rejected', label: 'Rejected', tone: 'orange' },
  { value: 'failed', label: 'Failed', tone: 'red' },
  { value: 'refunded', label: 'Refunded', tone: 'gray' },
] as const satisfies readonly (Labelled<string> & { tone: StatusTone })[];
export type OrderStatus = (typeof ORDER_STATUSES)[number]['value'];

/**
 * Every status change the server allows. Payment moves pending to paid, an admin confirms or rejects,
 * delivery completes a paid or confirmed order, and an unpaid order that expires or is refused fails.
 * Money PayPal took for an order that can no longer be served is given back: the order becomes refunded.
 * A completed order is refunded by staff or at PayPal: its keys are revoked and its downloads stop.
 * A capture that arrives after the order lapsed still delivers while the goods are there (failed to paid),
 * so money taken always means goods delivered or money returned (docs/decisions/015-trust.md).
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['paid', 'confirmed', 'rejected', 'failed', 'refunded'],
  rejected: ['confirmed', 'refunded'],
  paid: ['completed', 'refunded'],
  confirmed: ['completed'],
  completed: ['refunded'],
  failed: ['paid', 'refunded'],
  refunded: [],
};

/** The changes the admin orders screen offers (spec section 4); the others happen through payment and delivery. */
export const ADMIN_ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['confirmed', 'rejected'],
  rejected: ['confirmed'],
  paid: [],
  confirmed: [],
  completed: [],
  failed: [],
  refunded: [],
};

/** The statuses whose totals count as money taken: the dashboard's revenue and an account's spending. */
export const REVENUE_STATUSES: readonly OrderStatus[] = ['paid', 'completed'];

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

export const ROLES = [
  { value: 'admin', label: 'Administrator' },
  { value: 'user', label: 'Korisnik' },
] as const satisfies readonly Labelled<string>[];
export type Role = (typeof ROLES)[number]['value'];

/**
 * What an API key may do (docs/decisions/056-api-keys.md): each staff route a seller's own system may call names
 * one scope in the route table (`apiKeyScope`); a route without one (accounts, settings, the audit trail, the
 * keys themselves) refuses every key.
 */
export const API_KEY_SCOPES = [
  { value: 'products:read', label: 'Read products, their files and key stock' },
  { value: 'products:write', label: 'Create, change and remove products and their files' },
  { value: 'licenses:write', label: 'Add licence keys to products' },
  { value: 'orders:read', label: 'Read orders, subscriptions, exports and sales figures' },
  { value: 'orders:write', label: 'Change order status, refund orders and subscriptions' },
  { value: 'discounts:read', label: 'Read discount codes and their uses' },
  { value: 'discounts:write', label: 'Create, change and disable discount codes' },
  { value: 'webhooks:write', label: 'Manage webhook endpoints and their deliveries' },
] as const satisfies readonly Labelled<string>[];
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number]['value'];

/**
 * What the store tells a seller's systems (docs/decisions/057-webhooks.md), each written by the database in the
 * transaction that makes the change, so an event is sent once for each change and never for one rolled back.
 */
export const WEBHOOK_EVENT_TYPES = [
  { value: 'order.paid', label: 'An order is paid' },
  { value: 'order.refunded', label: 'An order is refunded' },
  { value: 'order.disputed', label: 'A buyer opens a dispute at PayPal' },
  { value: 'license.activated', label: 'A licence key is activated on an instance' },
  { value: 'license.deactivated', label: 'A licence key is deactivated on an instance' },
  { value: 'review.created', label: 'A buyer reviews a product' },
  { value: 'subscription.activated', label: 'A subscription starts' },
  { value: 'subscription.past_due', label: 'A subscription payment fails' },
  { value: 'subscription.suspended', label: 'A subscription is suspended' },
  { value: 'subscription.cancelled', label: 'A subscription is cancelled' },
  { value: 'subscription.expired', label: 'A subscription ends' },
] as const satisfies readonly Labelled<string>[];
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]['value'] | 'webhook.test';

/** Where one delivery of an event to an endpoint stands. */
export const WEBHOOK_DELIVERY_STATUSES = [
  { value: 'pending', label: 'Pending', tone: 'yellow' },
  { value: 'delivered', label: 'Delivered', tone: 'green' },
  { value: 'failed', label: 'Failed', tone: 'red' },
] as const satisfies readonly (Labelled<string> & { tone: StatusTone })[];
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number]['value'];

/** Where an API key stands, as the server judges it on its own clock (docs/decisions/056-api-keys.md). */
export const API_KEY_STATUSES = [
  { value: 'active', label: 'Active', tone: 'green' },
  /** Its maker is no longer active staff (demoted or deactivated): refused until they are again. */
  { value: 'suspended', label: 'Suspended', tone: 'yellow' },
  { value: 'expired', label: 'Expired', tone: 'gray' },
  { value: 'revoked', label: 'Revoked', tone: 'red' },
] as const satisfies readonly (Labelled<string> & { tone: StatusTone })[];
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number]['value'];

export const PRODUCT_SORTS = [
  /** A search's default: the best matches first (docs/decisions/046-search.md); without a search, the newest. */
  { value: 'relevance', label: 'Best match' },
  { value: 'newest', label: 'Newest' },
  { value: 'price_asc', label: 'Price: Low to High' },
  { value: 'price_desc', label: 'Price: High to Low' },
  { value: 'name', label: 'Name: A-Z' },
] as const satisfies readonly Labelled<string>[];
export type ProductSort = (typeof PRODUCT_SORTS)[number]['value'];

export const FONT_FAMILIES = ['Inter', 'Roboto', 'Poppins', 'Montserrat', 'Open Sans', 'Nunito'] as const;
export type FontFamily = (typeof FONT_FAMILIES)[number];

/** The six colour presets of the settings screen, primary and secondary. */
export const COLOR_PRESETS = [
  { name: 'Blue', primary: '#0ea5e9', secondary: '#22c55e' },
  { name: 'Green', primary: '#10b981', secondary: '#3b82f6' },
  { name: 'Purple', primary: '#8b5cf6', secondary: '#f59e0b' },
  { name: 'Red', primary: '#ef4444', secondary: '#06b6d4' },
  { name: 'Orange', primary: '#f97316', secondary: '#84cc16' },
  { name: 'Pink', primary: '#ec4899', secondary: '#14b8a6' },
] as const;

export const THEMES = ['dark', 'light'] as const;
export const PROVIDER_ENVIRONMENTS = ['sandbox', 'live'] as const;
/** How an order is paid, with the label both apps show; `free`: an order of $0 completes without a provider. */
export const PAYMENT_METHODS = [
  { value: 'paypal', label: 'PayPal' },
  { value: 'crypto', label: 'Crypto' },
  { value: 'card', label: 'Card' },
  { value: 'manual', label: 'Manual' },
  { value: 'free', label: 'Free' },
] as const satisfies readonly Labelled<string>[];
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]['value'];

export function labelOf<V extends string>(list: readonly Labelled<V>[], value: string): string {
  return list.find((item) => item.value === value)?.label ?? value;
}

/* Subscriptions (docs/decisions/037-subscriptions.md) -------------------------------------------- */

/** How often a subscription product bills: PayPal's plan runs one cycle of this length after another. */
export const BILLING_INTERVALS = [
  { value: 'month', label: 'Monthly' },
  { value: 'year', label: 'Yearly' },
] as const satisfies readonly Labelled<string>[];
export type BillingInterval = (typeof BILLING_INTERVALS)[number]['value'];

/**
 * Where a subscription stands. What each gives the buyer: `approval_pending` nothing yet (the buyer is at
 * PayPal); `active` the key and files; `past_due` still the key and files, to the paid period's end plus the
 * grace days, while PayPal retries; `suspended` nothing until paid again; `cancelled` the key and files to
 * the paid period's end (no renewal comes); `expired` nothing, for good.
 */
export const SUBSCRIPTION_STATUSES = [
  { value: 'approval_pending', label: 'Awaiting approval', tone: 'yellow' },
  { value: 'active', label: 'Active', tone: 'green' },
  { value: 'past_due', label: 'Past due', tone: 'orange' },
  { value: 'suspended', label: 'Suspended', tone: 'red' },
  { value: 'cancelled', label: 'Cancelled', tone: 'gray' },
  { value: 'expired', label: 'Expired', tone: 'gray' },
] as const satisfies readonly (Labelled<string> & { tone: StatusTone })[];
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number]['value'];

/**
 * What the licence API says of a key: `active` (the software may run), `expired` (a subscription's key past
 * its end), `suspended` (its subscription's payment failed), `revoked` (its order was refunded), `unknown`.
 */
export const LICENSE_STATUSES = [
  { value: 'active', label: 'Active' },
  { value: 'expired', label: 'Expired' },
  { value: 'suspended', label: 'Suspended' },
  { value: 'revoked', label: 'Revoked' },
  { value: 'unknown', label: 'Unknown' },
] as const satisfies readonly Labelled<string>[];
