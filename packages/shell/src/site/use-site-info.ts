import type { SiteInfo } from '@store/contracts';
import { resolveSiteInfo } from '@store/ui';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useShell } from '../binding.tsx';
import { siteInfoQueryOptions } from './queries.ts';

/** The site name, logo and colours to show: the server's, or silently the defaults when they cannot be fetched. */
export function useSiteInfo(): SiteInfo {
  const { api, apiBase } = useShell();
  const { data } = useQuery(siteInfoQueryOptions(api));
  return useMemo(() => resolveSiteInfo(data, apiBase), [data, apiBase]);
}
