import { BRAND_NAME, type SiteInfo } from '@store/contracts';
import { darkTokens } from '../theme/tokens.ts';

/** What the apps show when the site information cannot be fetched: the brand name and the default theme. */
export const DEFAULT_SITE_INFO: SiteInfo = {
  site_name: BRAND_NAME,
  logo_url: null,
  primary_color: darkTokens.color.primary,
  secondary_color: darkTokens.color.secondary,
  font_family: 'Inter',
  theme: 'dark',
  // Unknown while the API is unreachable: no notice rather than a wrong one.
  payments_sandbox: false,
  // Unknown likewise: the pages keep their usual words; a link request's own answer still says whether it was mailed.
  mail_available: true,
};

const HTTP_URL = /^https?:\/\//i;
const DATA_IMAGE = /^data:image\//i;
const ANY_SCHEME = /^[a-z][a-z0-9+.-]*:|^\/\//i;

/**
 * The absolute address of a file the API serves: `/uploads/logo.png` becomes `{apiBase}/uploads/logo.png`,
 * where `apiBase` is the API's address (`VITE_API_URL`) or the page's origin. Absolute http(s) and
 * `data:image/` addresses are kept; any other scheme gives null.
 */
export function resolveAssetUrl(url: string | null | undefined, apiBase: string): string | null {
  const text = url?.trim();
  if (!text) return null;
  if (HTTP_URL.test(text) || DATA_IMAGE.test(text)) return text;
  if (ANY_SCHEME.test(text)) return null;
  return `${apiBase.replace(/\/+$/, '')}/${text.replace(/^\/+/, '')}`;
}

/** The site information as the apps show it: the defaults when it is missing, the logo made absolute. */
export function resolveSiteInfo(info: SiteInfo | null | undefined, apiBase: string): SiteInfo {
  if (!info) return DEFAULT_SITE_INFO;
  return {
    ...info,
    site_name: info.site_name.trim() || BRAND_NAME,
    logo_url: resolveAssetUrl(info.logo_url, apiBase),
  };
}
