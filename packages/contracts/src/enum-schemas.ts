import Type from 'typebox';
import {
  API_KEY_SCOPES,
  API_KEY_STATUSES,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_TYPES,
  BILLING_INTERVALS,
  CATEGORIES,
  DELIVERY_EVENT_KINDS,
  DISCOUNT_KINDS,
  DISCOUNT_STATUSES,
  KEY_MODES,
  LICENSE_STATUSES,
  FONT_FAMILIES,
  type Labelled,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PRODUCT_SORTS,
  PRODUCT_TYPES,
  PROVIDER_ENVIRONMENTS,
  ROLES,
  SUBSCRIPTION_STATUSES,
  THEMES,
} from './enums.ts';

/* The enums of enums.ts as TypeBox schemas; apart from the plain lists so the apps' first load needs no TypeBox. */

const values = <T extends readonly Labelled<string>[]>(list: T) => list.map((item) => item.value) as { [K in keyof T]: T[K]['value'] };

export const CategorySchema = Type.Enum(values(CATEGORIES), { description: 'Product category' });
export const ProductTypeSchema = Type.Enum(values(PRODUCT_TYPES), { description: 'Product type' });
export const OrderStatusSchema = Type.Enum(values(ORDER_STATUSES), { description: 'Order status' });
export const RoleSchema = Type.Enum(values(ROLES), { description: 'User role' });
export const ProductSortSchema = Type.Enum(values(PRODUCT_SORTS), { description: 'Sort order' });
export const FontFamilySchema = Type.Enum(FONT_FAMILIES);
export const ThemeSchema = Type.Enum(THEMES);
export const ProviderEnvironmentSchema = Type.Enum(PROVIDER_ENVIRONMENTS);
export const PaymentMethodSchema = Type.Enum(values(PAYMENT_METHODS));

export const KeyModeSchema = Type.Enum(values(KEY_MODES), { description: 'Where licence keys come from: a pasted pool or generated from a pattern' });
export const DeliveryEventKindSchema = Type.Enum(values(DELIVERY_EVENT_KINDS), { description: 'What a delivery log entry records' });
export const DiscountKindSchema = Type.Enum(values(DISCOUNT_KINDS), { description: 'percent: a whole percentage; fixed: an amount in dollars' });
export const DiscountStatusSchema = Type.Enum(values(DISCOUNT_STATUSES), { description: 'Where a discount code stands now' });
export const BillingIntervalSchema = Type.Enum(values(BILLING_INTERVALS), { description: 'How often a subscription bills' });
export const SubscriptionStatusSchema = Type.Enum(values(SUBSCRIPTION_STATUSES), { description: 'Where a subscription stands' });
export const LicenseStatusValueSchema = Type.Enum(values(LICENSE_STATUSES), { description: 'What the shop knows of a licence key' });
export const ApiKeyScopeSchema = Type.Enum(values(API_KEY_SCOPES), { description: 'What an API key may do' });
export const ApiKeyStatusSchema = Type.Enum(values(API_KEY_STATUSES), { description: 'Where an API key stands: suspended while its maker is not active staff' });
export const WebhookEventTypeSchema = Type.Enum(values(WEBHOOK_EVENT_TYPES), { description: 'An event the store sends to webhook endpoints' });
export const WebhookDeliveryStatusSchema = Type.Enum(values(WEBHOOK_DELIVERY_STATUSES), { description: 'Where a delivery stands' });
