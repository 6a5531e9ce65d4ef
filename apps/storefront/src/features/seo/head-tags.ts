import type { Product, Review } from '@store/contracts';
import { productPath } from '../cart/product-path.ts';
import { offerPrice, productJsonLd, productSummary, type JsonLd } from './json-ld.ts';
import { plainLine } from './plain-text.ts';
import { absoluteHttpUrl, canonicalUrl, siteBase, type CanonicalQuery } from './site-url.ts';

/*
 * A page's <head> as TanStack Router's route `head()` returns it: `{ meta, links }`. HeadContent keeps
 * one meta per `name` or `property` (the deepest route's wins) and one title, but every route's links:
 * so only a page's own route may add its canonical link, never a layout above it.
 */

/**
 * JSON-LD data as a head entry. TanStack's React head() types `meta` as React's <meta> attributes, and
 * TypeScript refuses a named type sharing none of their properties: the never-set `content` is one shared.
 */
export type JsonLdMeta = { 'script:ld+json': JsonLd; content?: undefined };

/** A meta entry of TanStack's head format: the title, a named or property meta tag, or JSON-LD data. */
export type HeadMeta = { title: string } | { name: string; content: string } | { property: string; content: string } | JsonLdMeta;

export type HeadLink = { rel: 'canonical'; href: string };

export type HeadTags = { meta: HeadMeta[]; links: HeadLink[] };

/** Search engines show about this much of a description. */
export const META_DESCRIPTION_MAX = 160;
const TITLE_MAX = 200;
const SITE_NAME_MAX = 100;
/** Pages of one shopper (cart, account): kept out of the index, but the products they link to are followed. */
const NOINDEX = 'noindex, follow';

export type PageImage = {
  /** `/uploads/...` or absolute; resolved against the shop's base. */
  url: string;
  /** What the picture shows, for a reader who cannot see it. */
  alt: string;
};

export type PageHeadOptions = {
  /** The page's own title; undefined on the home page, which is titled by the shop's name alone. */
  title?: string | undefined;
  description: string;
  /** The page's path (`/products/...`); any query in it is dropped, see `query`. */
  path: string;
  /** The query the canonical address keeps (a category's list), when the page is that query's. */
  query?: CanonicalQuery;
  /** The shop's public origin (PUBLIC_URL), with the path it lives under if any. */
  origin: string;
  siteName: string;
  image?: PageImage | null;
  /** A page of one shopper's data or a step of buying: not indexed, and with no canonical address. */
  noindex?: boolean;
  /** Open Graph's kind of page. */
  type?: 'website' | 'product' | 'article';
};

/** `Title — Shop`, or the shop's name alone when the page has no title of its own. */
export function pageTitle(title: string | undefined, siteName: string): string {
  const site = plainLine(siteName, SITE_NAME_MAX);
  const own = title === undefined ? '' : plainLine(title, TITLE_MAX);
  return own ? `${own} — ${site}` : site;
}

/** `property` meta entries for the pairs whose content is not empty. */
function properties(pairs: Record<string, string | null>): HeadMeta[] {
  return Object.entries(pairs).flatMap(([property, content]) => (content ? [{ property, content }] : []));
}

/** `name` meta entries for the pairs whose content is not empty. */
function names(pairs: Record<string, string | null>): HeadMeta[] {
  return Object.entries(pairs).flatMap(([name, content]) => (content ? [{ name, content }] : []));
}

/**
 * A page's head: its title, description, canonical address, Open Graph and Twitter card, and for a
 * page of one shopper's data `robots: noindex` without a canonical address (none is wanted in the index).
 */
export function pageHead({
  title,
  description,
  path,
  query,
  origin,
  siteName,
  image,
  noindex = false,
  type = 'website',
}: PageHeadOptions): HeadTags {
  const site = plainLine(siteName, SITE_NAME_MAX);
  const shownTitle = (title === undefined ? '' : plainLine(title, TITLE_MAX)) || site;
  const summary = plainLine(description, META_DESCRIPTION_MAX);
  const url = noindex ? null : canonicalUrl(origin, path, query);
  const imageUrl = image ? absoluteHttpUrl(image.url, `${siteBase(origin)}/`) : null;
  const imageAlt = imageUrl && image ? plainLine(image.alt, TITLE_MAX) || shownTitle : null;
  return {
    meta: [
      { title: pageTitle(title, siteName) },
      ...names({ description: summary, robots: noindex ? NOINDEX : null }),
      ...properties({
        'og:site_name': site,
        'og:title': shownTitle,
        'og:description': summary,
        // Open Graph's own canonical address: a page kept out of the index has none.
        'og:url': url,
        'og:type': type,
        'og:image': imageUrl,
        'og:image:alt': imageAlt,
      }),
      ...names({
        'twitter:card': imageUrl ? 'summary_large_image' : 'summary',
        'twitter:title': shownTitle,
        'twitter:description': summary,
        'twitter:image': imageUrl,
        'twitter:image:alt': imageAlt,
      }),
    ],
    links: url ? [{ rel: 'canonical', href: url }] : [],
  };
}

export type ProductHeadOptions = {
  product: Product;
  /** The reviews the page shows (the first page of them); described in the JSON-LD as they are. */
  reviews: readonly Review[];
  origin: string;
  siteName: string;
  /** The link-preview picture (the 1200 px variant of the first image, OPEN_GRAPH_IMAGE_VARIANT), or null for none. */
  imageUrl: string | null;
};

/** A product page's head: the page's tags as a product, its price for Open Graph, and its Product JSON-LD. */
export function productHead({ product, reviews, origin, siteName, imageUrl }: ProductHeadOptions): HeadTags {
  const path = productPath(product.id);
  const page = pageHead({
    title: product.title,
    description: productSummary(product, META_DESCRIPTION_MAX),
    path,
    origin,
    siteName,
    image: imageUrl ? { url: imageUrl, alt: product.title } : null,
    type: 'product',
  });
  const url = canonicalUrl(origin, path);
  const imageUrls = product.images.length > 0 ? product.images : imageUrl ? [imageUrl] : [];
  return {
    meta: [
      ...page.meta,
      ...properties({ 'product:price:amount': offerPrice(product.price), 'product:price:currency': 'USD' }),
      { 'script:ld+json': productJsonLd(product, { url, imageUrls, reviews, siteName }) },
    ],
    links: page.links,
  };
}
