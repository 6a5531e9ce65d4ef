import { LIMITS, type AuditLogQuery } from '@store/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const ADMIN_AUDIT_KEY = ['admin', 'audit'] as const;
export const AUDIT_PAGE_SIZE = LIMITS.adminListSize;

export function adminAuditQueryOptions(query: AuditLogQuery) {
  return queryOptions({
    queryKey: [...ADMIN_AUDIT_KEY, query],
    queryFn: ({ signal }) => api.adminListAudit({ query }, { signal }),
    // A new page or filter keeps the rows on screen (marked busy) until the next ones arrive.
    placeholderData: keepPreviousData,
  });
}
