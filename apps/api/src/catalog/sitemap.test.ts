import { describe, expect, it } from 'vitest';
import { robotsTxt } from './crawl-files.ts';
import { escapeXml, parsePieceName, productsPerPiece, siteBase, SITEMAP_MAX_BYTES, SITEMAP_MAX_URLS, w3cDatetime } from './sitemap.ts';

describe('escapeXml', () => {
  it('writes the five characters XML gives meaning to as entities, and nothing else', () => {
    expect(escapeXml(`Tom & Jerry's <"Deluxe"> ]]> café`)).toBe('Tom &amp; Jerry&apos;s &lt;&quot;Deluxe&quot;&gt; ]]&gt; café');
    expect(escapeXml('&amp;')).toBe('&amp;amp;');
  });
});

describe('siteBase', () => {
  it('writes the shop address as a URL does, without its trailing slash', () => {
    expect(siteBase('https://shop.example.com')).toBe('https://shop.example.com');
    expect(siteBase('https://shop.example.com/store/')).toBe('https://shop.example.com/store');
    expect(siteBase('https://bücher.example/a b')).toBe('https://xn--bcher-kva.example/a%20b');
  });
});

describe('w3cDatetime', () => {
  it('is UTC to the second, always 20 characters', () => {
    expect(w3cDatetime(new Date('2026-11-26T17:32:42.987+02:00'))).toBe('2026-11-26T15:32:42Z');
  });
});

describe('productsPerPiece', () => {
  it('is the protocol’s 50,000 for a usual address', () => {
    expect(productsPerPiece('https://shop.example.com')).toBe(SITEMAP_MAX_URLS);
  });

  it('is fewer when 50,000 entries of a very long address would pass 50 MB', () => {
    const base = `https://shop.example.com/${'a&'.repeat(500)}`;
    const perPiece = productsPerPiece(base);
    expect(perPiece).toBeLessThan(SITEMAP_MAX_URLS);
    // One entry: <url><loc>…</loc><lastmod>…</lastmod></url> with the address escaped.
    const entry = `<url><loc>${escapeXml(`${base}/products/00000000-0000-0000-0000-000000000000`)}</loc><lastmod>2026-01-01T00:00:00Z</lastmod></url>\n`;
    expect(perPiece * entry.length).toBeLessThanOrEqual(SITEMAP_MAX_BYTES);
    expect((perPiece + 1) * entry.length).toBeGreaterThan(SITEMAP_MAX_BYTES - 200);
  });
});

describe('parsePieceName', () => {
  it('reads the pieces the index names and nothing else', () => {
    expect(parsePieceName('products-2.xml')).toEqual({ kind: 'products', number: 2 });
    expect(parsePieceName('pages-1.xml')).toEqual({ kind: 'pages', number: 1 });
    for (const name of ['products-0.xml', 'products-01.xml', 'products-1.xml.gz', 'products-1', 'other-1.xml', 'products-1234567890.xml', 'products-1\0.xml', '']) {
      expect(parsePieceName(name), JSON.stringify(name)).toBeNull();
    }
  });
});

describe('robotsTxt', () => {
  it('is one group for every crawler, then the sitemap', () => {
    const text = robotsTxt('https://shop.example.com');
    expect(text.startsWith('User-agent: *\nAllow: /api/products\nAllow: /api/site-info\nDisallow: /admin\nDisallow: /api\n')).toBe(true);
    expect(text.endsWith('\n\nSitemap: https://shop.example.com/sitemap.xml\n')).toBe(true);
  });
});
