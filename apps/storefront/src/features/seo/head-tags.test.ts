import { aProduct, aReview } from '@store/api-fake';
import { describe, expect, it } from 'vitest';
import { META_DESCRIPTION_MAX, pageHead, pageTitle, productHead, type HeadMeta, type HeadTags, type PageHeadOptions } from './head-tags.ts';

const ORIGIN = 'https://shop.example';

function aPageHead(overrides: Partial<PageHeadOptions> = {}): HeadTags {
  return pageHead({
    title: 'Products',
    description: 'Every product.',
    path: '/products',
    origin: ORIGIN,
    siteName: 'KeyVault',
    ...overrides,
  });
}

/** The content of the meta tag with this `name` or `property`, or undefined when the head has none. */
function content(head: HeadTags, key: string): string | undefined {
  const entry = head.meta.find((meta) => ('name' in meta && meta.name === key) || ('property' in meta && meta.property === key));
  return entry && 'content' in entry ? entry.content : undefined;
}

function titleOf(head: HeadTags): string | undefined {
  return head.meta.flatMap((meta) => ('title' in meta ? [meta.title] : [])).at(0);
}

function jsonLdOf(head: HeadTags): HeadMeta[] {
  return head.meta.filter((meta) => 'script:ld+json' in meta);
}

describe('pageTitle', () => {
  it('is "Title — Shop", or the shop alone without a title', () => {
    expect(pageTitle('Cart', 'KeyVault')).toBe('Cart — KeyVault');
    expect(pageTitle(undefined, 'KeyVault')).toBe('KeyVault');
    expect(pageTitle(' \u0000 ', 'KeyVault')).toBe('KeyVault');
  });
});

describe('pageHead', () => {
  it('gives a page its title, description, canonical address, Open Graph and Twitter card', () => {
    expect(aPageHead()).toEqual({
      meta: [
        { title: 'Products — KeyVault' },
        { name: 'description', content: 'Every product.' },
        { property: 'og:site_name', content: 'KeyVault' },
        { property: 'og:title', content: 'Products' },
        { property: 'og:description', content: 'Every product.' },
        { property: 'og:url', content: 'https://shop.example/products' },
        { property: 'og:type', content: 'website' },
        { name: 'twitter:card', content: 'summary' },
        { name: 'twitter:title', content: 'Products' },
        { name: 'twitter:description', content: 'Every product.' },
      ],
      links: [{ rel: 'canonical', href: 'https://shop.example/products' }],
    });
  });

  it('titles the home page by the shop alone', () => {
    const head = aPageHead({ title: undefined, path: '/' });
    expect(titleOf(head)).toBe('KeyVault');
    expect(content(head, 'og:title')).toBe('KeyVault');
    expect(head.links).toEqual([{ rel: 'canonical', href: 'https://shop.example/' }]);
  });

  it('normalises the canonical address and keeps only the query passed on purpose', () => {
    expect(aPageHead({ path: '/products/?utm_source=mail#top' }).links).toEqual([
      { rel: 'canonical', href: 'https://shop.example/products' },
    ]);
    const category = aPageHead({ path: '/products', query: { category: 'software' } });
    expect(category.links).toEqual([{ rel: 'canonical', href: 'https://shop.example/products?category=software' }]);
    expect(content(category, 'og:url')).toBe('https://shop.example/products?category=software');
  });

  it('keeps a page of one shopper out of the index, with no canonical address', () => {
    const head = aPageHead({ title: 'Cart', path: '/cart', noindex: true });
    expect(content(head, 'robots')).toBe('noindex, follow');
    expect(head.links).toEqual([]);
    expect(content(head, 'og:url')).toBeUndefined();
    expect(content(aPageHead(), 'robots')).toBeUndefined();
  });

  it('cuts the description to about 160 characters on a word, white space collapsed', () => {
    const head = aPageHead({ description: `  Line\n\n one.\t${' Many more words here.'.repeat(20)}` });
    const description = content(head, 'description') ?? '';
    expect(description.length).toBeLessThanOrEqual(META_DESCRIPTION_MAX);
    expect(description).toMatch(/^Line one\. Many more words here\./);
    expect(description).toMatch(/\w…$/);
    expect(content(head, 'og:description')).toBe(description);
    expect(content(head, 'twitter:description')).toBe(description);
  });

  it('leaves out descriptions that are empty', () => {
    const head = aPageHead({ description: '\u0000  ' });
    expect(content(head, 'description')).toBeUndefined();
    expect(content(head, 'og:description')).toBeUndefined();
    expect(content(head, 'twitter:description')).toBeUndefined();
  });

  it('gives a picture as an absolute address with its text, and a large Twitter card', () => {
    const head = aPageHead({ origin: 'https://shop.example/', image: { url: '/uploads/hero.jpg/1200.jpg', alt: 'The shop' } });
    expect(content(head, 'og:image')).toBe('https://shop.example/uploads/hero.jpg/1200.jpg');
    expect(content(head, 'og:image:alt')).toBe('The shop');
    expect(content(head, 'twitter:card')).toBe('summary_large_image');
    expect(content(head, 'twitter:image')).toBe('https://shop.example/uploads/hero.jpg/1200.jpg');
  });

  it('gives no picture for an address that is not http(s)', () => {
    const head = aPageHead({ image: { url: 'javascript:alert(1)', alt: 'x' } });
    expect(content(head, 'og:image')).toBeUndefined();
    expect(content(head, 'og:image:alt')).toBeUndefined();
    expect(content(head, 'twitter:card')).toBe('summary');
  });

  it('takes the Open Graph type it is given', () => {
    expect(content(aPageHead({ type: 'article' }), 'og:type')).toBe('article');
  });

  it('adds no JSON-LD of its own', () => {
    expect(jsonLdOf(aPageHead())).toEqual([]);
  });
});

describe('productHead', () => {
  const product = aProduct({
    title: 'Aurora AI Writer',
    description: 'Writes drafts.',
    price: 0.1,
    images: ['/uploads/aurora.jpg'],
    rating: 5,
    reviews_count: 1,
  });
  const reviews = [aReview({ author: 'alice' })];

  function aProductHead(imageUrl: string | null = '/uploads/aurora.jpg/1200.jpg'): HeadTags {
    return productHead({ product, reviews, origin: ORIGIN, siteName: 'KeyVault', imageUrl });
  }

  it('is the product page as a product, with its price for Open Graph', () => {
    const head = aProductHead();
    expect(titleOf(head)).toBe('Aurora AI Writer — KeyVault');
    expect(content(head, 'description')).toBe('Writes drafts.');
    expect(content(head, 'og:type')).toBe('product');
    expect(content(head, 'product:price:amount')).toBe('0.10');
    expect(content(head, 'product:price:currency')).toBe('USD');
    expect(content(head, 'og:image')).toBe('https://shop.example/uploads/aurora.jpg/1200.jpg');
    expect(content(head, 'og:image:alt')).toBe('Aurora AI Writer');
    expect(head.links).toEqual([{ rel: 'canonical', href: `https://shop.example/products/${product.id}` }]);
  });

  it('carries the Product JSON-LD at the canonical address, with the reviews passed', () => {
    const [entry] = jsonLdOf(aProductHead());
    expect(entry).toEqual({
      'script:ld+json': expect.objectContaining({
        '@type': 'Product',
        url: `https://shop.example/products/${product.id}`,
        image: ['https://shop.example/uploads/aurora.jpg'],
        aggregateRating: expect.objectContaining({ ratingValue: 5, reviewCount: 1 }),
        review: [expect.objectContaining({ author: { '@type': 'Person', name: 'alice' } })],
      }),
    });
  });

  it('has a small Twitter card and no picture when there is none', () => {
    const head = aProductHead(null);
    expect(content(head, 'og:image')).toBeUndefined();
    expect(content(head, 'twitter:card')).toBe('summary');
  });

  it('uses the detailed description when the short one is empty', () => {
    const head = productHead({
      product: aProduct({ description: '', detailed_description: 'All\nabout it.' }),
      reviews: [],
      origin: ORIGIN,
      siteName: 'KeyVault',
      imageUrl: null,
    });
    expect(content(head, 'description')).toBe('All about it.');
  });

  it('keeps hostile catalogue text out of the tags: no control characters, no megabyte', () => {
    const head = productHead({
      product: aProduct({ title: `Bad\u0000 name\u0007 ${'x '.repeat(500_000)}`, description: `\u0000${'y'.repeat(1_000_000)}` }),
      reviews: [],
      origin: ORIGIN,
      siteName: 'Key\u0000Vault',
      imageUrl: null,
    });
    for (const meta of head.meta) {
      if ('script:ld+json' in meta) continue;
      const text = 'title' in meta ? meta.title : meta.content;
      expect(text.length).toBeLessThanOrEqual(320);
      // eslint-disable-next-line no-control-regex
      expect(text).not.toMatch(/[\u0000-\u001F\u007F-\u009F]/);
    }
    expect(titleOf(head)).toMatch(/^Bad name x x .*… — KeyVault$/);
    expect(content(head, 'description')?.length).toBeLessThanOrEqual(META_DESCRIPTION_MAX);
  });
});
