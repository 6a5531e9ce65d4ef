import { siteInfoQueryOptions as shellSiteInfoQueryOptions } from '@store/shell';
import { api } from '../../lib/api.ts';

/** The site information's query (`@store/shell`), with the admin's client: settings-form sets it after a save. */
export const siteInfoQueryOptions = () => shellSiteInfoQueryOptions(api);
