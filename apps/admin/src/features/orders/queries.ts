import { LIMITS, type AdminOrderListQuery, type OrderExportQuery } from '@store/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** Every admin order query (the orders screen's pages, the dashboard's latest, delivery logs): invalidated together after a change. */
export const ADMIN_ORDERS_KEY = ['admin', 'orders'] as const;
/** The order lists alone, whose rows an answered change can be written into at once. */
export const ADMIN_ORDER_LISTS_KEY = [...ADMIN_ORDERS_KEY, 'list'] as const;

/** The orders screen's page size and the dashboard's (spec section 9). */
export const ORDERS_PAGE_SIZE = LIMITS.adminListSize;
export const RECENT_ORDERS = LIMITS.dashboardRecent;

export function adminOrdersQueryOptions(query: AdminOrderListQuery) {
  return queryOptions({
    queryKey: [...ADMIN_ORDER_LISTS_KEY, query],
    queryFn: ({ signal }) => api.adminListOrders({ query }, { signal }),
    // A new page or filter keeps the rows on screen (marked busy) until the next ones arrive.
    placeholderData: keepPreviousData,
  });
}

/** Every key reveal and download of a delivered order, oldest first. */
export function deliveryLogQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...ADMIN_ORDERS_KEY, 'delivery-log', id],
    queryFn: ({ signal }) => api.adminDeliveryLog({ params: { id } }, { signal }),
  });
}

/** A Blob as the typed client answers a body that is not JSON (Blob of this page or of another realm). */
function isBlob(value: unknown): value is Blob {
  return typeof value === 'object' && value !== null && typeof (value as Blob).arrayBuffer === 'function' && typeof (value as Blob).size === 'number';
}

/**
 * The delivery log as the API writes it for a spreadsheet (`?format=csv`, UTF-8 with BOM). The route is
 * typed by its JSON answer; the typed client hands any other body back as a Blob, checked here.
 */
export async function fetchDeliveryLogCsv(id: string): Promise<Blob> {
  const answer: unknown = await api.adminDeliveryLog({ params: { id }, query: { format: 'csv' } });
  if (!isBlob(answer)) throw new Error('The delivery log did not come back as CSV');
  return answer;
}

/**
 * Every order the list's filter selects, as the API writes it for a spreadsheet (UTF-8 with BOM); the route
 * answers a file, which the typed client hands back as a Blob (docs/decisions/032-orders-csv-export.md).
 */
export async function fetchOrdersCsv(filter: OrderExportQuery): Promise<Blob> {
  const answer: unknown = await api.adminExportOrders({ query: filter });
  if (!isBlob(answer)) throw new Error('The orders did not come back as CSV');
  return answer;
}
