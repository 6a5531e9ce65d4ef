import { aProduct, aReview } from '@store/api-fake';
import { HeadContent, RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { productHead, type HeadTags } from './head-tags.ts';
import { organizationJsonLd, webSiteJsonLd } from './json-ld.ts';

/*
 * The builders' output through TanStack's own HeadContent, as the server will render it: the route
 * `head()` types accept it, and its serialising and escaping (escapeHtml of @tanstack/router-core) is
 * what stands between catalogue text and the page's HTML.
 */

const BREAK_OUT = '</script><script>alert(1)</script><!--';

/** The HTML HeadContent renders for a root route whose head() is the one given. */
async function renderHead(head: () => HeadTags): Promise<string> {
  const rootRoute = createRootRoute({ head, component: () => <HeadContent /> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  await router.load();
  return renderToString(<RouterProvider router={router} />);
}

function parsed(html: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><html><head>${html}</head><body></body></html>`, 'text/html');
}

describe('head tags through TanStack HeadContent', () => {
  const product = aProduct({
    title: `${BREAK_OUT} & \u2028 Aurora`,
    description: `<b>Bold</b> ${BREAK_OUT}`,
    rating: 4,
    reviews_count: 1,
  });
  const reviews = [aReview({ author: 'eve</script>', body: `Nice ${BREAK_OUT}` })];
  const head = () => productHead({ product, reviews, origin: 'https://shop.example', siteName: 'KeyVault', imageUrl: null });

  it('cannot be broken out of by a product title, description or review holding </script>', async () => {
    const html = await renderHead(head);
    const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)];

    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.[0]).toMatch(/^<script type="application\/ld\+json">/);
    expect(scripts[0]?.[1]).not.toMatch(/[<>&\u2028\u2029]/);
    expect(html.match(/<\/script/gi)).toHaveLength(1);
    expect(html).not.toContain('<script>alert');
  });

  it('reads back as exactly the data the builder made', async () => {
    const document = parsed(await renderHead(head));
    const scripts = document.querySelectorAll('script');

    expect(scripts).toHaveLength(1);
    const [entry] = head().meta.filter((meta) => 'script:ld+json' in meta);
    expect(entry && 'script:ld+json' in entry).toBe(true);
    expect(JSON.parse(scripts[0]?.textContent ?? '')).toEqual(entry && 'script:ld+json' in entry ? entry['script:ld+json'] : null);
    expect(document.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe(`${BREAK_OUT} & Aurora`);
    expect(document.title).toBe(`${BREAK_OUT} & Aurora — KeyVault`);
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`https://shop.example/products/${product.id}`);
  });

  it('renders the shop-wide data beside a page’s own', async () => {
    const origin = 'https://shop.example';
    const document = parsed(
      await renderHead(() => ({
        meta: [
          { 'script:ld+json': organizationJsonLd({ origin, siteName: 'KeyVault', logoUrl: null }) },
          { 'script:ld+json': webSiteJsonLd({ origin, siteName: 'KeyVault' }) },
        ],
        links: [],
      })),
    );
    const types = [...document.querySelectorAll('script[type="application/ld+json"]')].map(
      (script) => (JSON.parse(script.textContent) as { '@type': string })['@type'],
    );
    expect(types).toEqual(['Organization', 'WebSite']);
  });
});
