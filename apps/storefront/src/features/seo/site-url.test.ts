import { describe, expect, it } from 'vitest';
import { absoluteHttpUrl, canonicalPath, canonicalUrl, siteBase } from './site-url.ts';

describe('siteBase', () => {
  it('writes the origin as a URL does, without a trailing slash', () => {
    expect(siteBase('https://Shop.Example/')).toBe('https://shop.example');
    expect(siteBase('https://shop.example/store//')).toBe('https://shop.example/store');
    expect(siteBase('https://bücher.example')).toBe('https://xn--bcher-kva.example');
  });
});

describe('canonicalPath', () => {
  it('drops a trailing slash except on the home page', () => {
    expect(canonicalPath('/products/')).toBe('/products');
    expect(canonicalPath('/products///')).toBe('/products');
    expect(canonicalPath('/')).toBe('/');
    expect(canonicalPath('')).toBe('/');
  });

  it('drops the query and the fragment', () => {
    expect(canonicalPath('/products?utm_source=mail&category=software#top')).toBe('/products');
    expect(canonicalPath('/privacy-policy#cookies')).toBe('/privacy-policy');
  });

  it('makes runs of slashes one, so a path never names another host', () => {
    expect(canonicalPath('//evil.example/products')).toBe('/evil.example/products');
    expect(canonicalPath('/\\evil.example')).toBe('/evil.example');
    expect(canonicalPath('products//x')).toBe('/products/x');
  });

  it('resolves dot segments and percent-encodes as a URL does, without encoding twice', () => {
    expect(canonicalPath('/products/../terms-of-service/')).toBe('/terms-of-service');
    expect(canonicalPath('/products/a b')).toBe('/products/a%20b');
    expect(canonicalPath('/products/a%20b')).toBe('/products/a%20b');
  });
});

describe('canonicalUrl', () => {
  it('joins the base and the normalised path', () => {
    expect(canonicalUrl('https://shop.example/', '/products/')).toBe('https://shop.example/products');
    expect(canonicalUrl('https://shop.example', '/')).toBe('https://shop.example/');
    expect(canonicalUrl('https://shop.example/store', '/products')).toBe('https://shop.example/store/products');
  });

  it('keeps only the query passed to it, encoded as the sitemap writes it', () => {
    expect(canonicalUrl('https://shop.example', '/products?utm_source=x', { category: 'ai_tools' })).toBe(
      'https://shop.example/products?category=ai_tools',
    );
    expect(canonicalUrl('https://shop.example', '/products', { search: 'a b&c' })).toBe('https://shop.example/products?search=a%20b%26c');
    expect(canonicalUrl('https://shop.example', '/products', { category: '', search: undefined })).toBe('https://shop.example/products');
  });
});

describe('absoluteHttpUrl', () => {
  it('resolves a path against the base and keeps an absolute http(s) address', () => {
    expect(absoluteHttpUrl('/uploads/a.jpg', 'https://shop.example/products/1')).toBe('https://shop.example/uploads/a.jpg');
    expect(absoluteHttpUrl('https://cdn.example/a.jpg', 'https://shop.example/')).toBe('https://cdn.example/a.jpg');
  });

  it('refuses any other scheme and nonsense', () => {
    expect(absoluteHttpUrl('javascript:alert(1)', 'https://shop.example/')).toBeNull();
    expect(absoluteHttpUrl('data:image/png;base64,AAAA', 'https://shop.example/')).toBeNull();
    expect(absoluteHttpUrl('http://[::1', 'https://shop.example/')).toBeNull();
  });
});
