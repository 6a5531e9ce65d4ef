import type { SiteInfo } from '@store/contracts';
import { resolveSiteInfo } from '@store/ui';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { env } from '../../env.ts';
import { siteInfoQueryOptions } from './queries.ts';

/** The site name, logo and colours to show: the server's, or silently the defaults when they cannot be fetched. */
export function useSiteInfo(): SiteInfo {
  const { data } = useQuery(siteInfoQueryOptions());
  return useMemo(() => resolveSiteInfo(data, env.apiBase), [data]);
}
