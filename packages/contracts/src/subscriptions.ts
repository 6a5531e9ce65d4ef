import Type, { type Static } from 'typebox';
import { LIMITS } from './brand.ts';
import { BillingIntervalSchema, LicenseStatusValueSchema, SubscriptionStatusSchema } from './enum-schemas.ts';
import { IdSchema, MoneySchema, OrderDownloadSchema, TimestampSchema } from './entities.ts';
import { PlainLine } from './text.ts';

/*
 * Subscriptions through PayPal Subscriptions (docs/decisions/037-subscriptions.md): what a subscriber sees,
 * the subscribe call, and what staff see. The routes are in the route table (routes.ts).
 */

const NullableTimestamp = Type.Union([TimestampSchema, Type.Null()]);

/** The one licence key of a subscription: the same across renewals, valid to the paid period's end plus the grace days. */
export const SubscriptionLicenseKeySchema = Type.Object({
  key: Type.String(),
  expires_at: NullableTimestamp,
  status: LicenseStatusValueSchema,
});
export type SubscriptionLicenseKey = Static<typeof SubscriptionLicenseKeySchema>;

/** A subscription as its subscriber sees it (`GET /api/subscriptions`, `GET /api/subscriptions/{id}`). */
export const SubscriptionSchema = Type.Object({
  id: IdSchema,
  /** PayPal's id (`I-...`); null only if PayPal never answered the subscribe call. */
  paypal_subscription_id: Type.Union([Type.String(), Type.Null()]),
  product_id: IdSchema,
  product_title: Type.String(),
  /** What each period costs, in dollars: the price of the plan the buyer subscribed to (a later price change does not touch it). */
  price: MoneySchema,
  billing_interval: BillingIntervalSchema,
  status: SubscriptionStatusSchema,
  /** The end of the period paid for (or of the trial); access lasts to here (plus the grace days while past due). Null before approval. */
  current_period_end: NullableTimestamp,
  /** Cancelled: no renewal comes, access lasts to `current_period_end`, then the subscription expires. */
  cancel_at_period_end: Type.Boolean(),
  trial_ends_at: NullableTimestamp,
  created_at: TimestampSchema,
  /** PayPal's approval page: set while the subscription awaits the buyer's approval ("Continue at PayPal"). */
  approve_url: Type.Union([Type.String(), Type.Null()]),
  /** PayPal's page where the buyer fixes the payment method: set while past due or suspended. */
  update_payment_url: Type.Union([Type.String(), Type.Null()]),
  /** Empty before the first activation; one key after. */
  license_keys: Type.Array(SubscriptionLicenseKeySchema),
  /** The product's files with signed links while the subscription gives access; empty otherwise. */
  downloads: Type.Array(OrderDownloadSchema),
});
export type Subscription = Static<typeof SubscriptionSchema>;

export const SubscriptionListSchema = Type.Object({ subscriptions: Type.Array(SubscriptionSchema) });
export type SubscriptionList = Static<typeof SubscriptionListSchema>;

export const CreateSubscriptionBodySchema = Type.Object({ product_id: IdSchema }, { additionalProperties: false });
export type CreateSubscriptionBody = Static<typeof CreateSubscriptionBodySchema>;

/** A new subscription waiting for the buyer's approval at PayPal: send the buyer to `approve_url`. */
export const CreateSubscriptionResponseSchema = Type.Object({
  id: IdSchema,
  paypal_subscription_id: Type.String(),
  status: Type.Literal('approval_pending'),
  approve_url: Type.String(),
});
export type CreateSubscriptionResponse = Static<typeof CreateSubscriptionResponseSchema>;

/* Staff ------------------------------------------------------------------------------------------ */

export const SubscriptionPaymentStatusSchema = Type.Enum(['completed', 'refunded', 'reversed'], { description: "A payment's state at PayPal" });
export type SubscriptionPaymentStatus = Static<typeof SubscriptionPaymentStatusSchema>;

/** One payment of a subscription: a PayPal sale (the first one, or a renewal). */
export const SubscriptionPaymentSchema = Type.Object({
  id: IdSchema,
  paypal_sale_id: Type.String(),
  amount: MoneySchema,
  status: SubscriptionPaymentStatusSchema,
  paid_at: TimestampSchema,
  refunded_at: NullableTimestamp,
});
export type SubscriptionPayment = Static<typeof SubscriptionPaymentSchema>;

const AdminSubscriptionFields = {
  user: Type.Object({ id: IdSchema, username: Type.String(), email: Type.String() }),
  /** PayPal's count of failed payments in a row (from its webhooks and answers). */
  failed_payments_count: Type.Integer({ minimum: 0 }),
  cancelled_at: NullableTimestamp,
};

/** A subscription as a line of staff's list: what the subscriber sees, whose it is, and its failures. */
export const AdminSubscriptionSummarySchema = Type.Object({ ...SubscriptionSchema.properties, ...AdminSubscriptionFields });
export type AdminSubscriptionSummary = Static<typeof AdminSubscriptionSummarySchema>;

/** A subscription as staff's details show it: with every payment, newest first. */
export const AdminSubscriptionSchema = Type.Object({
  ...SubscriptionSchema.properties,
  ...AdminSubscriptionFields,
  payments: Type.Array(SubscriptionPaymentSchema),
});
export type AdminSubscription = Static<typeof AdminSubscriptionSchema>;

/** Staff's list: filtered by status, product, and buyer (email or username), paged as the admin orders list. */
export const AdminSubscriptionListQuerySchema = Type.Object(
  {
    status: Type.Optional(SubscriptionStatusSchema),
    product_id: Type.Optional(IdSchema),
    q: Type.Optional(PlainLine({ maxLength: 200, description: "Part of the buyer's email or username" })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LIMITS.maxPageSize, default: LIMITS.pageSize })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: LIMITS.maxOffset, default: 0 })),
  },
  { additionalProperties: false },
);
export type AdminSubscriptionListQuery = Static<typeof AdminSubscriptionListQuerySchema>;

export const AdminSubscriptionListSchema = Type.Object({ items: Type.Array(AdminSubscriptionSummarySchema), total: Type.Integer() });
export type AdminSubscriptionList = Static<typeof AdminSubscriptionListSchema>;

/** When staff's cancel takes effect: `now` ends access at once; `period_end` keeps it to the paid period's end. */
export const SubscriptionCancelAtSchema = Type.Enum(['now', 'period_end'], { description: 'When access ends' });
export type SubscriptionCancelAt = Static<typeof SubscriptionCancelAtSchema>;
export const AdminCancelSubscriptionBodySchema = Type.Object({ at: SubscriptionCancelAtSchema }, { additionalProperties: false });
export type AdminCancelSubscriptionBody = Static<typeof AdminCancelSubscriptionBodySchema>;
