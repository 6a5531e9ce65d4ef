export { paymentSandbox, type PaymentSandboxPluginOptions } from './plugin.ts';
export { startPaymentSandbox, type RunningPaymentSandbox, type StartPaymentSandboxOptions } from './standalone.ts';
export {
  type AccessTokenRecord,
  type Capture,
  type CaptureStatus,
  type ForcedCaptureStatus,
  type OrderStatus,
  type PaymentSandboxOptions,
  type Payer,
  type PurchaseUnit,
  type Refund,
  type SandboxConfig,
  type SandboxOrder,
  type SandboxState,
  type StoredAnswer,
  type WebhookTransmission,
  SANDBOX_BUYER,
  SANDBOX_CREDENTIALS,
  createSandboxState,
} from './state.ts';
export {
  type DeliverWebhookOptions,
  type SandboxTarget,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookEventInput,
  type DisputeEventOptions,
  captureEvent,
  deliverWebhook,
  disputeEvent,
  orderApprovedEvent,
  refundAtPayPal,
  refundEvent,
  replayWebhook,
} from './webhooks.ts';
export { SANDBOX_CERT_ID, crc32, signedString } from './webhook-signing.ts';
export type {
  BillingCycle,
  BillingDelivery,
  BillingPlan,
  CatalogProduct,
  CycleExecution,
  PaymentPreferences,
  PlanStatus,
  ProductType,
  RegisteredWebhook,
  SaleRefund,
  SaleState,
  SandboxSale,
  SandboxSubscription,
  SubscriptionStatus,
} from './billing-types.ts';
export {
  type SaleEventType,
  type SubscriptionEventType,
  SALE_EVENT_TYPES,
  SUBSCRIPTION_EVENT_TYPES,
  saleEvent,
  subscriptionEvent,
} from './billing-events.ts';
export type { ClockCycle, ClockRun } from './billing.ts';
export { autopayUrl, saleView, subscriptionView } from './billing-view.ts';
export type { ErrorDetail, Link, PayPalErrorBody } from './errors.ts';
export type { Money } from './money.ts';
