import { ORDER_STATUSES, type AdminOrderListQuery, type OrderStatus } from '@store/contracts';

/** The dispute filter of the admin order list: `open` for disputes PayPal has not resolved yet, `any` for every order that had one. */
export type DisputeFilter = NonNullable<AdminOrderListQuery['dispute']>;

export const DISPUTE_FILTERS = ['open', 'any'] as const satisfies readonly DisputeFilter[];

/** The orders screen's state in its address (/admin/orders?search=…&status=…&dispute=…&page=…), so it survives a reload and can be shared. */
export interface OrdersSearch {
  search?: string;
  status?: OrderStatus;
  dispute?: DisputeFilter;
  page?: number;
}

function isOrderStatus(value: unknown): value is OrderStatus {
  return ORDER_STATUSES.some((status) => status.value === value);
}

function isDisputeFilter(value: unknown): value is DisputeFilter {
  return DISPUTE_FILTERS.some((filter) => filter === value);
}

/** Reads the address's search params; anything unknown is dropped. (`?search=123` arrives as a number.) */
export function validateOrdersSearch(raw: Record<string, unknown>): OrdersSearch {
  const result: OrdersSearch = {};
  const text = typeof raw.search === 'string' || typeof raw.search === 'number' ? String(raw.search).trim().slice(0, 200) : '';
  if (text) result.search = text;
  if (isOrderStatus(raw.status)) result.status = raw.status;
  if (isDisputeFilter(raw.dispute)) result.dispute = raw.dispute;
  const page = Number(raw.page);
  if (Number.isInteger(page) && page > 1) result.page = page;
  return result;
}
