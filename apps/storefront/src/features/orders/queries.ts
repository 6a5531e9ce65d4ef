import { ApiError, LIMITS, type GuestOrderView, type User } from '@store/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { readOrderAccessToken } from '../checkout/checkout-storage.ts';

export const orderKeys = {
  all: ['orders'] as const,
  mine: (page: number) => [...orderKeys.all, 'mine', page] as const,
  one: (orderId: string, viewer: string) => [...orderKeys.all, 'one', orderId, viewer] as const,
  guest: (orderId: string, token: string | null) => [...orderKeys.all, 'guest', orderId, token ? 'with-token' : 'summary'] as const,
};

/**
 * Download links in an answer expire after the API's DOWNLOAD_LINK_SECONDS (a day by default, 15 minutes at
 * the least): a page showing them refetches well before that, and every visit asks again (staleTime 0), so
 * a link on screen always works.
 */
export const DOWNLOAD_LINK_REFRESH_MS = 10 * 60_000;

/** The signed-in shopper's orders, newest first, 50 a page. */
export function myOrdersQueryOptions(page: number) {
  return queryOptions({
    queryKey: orderKeys.mine(page),
    queryFn: ({ signal }) => api.listMyOrders({ query: { limit: LIMITS.pageSize, offset: (page - 1) * LIMITS.pageSize } }, { signal }),
    staleTime: 0,
    refetchInterval: DOWNLOAD_LINK_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

/** A guest order by id; its goods come only with the access token kept at checkout (or from the receipt link). */
export function guestOrderQueryOptions(orderId: string, token: string | null) {
  return queryOptions({
    queryKey: orderKeys.guest(orderId, token),
    queryFn: ({ signal }) => api.getGuestOrder({ params: { orderId }, query: token ? { token } : {} }, { signal }),
    staleTime: 0,
    refetchInterval: DOWNLOAD_LINK_REFRESH_MS,
  });
}

/**
 * The order as its buyer may see it: with the stored guest token through the guest route, else the
 * signed-in account's own order, else (a guest order placed in another browser) the guest route's summary,
 * without the buyer's details or the goods; an account order that is not this user's is not found.
 */
export async function fetchBuyerOrder(orderId: string, user: User | null, signal?: AbortSignal): Promise<GuestOrderView> {
  const token = readOrderAccessToken(orderId);
  if (!token && user) {
    try {
      return await api.getMyOrder({ params: { id: orderId } }, { signal });
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  }
  return api.getGuestOrder({ params: { orderId }, query: token ? { token } : {} }, { signal });
}

export function buyerOrderQueryOptions(orderId: string, user: User | null) {
  return queryOptions({
    queryKey: orderKeys.one(orderId, user?.id ?? 'guest'),
    queryFn: ({ signal }) => fetchBuyerOrder(orderId, user, signal),
    staleTime: 0,
    refetchInterval: DOWNLOAD_LINK_REFRESH_MS,
  });
}
