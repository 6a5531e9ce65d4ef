import { aProduct, aReview } from '@store/api-fake';
import type { Product, Review } from '@store/contracts';
import { describe, expect, it } from 'vitest';
import {
  JSON_LD_REVIEWS_MAX,
  JSON_LD_TEXT_MAX,
  breadcrumbJsonLd,
  offerPrice,
  organizationJsonLd,
  productJsonLd,
  webSiteJsonLd,
} from './json-ld.ts';

const URL_OF_PAGE = 'https://shop.example/products/00000000-0000-4000-8000-000000000001';

/** The data of a product page as a route's head() would ask for it. */
function productData(product: Product, reviews: readonly Review[] = []) {
  return productJsonLd(product, { url: URL_OF_PAGE, imageUrls: product.images, reviews, siteName: 'KeyVault' });
}

describe('offerPrice', () => {
  it('writes dollars with exactly two decimals, from integer cents', () => {
    expect(offerPrice(0.01)).toBe('0.01');
    expect(offerPrice(0.1)).toBe('0.10');
    expect(offerPrice(1234.5)).toBe('1234.50');
    expect(offerPrice(59.99)).toBe('59.99');
    expect(offerPrice(0)).toBe('0.00');
    expect(offerPrice(0.1 + 0.2)).toBe('0.30');
    expect(offerPrice(1_000_000)).toBe('1000000.00');
  });
});

describe('productJsonLd', () => {
  it('describes the product, its offer and the shop as brand and seller', () => {
    const product = aProduct({
      title: 'Aurora AI Writer',
      description: 'Writes drafts.',
      price: 59.99,
      category: 'ai_tools',
      images: ['/uploads/aurora.jpg', 'https://cdn.example/aurora-2.png'],
      stock_quantity: 3,
    });

    expect(productData(product)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Aurora AI Writer',
      description: 'Writes drafts.',
      sku: product.id,
      image: ['https://shop.example/uploads/aurora.jpg', 'https://cdn.example/aurora-2.png'],
      category: 'AI Tools',
      url: URL_OF_PAGE,
      brand: { '@type': 'Organization', name: 'KeyVault' },
      offers: {
        '@type': 'Offer',
        price: '59.99',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
        url: URL_OF_PAGE,
        seller: { '@type': 'Organization', name: 'KeyVault' },
      },
    });
  });

  it('writes the price as a string exact to the cent', () => {
    expect(productData(aProduct({ price: 0.01 })).offers.price).toBe('0.01');
    expect(productData(aProduct({ price: 0.1 })).offers.price).toBe('0.10');
    expect(productData(aProduct({ price: 1234.5 })).offers.price).toBe('1234.50');
  });

  it('says out of stock once no unit is left, in stock while one is', () => {
    expect(productData(aProduct({ stock_quantity: 1 })).offers.availability).toBe('https://schema.org/InStock');
    expect(productData(aProduct({ stock_quantity: 0 })).offers.availability).toBe('https://schema.org/OutOfStock');
  });

  it('names the period a subscription price pays for', () => {
    const monthly = productData(aProduct({ price: 19.99, product_type: 'subscription', billing_interval: 'month' }));
    expect(monthly.offers.priceSpecification).toEqual({
      '@type': 'UnitPriceSpecification',
      price: '19.99',
      priceCurrency: 'USD',
      referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON' },
    });
    const yearly = productData(aProduct({ product_type: 'subscription', billing_interval: 'year' }));
    expect(yearly.offers.priceSpecification?.referenceQuantity.unitCode).toBe('ANN');
    expect(productData(aProduct({ product_type: 'single' })).offers).not.toHaveProperty('priceSpecification');
  });

  it('gives no rating while no review counts, whatever reviews are passed', () => {
    const reviews = [aReview()];
    expect(productData(aProduct({ rating: null, reviews_count: 0 }))).not.toHaveProperty('aggregateRating');
    expect(productData(aProduct({ rating: null, reviews_count: 3 }), reviews)).not.toHaveProperty('aggregateRating');
    expect(productData(aProduct({ rating: 4.5, reviews_count: 0 }), reviews)).not.toHaveProperty('aggregateRating');
  });

  it('gives the counted rating as the catalogue has it', () => {
    expect(productData(aProduct({ rating: 4.3, reviews_count: 12 })).aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.3,
      reviewCount: 12,
      bestRating: 5,
      worstRating: 1,
    });
  });

  it('describes only the reviews passed, as they are, at most ten', () => {
    const product = aProduct({ rating: 4, reviews_count: 2 });
    expect(productData(product)).not.toHaveProperty('review');

    const review = aReview({ author: 'alice', rating: 4, body: 'Fast and\r\nsolid.', created_at: '2026-11-20T23:30:00.000Z' });
    expect(productData(product, [review]).review).toEqual([
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'alice' },
        datePublished: '2026-11-20',
        reviewBody: 'Fast and\nsolid.',
        reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
      },
    ]);

    const many = Array.from({ length: 25 }, (_, index) => aReview({ author: `buyer${index}` }));
    const described = productData(product, many).review ?? [];
    expect(described).toHaveLength(JSON_LD_REVIEWS_MAX);
    expect(described.map((entry) => entry.author.name)).toEqual(many.slice(0, 10).map((entry) => entry.author));
  });

  it('leaves out a review body that is empty and a date that is no date', () => {
    const [entry] = productData(aProduct(), [aReview({ body: ' \u0000 ', created_at: 'not a date' })]).review ?? [];
    expect(entry).toBeDefined();
    expect(entry).not.toHaveProperty('reviewBody');
    expect(entry).not.toHaveProperty('datePublished');
  });

  it('gives only absolute http(s) pictures, each once', () => {
    const product = aProduct({
      images: ['/uploads/a.jpg', '/uploads/a.jpg', 'javascript:alert(1)', 'data:image/png;base64,AAAA', 'http://cdn.example/b.jpg'],
    });
    expect(productData(product).image).toEqual(['https://shop.example/uploads/a.jpg', 'http://cdn.example/b.jpg']);
  });

  it('uses the detailed description when the short one is empty, and leaves out an empty one', () => {
    expect(productData(aProduct({ description: '  ', detailed_description: 'All about it.' })).description).toBe('All about it.');
    expect(productData(aProduct({ description: '', detailed_description: '\u0000' }))).not.toHaveProperty('description');
  });

  it('keeps hostile catalogue text short and free of control characters', () => {
    const product = aProduct({
      title: `Evil\u0000 ${'title '.repeat(100_000)}`,
      description: `\u0000\u0001Start ${'x'.repeat(1_000_000)}`,
    });
    const data = productData(product, [aReview({ author: 'eve\u0000\u001B[31m', body: `${'long '.repeat(200_000)}\u0000` })]);

    expect(data.name.length).toBeLessThanOrEqual(200);
    expect(data.description?.length).toBeLessThanOrEqual(JSON_LD_TEXT_MAX);
    expect(data.review?.[0]?.reviewBody?.length).toBeLessThanOrEqual(JSON_LD_TEXT_MAX);
    expect(data.review?.[0]?.author.name).toBe('eve[31m');
    // eslint-disable-next-line no-control-regex
    expect(JSON.stringify(data)).not.toMatch(/\\u00[01][0-9a-f]|[\u0000-\u001F]/);
  });
});

describe('breadcrumbJsonLd', () => {
  it('numbers the places from 1, first to last', () => {
    expect(
      breadcrumbJsonLd([
        { name: 'Home', url: 'https://shop.example/' },
        { name: 'Software', url: 'https://shop.example/products?category=software' },
        { name: 'Aurora', url: URL_OF_PAGE },
      ]),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.example/' },
        { '@type': 'ListItem', position: 2, name: 'Software', item: 'https://shop.example/products?category=software' },
        { '@type': 'ListItem', position: 3, name: 'Aurora', item: URL_OF_PAGE },
      ],
    });
  });
});

describe('organizationJsonLd', () => {
  it('names the shop, its home page and its logo as an absolute address', () => {
    expect(organizationJsonLd({ origin: 'https://shop.example/', siteName: 'KeyVault', logoUrl: '/uploads/logo.png' })).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'KeyVault',
      url: 'https://shop.example/',
      logo: 'https://shop.example/uploads/logo.png',
    });
  });

  it('has no logo when the settings have none', () => {
    expect(organizationJsonLd({ origin: 'https://shop.example', siteName: 'KeyVault', logoUrl: null })).not.toHaveProperty('logo');
  });
});

describe('webSiteJsonLd', () => {
  it('offers the product search to a search engine', () => {
    expect(webSiteJsonLd({ origin: 'https://shop.example/store/', siteName: 'KeyVault' })).toEqual({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: 'KeyVault',
      url: 'https://shop.example/store/',
      potentialAction: {
        '@type': 'SearchAction',
        target: 'https://shop.example/store/products?search={search_term_string}',
        'query-input': 'required name=search_term_string',
      },
    });
  });
});
