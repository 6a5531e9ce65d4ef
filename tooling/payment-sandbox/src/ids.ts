import { createHash, randomBytes, randomInt } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Upper-case letters and digits, the alphabet of PayPal's order, capture and payer ids. */
export function randomCode(length: number): string {
  let code = '';
  for (let index = 0; index < length; index += 1) code += ALPHANUMERIC.charAt(randomInt(ALPHANUMERIC.length));
  return code;
}

/** 17 characters, like PayPal's `5O190127TN364715T`. */
export const newOrderId = (): string => randomCode(17);
export const newCaptureId = (): string => randomCode(17);
export const newRefundId = (): string => randomCode(17);
/** 13 characters, like PayPal's payer ids and merchant ids. */
export const newPayerId = (): string => randomCode(13);

/** A stable 13-character merchant id for a REST client, as each PayPal app belongs to one merchant. */
export function merchantIdOf(clientId: string): string {
  const digest = createHash('sha256').update(clientId).digest();
  return Array.from(digest.subarray(0, 13), (byte) => ALPHANUMERIC.charAt(byte % ALPHANUMERIC.length)).join('');
}
/** 13 lower-case hex digits, like PayPal's `debug_id`. */
export const newDebugId = (): string => randomBytes(7).toString('hex').slice(0, 13);
export const newAccessToken = (): string => `A21AA${randomBytes(48).toString('base64url')}`;
export const newEventId = (): string => `WH-${randomCode(17)}-${randomCode(17)}`;

/** PayPal's resource timestamps: ISO 8601 in UTC without milliseconds. */
export function isoSeconds(date: Date = new Date()): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Catalog products: `PROD-` and 17 characters, like PayPal's `PROD-XXCD1234QWER65782`. */
export const newProductId = (): string => `PROD-${randomCode(17)}`;
/** Plans: `P-` and 24 characters, like PayPal's `P-5ML4271244454362WXNWU5NQ`. */
export const newPlanId = (): string => `P-${randomCode(24)}`;
/** Subscriptions: `I-` and 12 characters, like PayPal's `I-BW452GLLEP1G`. */
export const newSubscriptionId = (): string => `I-${randomCode(12)}`;
/** Sales and their refunds: 17 characters, like captures. */
export const newSaleId = (): string => randomCode(17);
/** The billing agreement token of an approval (`ba_token=BA-…`). */
export const newBillingToken = (): string => `BA-${randomCode(17)}`;
/** Webhook ids: 17 characters, like PayPal's `0EH40505U7160970P`. */
export const newWebhookId = (): string => randomCode(17);
