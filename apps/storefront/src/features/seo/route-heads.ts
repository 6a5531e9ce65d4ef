import { siteInfoQueryOptions, type ShellRouterContext } from '@store/shell';
import { BRAND_NAME } from '@store/contracts';
import { api } from '../../lib/api.ts';

/** What every route's head function is given that these need: the router's context of the match, and all matches. */
interface HeadContext {
  match: { context: ShellRouterContext };
  matches: readonly { status: string; _notFound?: boolean }[];
}

/** The site's name as the root loader left it in the query cache, or the brand's. */
export function siteName(context: ShellRouterContext): string {
  return context.queryClient.getQueryData(siteInfoQueryOptions(api).queryKey)?.site_name.trim() || BRAND_NAME;
}

/** True when the address is no page, or names no product: the page says so, with a 404. */
const isNotFound = (matches: HeadContext['matches']) => matches.some((match) => match.status === 'notFound' || match._notFound === true);

/** The head every page starts from: the site's name as the title, the shop's description; "Page not found" on a 404. */
export function rootHead({ match, matches }: HeadContext) {
  const site = siteName(match.context);
  if (isNotFound(matches)) return { meta: [{ title: pageTitle('Page not found', site) }, { name: 'robots', content: 'noindex' }] };
  return {
    meta: [{ title: site }, { name: 'description', content: 'Software licences, AI tools, plugins, templates and courses, delivered instantly.' }],
  };
}

/**
 * The head of a page of one shopper's own (cart, checkout, account, orders, payments, sign-in): its title, and
 * `noindex` so no search engine lists it (robots.txt keeps well-behaved crawlers out; this covers links from
 * elsewhere). Such pages render in the browser alone (`ssr: false`): the server sends their frame.
 */
export function privatePageHead(title: string) {
  return ({ match }: HeadContext) => ({
    meta: [{ title: pageTitle(title, siteName(match.context)) }, { name: 'robots', content: 'noindex' }],
  });
}

/** "Aurora AI Writer — KeyVault", or the site's name alone. */
export function pageTitle(title: string | undefined, site: string): string {
  return title ? `${title} — ${site}` : site;
}
