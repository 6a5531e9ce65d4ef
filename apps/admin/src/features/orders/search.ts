import { ORDER_STATUSES, type OrderStatus } from '@store/contracts';

/** The orders screen's state in its address (/admin/orders?search=…&status=…&page=…), so it survives a reload and can be shared. */
export interface OrdersSearch {
  search?: string;
  status?: OrderStatus;
  page?: number;
}

function isOrderStatus(value: unknown): value is OrderStatus {
  return ORDER_STATUSES.some((status) => status.value === value);
}

/** Reads the address's search params; anything unknown is dropped. (`?search=123` arrives as a number.) */
export function validateOrdersSearch(raw: Record<string, unknown>): OrdersSearch {
  const result: OrdersSearch = {};
  const text = typeof raw.search === 'string' || typeof raw.search === 'number' ? String(raw.search).trim().slice(0, 200) : '';
  if (text) result.search = text;
  if (isOrderStatus(raw.status)) result.status = raw.status;
  const page = Number(raw.page);
  if (Number.isInteger(page) && page > 1) result.page = page;
  return result;
}
