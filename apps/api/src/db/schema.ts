import type {
  AuditChanges,
  BillingInterval,
  DeliveryEventKind,
  DiscountKind,
  KeyMode,
  OrderStatus,
  RefundOrigin,
  SubscriptionPaymentStatus,
  SubscriptionStatus,
} from '@store/contracts';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** A timestamptz column: read as a Date, written as a Date or an ISO string; optional on insert (it has a default). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface UsersTable {
  id: Generated<string>;
  username: string;
  email: string;
  password_hash: string;
  role: 'admin' | 'user';
  is_active: Generated<boolean>;
  created_at: Timestamp;
  /** Set when the owner opens a mailed verification or sign-in link. */
  email_verified_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The TOTP secret sealed by the DataCipher (context `users.totp_secret:<id>`): set by the setup, in use once `totp_enabled_at` is set. */
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  totp_enabled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The last 30-second step whose code was taken: only a later step's code is taken next (RFC 6238 §5.2). */
  totp_last_step: ColumnType<number | null, number | null | undefined, number | null>;
}

/** One of an account's ten recovery codes: only its keyed digest is kept; `used_at` spends it. */
export interface RecoveryCodesTable {
  id: Generated<string>;
  user_id: string;
  code_digest: string;
  created_at: Timestamp;
  used_at: Date | null;
}

/** A sign-in between the right password and the second factor: its token's SHA-256, the wrong codes so far. */
export interface TwoFactorChallengesTable {
  id: Generated<string>;
  user_id: string;
  token_digest: Buffer;
  /** A keyed digest of the password hash at the password step: a password changed since ends the challenge. */
  password_check: string;
  failures: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  expires_at: Date;
}

/** One sign-in: the access token names it, and it ends when the row goes (logout, password change, deactivation). */
export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  created_at: Timestamp;
  expires_at: Date;
  ip: string | null;
}

/** What a mailed link does. */
export type AccountTokenPurpose = 'password_reset' | 'email_verification' | 'magic_link';

/** A single-use link mailed to an account's owner: only its token's SHA-256 is kept. */
export interface AccountTokensTable {
  id: Generated<string>;
  user_id: string;
  purpose: AccountTokenPurpose;
  token_digest: Buffer;
  created_at: Timestamp;
  expires_at: Date;
  used_at: Date | null;
}

export interface LoginThrottleTable {
  key: string;
  failures: number;
  locked_until: Date | null;
  last_attempt_at: Timestamp;
}

export interface LoginKnownAddressesTable {
  user_id: string;
  address: string;
  last_success_at: Timestamp;
}

export interface ProductsTable {
  id: Generated<string>;
  title: string;
  description: string;
  detailed_description: string;
  price_cents: number;
  category: string;
  product_type: string;
  images: Json<string[]>;
  features: Json<string[]>;
  system_requirements: Json<Record<string, string>>;
  /** Units not yet sold; live checkouts' holds are read from their orders (docs/decisions/036). */
  stock_quantity: number;
  /**
   * The average stars of the reviews that count, in tenths (10..50, so 4.5 stars is 45), and how many count
   * (product_review_figures); NULL and 0 while none does (docs/decisions/027-reviews.md).
   */
  rating_tenths: number | null;
  reviews_count: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Set when staff delete the product: it leaves the catalogue, orders keep pointing at it. */
  archived_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** `license_key` once staff add keys: its stock is then the number of unsold keys. */
  delivery: ColumnType<'download' | 'license_key', 'download' | 'license_key' | undefined, 'download' | 'license_key'>;
  /** Downloads of each file a delivered line may make. */
  download_limit: ColumnType<number, number | undefined, number>;
  key_mode: ColumnType<KeyMode, KeyMode | undefined, KeyMode>;
  /** The pattern generated keys follow (`X` is a random character); set when `key_mode` is generated. */
  key_pattern: ColumnType<string | null, string | null | undefined, string | null>;
  /** Instances one sold key may be activated on at once through the licence check API; 0: no limit. */
  max_activations: ColumnType<number, number | undefined, number>;
  /** Set exactly for a subscription product (docs/decisions/037-subscriptions.md). */
  billing_interval: ColumnType<BillingInterval | null, BillingInterval | null | undefined, BillingInterval | null>;
  trial_days: ColumnType<number, number | undefined, number>;
}

/** A product's private file; kept while a delivered line points at it, after staff remove it (`removed_at`). */
export interface ProductFilesTable {
  id: Generated<string>;
  product_id: string;
  name: string;
  /** bigint: read as a string by both drivers, so the repository turns it into a number. */
  size: ColumnType<string, number, number>;
  sha256: string;
  content_type: string;
  storage_key: string;
  created_at: Timestamp;
  removed_at: NullableTimestamp;
}

/**
 * A delivered line's copy of its product's files: the bytes its downloads sent and the bytes answers still
 * running have reserved (the cap), and the copies done, the coverage of the copy under way and the answers
 * starting a copy still running (the count) (docs/decisions/035-downloads-that-resume.md).
 */
export interface OrderItemFilesTable {
  order_item_id: string;
  file_id: string;
  position: number;
  download_limit: number;
  bytes_sent: ColumnType<string, number | undefined, number | string>;
  bytes_reserved: ColumnType<string, number | undefined, number | string>;
  copies_done: ColumnType<number, number | undefined, number>;
  whole_in_flight: ColumnType<number, number | undefined, number>;
  /** An int8multirange, as text (`{[0,100),[200,300)}`). */
  copy_coverage: ColumnType<string, string | undefined, string>;
}

/**
 * A subscription's allowance of one of its product's current files, as `order_item_files` (decision 035),
 * for the paid period ending `period_end`: a later period starts its copies again
 * (docs/decisions/041-subscription-downloads.md).
 */
export interface SubscriptionFilesTable {
  subscription_id: string;
  file_id: string;
  download_limit: number;
  period_end: Timestamp;
  bytes_sent: ColumnType<string, number | undefined, number | string>;
  bytes_reserved: ColumnType<string, number | undefined, number | string>;
  copies_done: ColumnType<number, number | undefined, number>;
  whole_in_flight: ColumnType<number, number | undefined, number>;
  /** An int8multirange, as text (`{[0,100),[200,300)}`). */
  copy_coverage: ColumnType<string, string | undefined, string>;
}

/**
 * The delivery log: every answer that showed a line's keys and every download of its files, and every
 * download of a subscription's files. A row belongs to an order line (order_id, order_item_id) or to a
 * subscription (subscription_id), never both.
 */
export interface DeliveryEventsTable {
  id: Generated<string>;
  order_id: string | null;
  order_item_id: string | null;
  subscription_id: ColumnType<string | null, string | null | undefined, string | null>;
  kind: DeliveryEventKind;
  file_id: string | null;
  at: Timestamp;
  ip: string | null;
  user_agent: string | null;
  bytes_sent: ColumnType<string | null, number | null | undefined, number | null>;
  /** The bytes a download's answer reserved before sending (null for a key reveal); settled once, into bytes_sent. */
  bytes_reserved: ColumnType<string | null, number | null | undefined, number | null>;
  /** The first byte of the file a download's answer carried. */
  byte_offset: ColumnType<string | null, number | null | undefined, number | null>;
  range: string | null;
  keys_shown: number | null;
}

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** A column of an append-only table: written once on insert, never updated (Kysely refuses an update at compile time). */
type WrittenOnce<T> = ColumnType<T, T, never>;

/**
 * The audit trail: one row per staff change (an admin route that writes), only ever added; the database
 * refuses UPDATE, DELETE and TRUNCATE too (docs/decisions/029-audit-trail.md).
 */
export interface AuditLogTable {
  id: ColumnType<string, never, never>;
  at: ColumnType<Date, never, never>;
  actor_id: WrittenOnce<string | null>;
  actor_username: WrittenOnce<string | null>;
  ip: WrittenOnce<string | null>;
  user_agent: WrittenOnce<string | null>;
  action: WrittenOnce<string>;
  method: WrittenOnce<string>;
  path: WrittenOnce<string>;
  target_type: WrittenOnce<string | null>;
  target_id: WrittenOnce<string | null>;
  target_label: WrittenOnce<string | null>;
  status_code: WrittenOnce<number>;
  error_code: WrittenOnce<string | null>;
  /** JSON text on insert (already masked and bounded), the parsed object on read. */
  changes: ColumnType<AuditChanges | null, string | null, never>;
  /** The API key that made the change (docs/decisions/056-api-keys.md); null for a staff session. */
  api_key_id: ColumnType<string | null, string | null | undefined, never>;
}

/** A webhook endpoint (docs/decisions/057-webhooks.md): its signing secret encrypted with the data key. */
export interface WebhookEndpointsTable {
  id: Generated<string>;
  url: string;
  description: ColumnType<string, string | undefined, string>;
  events: string[];
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  disabled_reason: ColumnType<string | null, string | null | undefined, string | null>;
  secret: string;
  secret_prefix: string;
  created_by: string | null;
  created_at: Generated<Date>;
}

/** A change worth telling, written by the database's triggers; `payload` is fixed at the first delivery. */
export interface WebhookEventsTable {
  id: Generated<string>;
  type: string;
  subject_id: string;
  created_at: Generated<Date>;
  payload: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One event to one endpoint: the outbox. */
export interface WebhookDeliveriesTable {
  id: Generated<string>;
  event_id: string;
  endpoint_id: string;
  status: ColumnType<'pending' | 'delivered' | 'failed', 'pending' | 'delivered' | 'failed' | undefined, 'pending' | 'delivered' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | undefined, Date>;
  last_status_code: ColumnType<number | null, number | null | undefined, number | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  last_duration_ms: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Generated<Date>;
  delivered_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** An API key: its secret's digest, never the secret (docs/decisions/056-api-keys.md). */
export interface ApiKeysTable {
  id: Generated<string>;
  name: string;
  prefix: string;
  digest: string;
  scopes: ColumnType<string[], string[], never>;
  created_by: string | null;
  created_at: Generated<Date>;
  expires_at: Date | null;
  last_used_at: ColumnType<Date | null, never, Date>;
  revoked_at: ColumnType<Date | null, never, Date>;
}

export interface OrdersTable {
  id: Generated<string>;
  user_id: string | null;
  status: ColumnType<OrderStatus, OrderStatus | undefined, OrderStatus>;
  total_cents: number;
  currency: ColumnType<string, string | undefined, string>;
  payment_method: string;
  payment_id: string | null;
  paypal_order_id: string | null;
  invoice_email: string;
  invoice_name: string;
  invoice_address: string | null;
  invoice_city: string | null;
  invoice_country: string | null;
  /** Holds its units and its code's use: from its payment start until `hold_expires_at`, its payment or its end (docs/decisions/036). */
  stock_reserved: ColumnType<boolean, boolean | undefined, boolean>;
  /** When an unpaid order lapses (failed). */
  expires_at: NullableTimestamp;
  /** When its hold ends if not paid; the order stays payable until `expires_at` and takes its units again at the capture. */
  hold_expires_at: NullableTimestamp;
  paid_at: NullableTimestamp;
  delivered_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Set while a capture is under way: the expiry sweep and the admin's reject leave the order alone. */
  capture_claimed_at: NullableTimestamp;
  payment_started_at: NullableTimestamp;
  is_test: ColumnType<boolean, boolean | undefined, boolean>;
  refund_id: ColumnType<string | null, string | null | undefined, string | null>;
  refunded_at: NullableTimestamp;
  /** PayPal's side of the order is final: captured and settled, refunded, or known never to be captured. */
  payment_settled_at: NullableTimestamp;
  paypal_checked_at: NullableTimestamp;
  client_ip: ColumnType<string | null, string | null | undefined, string | null>;
  origin: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set when a guest order joined the account of its verified email: its guest link keeps working. */
  claimed_at: NullableTimestamp;
  /** Who gave the money back (docs/decisions/026-refunds-and-disputes.md); null while not refunded. */
  refund_origin: ColumnType<RefundOrigin | null, RefundOrigin | null | undefined, RefundOrigin | null>;
  /** Staff's reason for a refund; never shown to the buyer. */
  refund_reason: ColumnType<string | null, string | null | undefined, string | null>;
  refund_requested_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set while staff's refund waits for PayPal's answer; the reconciliation finishes one left by a crash. */
  refund_claimed_at: NullableTimestamp;
  dispute_id: ColumnType<string | null, string | null | undefined, string | null>;
  dispute_status: ColumnType<string | null, string | null | undefined, string | null>;
  dispute_reason: ColumnType<string | null, string | null | undefined, string | null>;
  dispute_outcome: ColumnType<string | null, string | null | undefined, string | null>;
  dispute_opened_at: NullableTimestamp;
  dispute_resolved_at: NullableTimestamp;
  /** The discount code applied at creation (docs/decisions/028-discount-codes.md); `total_cents` is what is paid after it. */
  discount_code_id: ColumnType<string | null, string | null | undefined, string | null>;
  discount_code: ColumnType<string | null, string | null | undefined, string | null>;
  discount_cents: ColumnType<number, number | undefined, number>;
}

export interface OrderItemsTable {
  id: Generated<string>;
  order_id: string;
  product_id: string;
  position: number;
  title: string;
  unit_price_cents: number;
  quantity: number;
  delivery: 'download' | 'license_key';
}

export interface LicenseKeysTable {
  id: Generated<string>;
  product_id: string;
  /** The key encrypted at rest (orders/license-keys.ts, docs/decisions/018-data-encryption.md). */
  key_value: string;
  /** Keyed digest of the key, unique per product; null only on a row still in clear from before encryption. */
  key_digest: ColumnType<string | null, string, string>;
  order_item_id: string | null;
  created_at: Timestamp;
  sold_at: NullableTimestamp;
  /** Set when the order that bought the key is refunded: the key stays with its line and is never sold again. */
  revoked_at: NullableTimestamp;
  /** The subscription the key was given to (its one key); null for a key of the pool or of an order line. */
  subscription_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** When a subscription's key stops working (its paid period's end plus the grace days); null: perpetual. */
  expires_at: NullableTimestamp;
}

/** One buyer's review of one product (docs/decisions/027-reviews.md); `hidden_at` is set by staff. */
export interface ProductReviewsTable {
  id: Generated<string>;
  product_id: string;
  user_id: string;
  rating: number;
  body: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  hidden_at: NullableTimestamp;
}

/** One instance (a machine) a sold key is activated on, through the licence check API. */
export interface LicenseActivationsTable {
  license_key_id: string;
  instance: string;
  created_at: Timestamp;
}

/** A discount code (docs/decisions/028-discount-codes.md): `value` is a percentage or cents, by `kind`. */
export interface DiscountCodesTable {
  id: Generated<string>;
  /** Upper case: unique without case. */
  code: string;
  kind: DiscountKind;
  value: number;
  min_order_cents: number | null;
  starts_at: NullableTimestamp;
  ends_at: NullableTimestamp;
  max_uses: number | null;
  max_uses_per_buyer: number | null;
  /** Empty: every product (and every category). */
  product_ids: Json<string[]>;
  categories: Json<string[]>;
  disabled_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  created_by: string | null;
}

/** An order holding one of its code's uses (from its payment start); deleted when its hold or the order ends undelivered (a trigger). */
export interface DiscountRedemptionsTable {
  order_id: string;
  code_id: string;
  /** The account's id, or the guest's lower-cased email. */
  buyer_key: string;
  /** Lower case: a guest and an account with the same email share the per-buyer limit. */
  buyer_email: string;
  amount_cents: number;
  created_at: Timestamp;
}

/** A code's paid uses, counted by a trigger when an order with it is delivered: read in constant time (decision 036). */
export interface DiscountCodeUsesTable {
  code_id: string;
  paid: number;
}

export interface PaymentEventsTable {
  id: Generated<string>;
  provider: string;
  event_id: string;
  event_type: string;
  order_id: string | null;
  created_at: Timestamp;
}

export interface MailOutboxTable {
  id: Generated<string>;
  kind: string;
  order_id: string | null;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** `expired`: not sent, past `send_before`; `withdrawn`: a receipt whose order left completed before it went out. */
  status: ColumnType<MailStatus, MailStatus | undefined, MailStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  next_attempt_at: Timestamp;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
  /** After this the message is no use and is not sent (docs/decisions/011-mail-outbox.md); null: no bound. */
  send_before: NullableTimestamp;
}

export type MailStatus = 'pending' | 'sent' | 'failed' | 'expired' | 'withdrawn';

export interface SiteSettingsTable {
  id: Generated<number>;
  site_name: string;
  primary_color: string;
  secondary_color: string;
  font_family: string;
  theme: string;
  logo_url: string | null;
  coingate_api_key: string;
  coingate_environment: string;
  paypal_client_id: string;
  paypal_client_secret: string;
  paypal_environment: string;
  smtp_host: string;
  smtp_port: number;
  smtp_username: string;
  smtp_password: string;
  smtp_use_tls: boolean;
  smtp_from_email: string;
  smtp_from_name: string;
  paypal_webhook_id: string;
  /** The secrets above are stored encrypted (false only on a row saved before encryption at rest). */
  secrets_encrypted: ColumnType<boolean, boolean | undefined, boolean>;
  require_staff_two_factor: ColumnType<boolean, boolean | undefined, boolean>;
  subscription_grace_days: ColumnType<number, number | undefined, number>;
  updated_at: Timestamp;
}

/** The PayPal catalog product of a store product (created at its first subscribe). */
export interface PaypalCatalogProductsTable {
  /** The PayPal account the id was made at: `paypalAccountOf` (its API address and client id). */
  paypal_account: string;
  product_id: string;
  paypal_product_id: string;
  created_at: Timestamp;
}

/** One PayPal plan per product and terms: a price change makes a new one; subscribers keep theirs. */
export interface PaypalPlansTable {
  id: Generated<string>;
  /** The PayPal account the plan was made at: `paypalAccountOf` (its API address and client id). */
  paypal_account: string;
  product_id: string;
  price_cents: number;
  currency: string;
  billing_interval: BillingInterval;
  trial_days: number;
  paypal_plan_id: string;
  created_at: Timestamp;
}

/** A buyer's subscription (docs/decisions/037-subscriptions.md); its terms are copied from its plan when created. */
export interface SubscriptionsTable {
  id: Generated<string>;
  user_id: string;
  product_id: string;
  plan_id: string;
  paypal_subscription_id: ColumnType<string | null, string | null | undefined, string | null>;
  status: ColumnType<SubscriptionStatus, SubscriptionStatus | undefined, SubscriptionStatus>;
  /** The product's title when subscribed. */
  title: string;
  price_cents: number;
  currency: string;
  billing_interval: BillingInterval;
  trial_days: number;
  /** The end of the period paid for (or of the trial). */
  current_period_end: NullableTimestamp;
  trial_ends_at: NullableTimestamp;
  cancel_at_period_end: ColumnType<boolean, boolean | undefined, boolean>;
  failed_payments_count: ColumnType<number, number | undefined, number>;
  activated_at: NullableTimestamp;
  suspended_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
  expired_at: NullableTimestamp;
  /** When the reconciliation last asked PayPal. */
  paypal_checked_at: NullableTimestamp;
  /** PayPal's approval address while the subscription awaits approval (the account's "Continue at PayPal"). */
  approve_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** A subscribe asking PayPal to make the subscription: set before the call, cleared with its answer. */
  paypal_create_claimed_at: NullableTimestamp;
  /** Subscribed through the local payment sandbox: no real money. */
  is_test: ColumnType<boolean, boolean | undefined, boolean>;
  /** The shop's address when subscribed (the links of its mails). */
  origin: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One PayPal sale of a subscription: the first payment or a renewal. */
export interface SubscriptionPaymentsTable {
  id: Generated<string>;
  subscription_id: string;
  paypal_sale_id: string;
  amount_cents: number;
  currency: string;
  status: ColumnType<SubscriptionPaymentStatus, SubscriptionPaymentStatus | undefined, SubscriptionPaymentStatus>;
  paid_at: ColumnType<Date, Date | string, Date | string>;
  refunded_at: NullableTimestamp;
  created_at: Timestamp;
  /** Staff's refund under way: set before PayPal is asked (docs/decisions/040-subscription-admin.md). */
  refund_claimed_at: NullableTimestamp;
  /** PayPal's id of the refund staff made. */
  refund_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Staff's reason for the refund, kept for staff only. */
  refund_reason: ColumnType<string | null, string | null | undefined, string | null>;
  refund_requested_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** PayPal took it after the subscription's access ended here: the store refunds it (decision 037). */
  refund_due_at: NullableTimestamp;
}

/** Small server-side values that must survive restarts and be shared by every instance. */
export interface AppMetaTable {
  key: string;
  value: string;
}

export interface Database {
  users: UsersTable;
  products: ProductsTable;
  site_settings: SiteSettingsTable;
  app_meta: AppMetaTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  license_keys: LicenseKeysTable;
  license_activations: LicenseActivationsTable;
  payment_events: PaymentEventsTable;
  mail_outbox: MailOutboxTable;
  sessions: SessionsTable;
  account_tokens: AccountTokensTable;
  login_throttle: LoginThrottleTable;
  login_known_addresses: LoginKnownAddressesTable;
  recovery_codes: RecoveryCodesTable;
  two_factor_challenges: TwoFactorChallengesTable;
  product_files: ProductFilesTable;
  order_item_files: OrderItemFilesTable;
  delivery_events: DeliveryEventsTable;
  subscription_files: SubscriptionFilesTable;
  product_reviews: ProductReviewsTable;
  audit_log: AuditLogTable;
  api_keys: ApiKeysTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  discount_codes: DiscountCodesTable;
  discount_redemptions: DiscountRedemptionsTable;
  discount_code_uses: DiscountCodeUsesTable;
  paypal_catalog_products: PaypalCatalogProductsTable;
  paypal_plans: PaypalPlansTable;
  subscriptions: SubscriptionsTable;
  subscription_payments: SubscriptionPaymentsTable;
  package_items: PackageItemsTable;
  order_item_members: OrderItemMembersTable;
}

/** A package's member and its units in one package (docs/decisions/038-packages.md). */
export interface PackageItemsTable {
  package_id: string;
  product_id: string;
  position: number;
  quantity: number;
}

/** What a package line was sold as: each member, its units in one package and how it delivered then. */
export interface OrderItemMembersTable {
  order_item_id: string;
  product_id: string;
  position: number;
  title: string;
  quantity: number;
  delivery: 'download' | 'license_key';
}

export type UserRow = Selectable<UsersTable>;
export type ProductRow = Selectable<ProductsTable>;
export type NewProductRow = Insertable<ProductsTable>;
export type ProductUpdate = Updateable<ProductsTable>;
export type SiteSettingsRow = Selectable<SiteSettingsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;
export type ProductReviewRow = Selectable<ProductReviewsTable>;
export type DiscountCodeRow = Selectable<DiscountCodesTable>;
