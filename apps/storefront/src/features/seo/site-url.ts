/*
 * Absolute addresses for a page's head. They are written as the sitemap writes them
 * (apps/api/src/catalog/sitemap.ts, docs/decisions/042-crawl-files.md), so a crawler finds the same
 * address in both: the shop's base without a trailing slash, then the page's path.
 */

/** Only a dummy base to resolve a path against: never part of an answer. */
const PATH_BASE = 'http://path.invalid';

/** The shop's origin (with the path the shop lives under, if any) as a URL writes it, without a trailing slash. */
export function siteBase(origin: string): string {
  return new URL(origin).href.replace(/\/+$/, '');
}

/**
 * A page's path as its one address: query and fragment dropped, one slash between segments, `.` and
 * `..` resolved, percent-encoded as a URL writes it, and no trailing slash except on "/" itself.
 */
export function canonicalPath(path: string): string {
  const [pathname = ''] = path.split(/[?#]/, 1);
  // Collapsing the slashes first keeps `//host/...` a path: resolved as it is, it would name another host.
  const resolved = new URL(`/${pathname}`.replace(/[/\\]+/g, '/'), PATH_BASE).pathname;
  return resolved === '/' ? resolved : resolved.replace(/\/+$/, '');
}

/** Query parameters a page's address keeps on purpose (a category's list); empty values are left out. */
export type CanonicalQuery = Readonly<Record<string, string | undefined>>;

/** `?key=value&...` as the sitemap writes a category's list (`encodeURIComponent`), or '' for none. */
function queryString(query: CanonicalQuery): string {
  const pairs = Object.entries(query).flatMap(([key, value]) => (value ? [`${encodeURIComponent(key)}=${encodeURIComponent(value)}`] : []));
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

/** A page's canonical address: the shop's base, the normalised path, and only the query passed here. */
export function canonicalUrl(origin: string, path: string, query: CanonicalQuery = {}): string {
  return `${siteBase(origin)}${canonicalPath(path)}${queryString(query)}`;
}

/**
 * An address as a crawler must read it, absolute, resolved against `base` as a browser resolves an
 * `<img src>` on the page; null for anything but http(s) (a `data:` or `javascript:` address) or nonsense.
 */
export function absoluteHttpUrl(address: string, base: string): string | null {
  let url: URL;
  try {
    url = new URL(address, base);
  } catch {
    return null;
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
}
