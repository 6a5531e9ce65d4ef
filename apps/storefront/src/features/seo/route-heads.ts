import { BRAND_NAME, CATEGORIES, OPEN_GRAPH_IMAGE_VARIANT, imageVariantUrl, type Product, type Review } from '@store/contracts';
import { siteInfoQueryOptions, type ShellRouterContext } from '@store/shell';
import { SITE_FONT_STYLE_ATTRIBUTE, isSiteFont, siteFontFaceCss, siteFontFiles, type SiteFontFiles } from '@store/ui';
import { api } from '../../lib/api.ts';
import { productPath } from '../cart/product-path.ts';
import { MAIN_IMAGE_SIZES, variantSources } from '../catalog/product-image.tsx';
import type { ProductSearch } from '../catalog/product-search.ts';
import { productReviewsQueryOptions } from '../reviews/queries.ts';
import { pageHead, pageTitle, productHead, type HeadMeta, type HeadTags } from './head-tags.ts';
import { breadcrumbJsonLd, organizationJsonLd, webSiteJsonLd } from './json-ld.ts';
import { canonicalUrl } from './site-url.ts';

/*
 * Each route's `head()`: what the server writes into the page's <head> (title, description, canonical
 * address, Open Graph, Twitter card, JSON-LD), and the title the tab shows after a client navigation
 * (use-route-title.ts). docs/decisions/044-server-rendering.md.
 */

export { pageTitle };

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The title of a page of one shopper's own (`privatePage`): the server's head names it without rendering it. */
    privateTitle?: string;
  }
}

/** What a route's head function is given that these read: its match's context, and every match. */
interface HeadContext {
  match: { context: ShellRouterContext };
  matches: readonly { status: string; _notFound?: boolean; staticData?: { privateTitle?: string } }[];
}

const SHOP_DESCRIPTION = 'Software licences, AI tools, plugins, templates and courses, delivered instantly.';

/** The site's information as the root loader left it in the query cache. */
function siteInfo(context: ShellRouterContext) {
  return context.queryClient.getQueryData(siteInfoQueryOptions(api).queryKey);
}

/** The site's name as the root loader left it, or the brand's. */
export function siteName(context: ShellRouterContext): string {
  return siteInfo(context)?.site_name.trim() || BRAND_NAME;
}

/** True when the address is no page, or names no product: the page says so, with a 404. */
const isNotFound = (matches: HeadContext['matches']) => matches.some((match) => match.status === 'notFound' || match._notFound === true);

const withJsonLd = (tags: HeadTags, ...data: HeadMeta[]): HeadTags => ({ meta: [...tags.meta, ...data], links: tags.links });

/**
 * In the browser a route's head only titles the tab (use-route-title.ts): the rest is the server's page's.
 * Each head returns this first when `__SERVER_RENDER__` is false, so the bundler leaves the structured data's
 * builders out of the browser's first load.
 */
const titleOnly = (title: string): HeadTags => ({ meta: [{ title }], links: [] });

/** The site's font and its files, for the server page's head; null for a font that is not one of the six. */
export interface ServerFont {
  family: string;
  files: SiteFontFiles;
}

export async function serverFont(context: ShellRouterContext): Promise<ServerFont | null> {
  const family = siteInfo(context)?.font_family;
  const files = await siteFontFiles(family);
  return files && family ? { family, files } : null;
}

/** The site's font declared in the head, its text and heading weights preloaded (the first paint sets them). */
function fontTags(font: ServerFont | null | undefined) {
  if (!font || !isSiteFont(font.family)) return { links: [], styles: [] };
  return {
    links: [font.files[400], font.files[700]].map((href) => ({ rel: 'preload', as: 'font', type: 'font/woff2', href, crossOrigin: 'anonymous' as const })),
    styles: [{ [SITE_FONT_STYLE_ATTRIBUTE]: font.family, children: siteFontFaceCss(font.family, font.files) }],
  };
}

/** The head every page starts from: the site's name and the shop's description; "Page not found" on a 404. */
export function rootHead({ match, matches, loaderData }: HeadContext & { loaderData?: { font?: ServerFont | null } }) {
  const site = siteName(match.context);
  const font = fontTags(loaderData?.font);
  if (isNotFound(matches)) return { ...font, meta: [{ title: pageTitle('Page not found', site) }, { name: 'robots', content: 'noindex' }] };
  // A page of one shopper's own renders in the browser alone, so its own head does not run on the server.
  const privateTitle = matches.findLast((candidate) => candidate.staticData?.privateTitle)?.staticData?.privateTitle;
  if (privateTitle) return { ...font, meta: privateMeta(privateTitle, site) };
  return { ...font, meta: [{ title: site }, { name: 'description', content: SHOP_DESCRIPTION }] };
}

/** The home page: the shop itself, as an Organization and a WebSite whose search a search engine may offer. */
export function homeHead({ match }: HeadContext): HeadTags {
  const { origin } = match.context;
  const site = siteName(match.context);
  if (!__SERVER_RENDER__) return titleOnly(site);
  const logo = siteInfo(match.context)?.logo_url ?? null;
  return withJsonLd(
    pageHead({ title: undefined, description: SHOP_DESCRIPTION, path: '/', origin, siteName: site }),
    { 'script:ld+json': organizationJsonLd({ origin, siteName: site, logoUrl: logo }) },
    { 'script:ld+json': webSiteJsonLd({ origin, siteName: site }) },
  );
}

const categoryLabel = (value: string | undefined) => CATEGORIES.find((category) => category.value === value)?.label;

/**
 * The product list: a category's list is a page of its own (its canonical address keeps the category); the
 * sort is not (the same products); a search's results are not indexed (search engines ask shops not to).
 */
export function productsHead({ match, search }: HeadContext & { search: ProductSearch }): HeadTags {
  const { origin } = match.context;
  const site = siteName(match.context);
  const category = categoryLabel(search.category);
  const title = search.search ? `Search results for “${search.search}”` : (category ?? 'All Products');
  if (!__SERVER_RENDER__) return titleOnly(pageTitle(title, site));
  const crumbs = [
    { name: site, url: canonicalUrl(origin, '/') },
    { name: 'Products', url: canonicalUrl(origin, '/products') },
    ...(category && search.category ? [{ name: category, url: canonicalUrl(origin, '/products', { category: search.category }) }] : []),
  ];
  return withJsonLd(
    pageHead({
      title,
      description: category ? `${category} at ${site}: ${SHOP_DESCRIPTION}` : SHOP_DESCRIPTION,
      path: '/products',
      query: search.category ? { category: search.category } : {},
      origin,
      siteName: site,
      noindex: Boolean(search.search),
    }),
    { 'script:ld+json': breadcrumbJsonLd(crumbs) },
  );
}

/** A product's page: the product, its price and real reviews (JSON-LD), and where it sits in the shop. */
export function productPageHead({ match, loaderData }: HeadContext & { loaderData?: Product }) {
  const site = siteName(match.context);
  if (!loaderData) return { meta: [{ title: pageTitle('Product not found', site) }, { name: 'robots', content: 'noindex' }] };
  if (!__SERVER_RENDER__) return titleOnly(pageTitle(loaderData.title, site));
  const { origin, queryClient } = match.context;
  const reviews: readonly Review[] = queryClient.getQueryData(productReviewsQueryOptions(loaderData.id).queryKey)?.pages[0]?.reviews ?? [];
  const first = loaderData.images[0] ?? loaderData.image;
  const imageUrl = first ? (imageVariantUrl(first, OPEN_GRAPH_IMAGE_VARIANT) ?? first) : null;
  const category = categoryLabel(loaderData.category);
  const crumbs = [
    { name: site, url: canonicalUrl(origin, '/') },
    { name: 'Products', url: canonicalUrl(origin, '/products') },
    ...(category ? [{ name: category, url: canonicalUrl(origin, '/products', { category: loaderData.category }) }] : []),
    { name: loaderData.title, url: canonicalUrl(origin, productPath(loaderData.id)) },
  ];
  const tags = withJsonLd(productHead({ product: loaderData, reviews, origin, siteName: site, imageUrl }), {
    'script:ld+json': breadcrumbJsonLd(crumbs),
  });
  return { ...tags, links: [...tags.links, ...(first ? mainImagePreload(first) : [])] };
}

/**
 * The product page's largest paint is its main picture: fetched first, before the page's script and
 * stylesheet are done, in the AVIF size the gallery's `sizes` will pick (the <picture> of product-image.tsx).
 */
function mainImagePreload(src: string) {
  const srcSet = variantSources(src).find((source) => source.type === 'image/avif')?.srcSet;
  if (!srcSet) return [];
  return [{ rel: 'preload', as: 'image', type: 'image/avif', imageSrcSet: srcSet, imageSizes: MAIN_IMAGE_SIZES, fetchPriority: 'high' as const }];
}

/** A page of the shop's own words (the legal pages). */
export function documentHead(title: string, description: string, path: string) {
  return ({ match }: HeadContext): HeadTags =>
    __SERVER_RENDER__
      ? pageHead({ title, description, path, origin: match.context.origin, siteName: siteName(match.context) })
      : titleOnly(pageTitle(title, siteName(match.context)));
}

/**
 * A page of one shopper's own (cart, checkout, account, orders, payments, sign-in), as route options: it
 * renders in the browser alone (`ssr: false`: the server sends the frame), and its head is its title and
 * `noindex` so no search engine lists it (robots.txt keeps well-behaved crawlers out; this covers links from
 * elsewhere). The server's head takes the title from `staticData` (rootHead).
 */
export function privatePage(title: string) {
  return {
    ssr: false as const,
    staticData: { privateTitle: title },
    head: ({ match }: HeadContext) => ({ meta: privateMeta(title, siteName(match.context)) }),
  };
}

const privateMeta = (title: string, site: string) => [{ title: pageTitle(title, site) }, { name: 'robots', content: 'noindex, follow' }];
