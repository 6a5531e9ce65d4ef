import { CATEGORIES, labelOf, toCents, type BillingInterval, type Product, type Review } from '@store/contracts';
import { plainLine, plainParagraphs } from './plain-text.ts';
import { absoluteHttpUrl, siteBase } from './site-url.ts';

/*
 * schema.org data for search engines (https://schema.org, Google's structured data guidelines), one
 * builder per kind. Every value comes from the catalogue or the shop's settings as it is: no rating,
 * review or stock figure is made up, and a kind of data the shop lacks is left out, not filled in.
 * Route `head()`s put these in `{ 'script:ld+json': ... }`, which TanStack's HeadContent serialises and
 * escapes (`<`, `>`, `&`, U+2028, U+2029 as \uXXXX), so no catalogue text can close the script tag.
 */

const CONTEXT = 'https://schema.org';
const CURRENCY = 'USD';
/** Bounds on catalogue text in the data: a crawler reads no more, and a page carries no megabyte. */
export const JSON_LD_TEXT_MAX = 5000;
const NAME_MAX = 200;
const AUTHOR_MAX = 100;
/** Google reads a handful of reviews; more only weigh the page down. */
export const JSON_LD_REVIEWS_MAX = 10;
const IMAGES_MAX = 10;

export type OrganizationRefJsonLd = { '@type': 'Organization'; name: string };

export type OfferJsonLd = {
  '@type': 'Offer';
  price: string;
  priceCurrency: typeof CURRENCY;
  availability: 'https://schema.org/InStock' | 'https://schema.org/OutOfStock';
  itemCondition: 'https://schema.org/NewCondition';
  url: string;
  seller: OrganizationRefJsonLd;
  priceSpecification?: {
    '@type': 'UnitPriceSpecification';
    price: string;
    priceCurrency: typeof CURRENCY;
    referenceQuantity: { '@type': 'QuantitativeValue'; value: 1; unitCode: 'MON' | 'ANN' };
  };
};

export type RatingJsonLd = { '@type': 'Rating'; ratingValue: number; bestRating: 5; worstRating: 1 };

export type AggregateRatingJsonLd = { '@type': 'AggregateRating'; ratingValue: number; reviewCount: number; bestRating: 5; worstRating: 1 };

export type ReviewJsonLd = {
  '@type': 'Review';
  author: { '@type': 'Person'; name: string };
  datePublished?: string;
  reviewBody?: string;
  reviewRating: RatingJsonLd;
};

export type ProductJsonLd = {
  '@context': typeof CONTEXT;
  '@type': 'Product';
  name: string;
  description?: string;
  sku: string;
  image: string[];
  category: string;
  url: string;
  brand: OrganizationRefJsonLd;
  offers: OfferJsonLd;
  aggregateRating?: AggregateRatingJsonLd;
  review?: ReviewJsonLd[];
};

export type BreadcrumbListJsonLd = {
  '@context': typeof CONTEXT;
  '@type': 'BreadcrumbList';
  itemListElement: { '@type': 'ListItem'; position: number; name: string; item: string }[];
};

export type OrganizationJsonLd = { '@context': typeof CONTEXT; '@type': 'Organization'; name: string; url: string; logo?: string };

export type WebSiteJsonLd = {
  '@context': typeof CONTEXT;
  '@type': 'WebSite';
  name: string;
  url: string;
  potentialAction: { '@type': 'SearchAction'; target: string; 'query-input': 'required name=search_term_string' };
};

/** Any of the data these builders make: what a `{ 'script:ld+json': ... }` head entry holds. */
export type JsonLd = ProductJsonLd | BreadcrumbListJsonLd | OrganizationJsonLd | WebSiteJsonLd;

/** UN/CEFACT codes of a subscription's billing period, as `referenceQuantity` takes them. */
const PERIOD_CODE: Record<BillingInterval, 'MON' | 'ANN'> = { month: 'MON', year: 'ANN' };

/**
 * A price as schema.org and Open Graph take it: dollars with exactly two decimals ("59.99", "0.10"),
 * worked out in integer cents so no float ever prints as 0.30000000000000004.
 */
export function offerPrice(dollars: number): string {
  const cents = toCents(dollars);
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** The shop as a brand or seller: the name it trades under. */
function shopRef(siteName: string): OrganizationRefJsonLd {
  return { '@type': 'Organization', name: plainLine(siteName, NAME_MAX) };
}

/** What a product is, in the catalogue's words: its short description, or the detailed one when that is empty. */
export function productSummary(product: Pick<Product, 'description' | 'detailed_description'>, max: number): string {
  return plainParagraphs(product.description, max) || plainParagraphs(product.detailed_description, max);
}

/** The offer: its price, in stock while a unit is unsold, and for a subscription the period that price pays for. */
function productOffer(product: Product, url: string, siteName: string): OfferJsonLd {
  const price = offerPrice(product.price);
  const period = product.product_type === 'subscription' && product.billing_interval ? PERIOD_CODE[product.billing_interval] : null;
  return {
    '@type': 'Offer',
    price,
    priceCurrency: CURRENCY,
    availability: product.stock_quantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    itemCondition: 'https://schema.org/NewCondition',
    url,
    seller: shopRef(siteName),
    ...(period && {
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price,
        priceCurrency: CURRENCY,
        referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: period },
      },
    }),
  };
}

/** The rating the catalogue counts (docs/decisions/027-reviews.md), or null while no review counts. */
function aggregateRating(product: Product): AggregateRatingJsonLd | null {
  if (product.rating === null || product.reviews_count <= 0) return null;
  return { '@type': 'AggregateRating', ratingValue: product.rating, reviewCount: product.reviews_count, bestRating: 5, worstRating: 1 };
}

/** The day a review was written (`2026-03-01`, UTC), or undefined when its timestamp is no date. */
function reviewDate(timestamp: string): string | undefined {
  const time = Date.parse(timestamp);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString().slice(0, 10);
}

/** One real review as schema.org's Review: its author's username, day, text and stars. */
function reviewJsonLd(review: Review): ReviewJsonLd {
  const body = plainParagraphs(review.body, JSON_LD_TEXT_MAX);
  const datePublished = reviewDate(review.created_at);
  return {
    '@type': 'Review',
    author: { '@type': 'Person', name: plainLine(review.author, AUTHOR_MAX) },
    ...(datePublished && { datePublished }),
    ...(body && { reviewBody: body }),
    reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
  };
}

/** The product's pictures, absolute and http(s) only, each once. */
function productImages(imageUrls: readonly string[], pageUrl: string): string[] {
  const absolute = imageUrls.map((address) => absoluteHttpUrl(address, pageUrl)).filter((address) => address !== null);
  return [...new Set(absolute)].slice(0, IMAGES_MAX);
}

export type ProductJsonLdOptions = {
  /** The product page's absolute address (its canonical URL). */
  url: string;
  /** Its pictures, as the catalogue has them (`/uploads/...` or absolute); resolved against `url`. */
  imageUrls: readonly string[];
  /** Reviews shown on the page: only these are described, at most JSON_LD_REVIEWS_MAX of them. */
  reviews: readonly Review[];
  siteName: string;
};

/**
 * A product page's Product: name, description, id as SKU, pictures, category, the shop as brand and
 * seller, the offer, and the rating and reviews only where real ones exist.
 */
export function productJsonLd(product: Product, { url, imageUrls, reviews, siteName }: ProductJsonLdOptions): ProductJsonLd {
  const pageUrl = new URL(url).href;
  const description = productSummary(product, JSON_LD_TEXT_MAX);
  const rating = aggregateRating(product);
  const shown = reviews.slice(0, JSON_LD_REVIEWS_MAX).map(reviewJsonLd);
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    name: plainLine(product.title, NAME_MAX),
    ...(description && { description }),
    sku: product.id,
    image: productImages(imageUrls, pageUrl),
    category: labelOf(CATEGORIES, product.category),
    url: pageUrl,
    brand: shopRef(siteName),
    offers: productOffer(product, pageUrl, siteName),
    ...(rating && { aggregateRating: rating }),
    ...(shown.length > 0 && { review: shown }),
  };
}

/** A page's place in the shop, first to last: positions count from 1. */
export function breadcrumbJsonLd(items: readonly { name: string; url: string }[]): BreadcrumbListJsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: plainLine(item.name, NAME_MAX),
      item: new URL(item.url).href,
    })),
  };
}

/** The shop as an organisation: its name, home page and logo (when the settings have one). */
export function organizationJsonLd({
  origin,
  siteName,
  logoUrl,
}: {
  origin: string;
  siteName: string;
  logoUrl: string | null;
}): OrganizationJsonLd {
  const home = `${siteBase(origin)}/`;
  const logo = logoUrl ? absoluteHttpUrl(logoUrl, home) : null;
  return { '@context': CONTEXT, '@type': 'Organization', name: plainLine(siteName, NAME_MAX), url: home, ...(logo && { logo }) };
}

/** The shop as a web site, with its product search (`/products?search=`) for a search engine's box. */
export function webSiteJsonLd({ origin, siteName }: { origin: string; siteName: string }): WebSiteJsonLd {
  const base = siteBase(origin);
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    name: plainLine(siteName, NAME_MAX),
    url: `${base}/`,
    potentialAction: {
      '@type': 'SearchAction',
      target: `${base}/products?search={search_term_string}`,
      'query-input': 'required name=search_term_string',
    },
  };
}
