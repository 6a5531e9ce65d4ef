import { LIMITS, type UserListQuery } from '@store/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { ADMIN_ORDERS_KEY } from '../orders/queries.ts';

export const ADMIN_USERS_KEY = ['admin', 'users'] as const;
export const USERS_PAGE_SIZE = LIMITS.adminListSize;

export function adminUsersQueryOptions(query: UserListQuery) {
  return queryOptions({
    queryKey: [...ADMIN_USERS_KEY, 'list', query],
    queryFn: ({ signal }) => api.adminListUsers({ query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The users screen's three counters, over the whole store whatever the filters. */
export function userCountsQueryOptions() {
  return queryOptions({
    queryKey: [...ADMIN_USERS_KEY, 'counts'],
    queryFn: ({ signal }) => api.adminUserCounts(undefined, { signal }),
  });
}

/** One account's orders, spending and units bought. Keyed under the admin orders, so a status change refreshes it. */
export function userStatsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...ADMIN_ORDERS_KEY, 'by-user', userId],
    queryFn: ({ signal }) => api.adminUserStats({ params: { id: userId } }, { signal }),
  });
}
