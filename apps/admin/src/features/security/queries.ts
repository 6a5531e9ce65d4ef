import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const securityKeys = {
  twoFactor: ['admin', 'two-factor'] as const,
};

/** The signed-in staff member's two-factor sign-in, and whether the store requires it (the guard asks too). */
export function twoFactorStatusQueryOptions() {
  return queryOptions({
    queryKey: securityKeys.twoFactor,
    queryFn: ({ signal }) => api.twoFactorStatus(undefined, { signal }),
    staleTime: 60_000,
  });
}
