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
export type { ErrorDetail, Link, PayPalErrorBody } from './errors.ts';
export type { Money } from './money.ts';
