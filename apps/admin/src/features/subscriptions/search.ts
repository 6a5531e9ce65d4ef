import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '@store/contracts';

/** The subscriptions screen's state in its address (/admin/subscriptions?q=…&status=…&product_id=…&page=…), so it survives a reload. */
export interface SubscriptionsSearch {
  q?: string;
  status?: SubscriptionStatus;
  product_id?: string;
  page?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isSubscriptionStatus(value: unknown): value is SubscriptionStatus {
  return SUBSCRIPTION_STATUSES.some((status) => status.value === value);
}

/** Reads the address's search params; anything unknown is dropped, so the API is never sent a value it refuses. */
export function validateSubscriptionsSearch(raw: Record<string, unknown>): SubscriptionsSearch {
  const result: SubscriptionsSearch = {};
  const text = typeof raw.q === 'string' || typeof raw.q === 'number' ? String(raw.q).trim().slice(0, 200) : '';
  if (text) result.q = text;
  if (isSubscriptionStatus(raw.status)) result.status = raw.status;
  if (typeof raw.product_id === 'string' && UUID.test(raw.product_id)) result.product_id = raw.product_id.toLowerCase();
  const page = Number(raw.page);
  if (Number.isInteger(page) && page > 1) result.page = page;
  return result;
}
