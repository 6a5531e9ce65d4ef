import { LIMITS, toCents, toDollars, type Order, type User, type UserListQuery } from '@store/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { ADMIN_ORDERS_KEY } from '../orders/queries.ts';

export const ADMIN_USERS_KEY = ['admin', 'users'] as const;
export const USERS_PAGE_SIZE = LIMITS.adminListSize;

/**
 * How many pages of 100 the screen reads to work out what the API does not count (active accounts,
 * one account's orders). Beyond that the figure is shown as unknown: see the API gaps in the README.
 */
export const MAX_SCAN_PAGES = 10;

export function adminUsersQueryOptions(query: UserListQuery) {
  return queryOptions({
    queryKey: [...ADMIN_USERS_KEY, 'list', query],
    queryFn: ({ signal }) => api.adminListUsers({ query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export interface UserCounts {
  total: number;
  admins: number;
  /** Null when there are more accounts than the screen reads to count them. */
  active: number | null;
}

/** Every page of a list of `total` rows, `USERS_PAGE_SIZE` at a time, read in parallel after the first. */
async function readPages<T>(first: { total: number }, readPage: (offset: number) => Promise<T[]>, firstRows: T[]): Promise<T[]> {
  const offsets: number[] = [];
  for (let offset = firstRows.length; offset < first.total; offset += USERS_PAGE_SIZE) offsets.push(offset);
  const rest = await Promise.all(offsets.map(readPage));
  return [...firstRows, ...rest.flat()];
}

/**
 * The users screen's three counters. GET /admin/users answers a `total` per filter, which gives all
 * accounts and administrators; it has no filter on `is_active`, so active accounts are counted from
 * the list itself, up to MAX_SCAN_PAGES pages.
 */
export function userCountsQueryOptions() {
  return queryOptions({
    queryKey: [...ADMIN_USERS_KEY, 'counts'],
    queryFn: async ({ signal }): Promise<UserCounts> => {
      const [all, admins] = await Promise.all([
        api.adminListUsers({ query: { limit: USERS_PAGE_SIZE } }, { signal }),
        api.adminListUsers({ query: { role: 'admin', limit: 1 } }, { signal }),
      ]);
      if (all.total > USERS_PAGE_SIZE * MAX_SCAN_PAGES) return { total: all.total, admins: admins.total, active: null };
      const users = await readPages(
        all,
        async (offset) => (await api.adminListUsers({ query: { limit: USERS_PAGE_SIZE, offset } }, { signal })).users,
        all.users,
      );
      return { total: all.total, admins: admins.total, active: users.filter((user) => user.is_active).length };
    },
  });
}

export interface UserOrderStats {
  orders: number;
  /** Dollars of the account's paid and completed orders: what the dashboard counts as revenue. */
  spent: number;
  /** True when the account has more orders than the screen reads: the figures are a lower bound. */
  partial: boolean;
}

const SPENT_STATUSES: ReadonlySet<Order['status']> = new Set(['paid', 'completed']);

/**
 * One account's orders and spending. The API has no per-user figures and no user filter on the admin
 * orders list; an account's orders carry its email as their invoice email, so the orders found by that
 * email are narrowed to the ones with this account's id (a guest order with the same email is not theirs).
 * Keyed under the admin orders, so a status change refreshes it.
 */
export function userOrderStatsQueryOptions(user: Pick<User, 'id' | 'email'>) {
  return queryOptions({
    queryKey: [...ADMIN_ORDERS_KEY, 'by-user', user.id],
    queryFn: async ({ signal }): Promise<UserOrderStats> => {
      const read = (offset: number) => api.adminListOrders({ query: { search: user.email, limit: USERS_PAGE_SIZE, offset } }, { signal });
      const first = await read(0);
      const capped = first.total > USERS_PAGE_SIZE * MAX_SCAN_PAGES;
      const orders = await readPages(
        { total: Math.min(first.total, USERS_PAGE_SIZE * MAX_SCAN_PAGES) },
        async (offset) => (await read(offset)).orders,
        first.orders,
      );
      const mine = orders.filter((order) => order.user_id === user.id);
      const spentCents = mine.filter((order) => SPENT_STATUSES.has(order.status)).reduce((sum, order) => sum + toCents(order.total_amount), 0);
      return { orders: mine.length, spent: toDollars(spentCents), partial: capped };
    },
  });
}
