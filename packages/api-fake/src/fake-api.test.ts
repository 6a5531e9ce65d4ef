import { ApiError, createApiClient } from '@store/contracts';
import { describe, expect, it } from 'vitest';
import { createFakeApi, type FakeApi } from './fake-api.ts';
import { SITE_INFO, aProduct, aProductList, anOrder, deferred, searchSuggestions } from './fixtures.ts';
import { setupFakeApi } from './setup.ts';

const client = createApiClient();

describe('the fake API', () => {
  const api = setupFakeApi({ defaults: { siteInfo: SITE_INFO } });

  it('answers a route with what the test gave it, through the real client', async () => {
    const product = aProduct({ title: 'Vector' });
    api.on('listProducts', aProductList([product]));
    await expect(client.listProducts()).resolves.toEqual({
      products: [product],
      total: 1,
      total_is_lower_bound: false,
      next_after: null,
      corrected_search: null,
    });
    await expect(client.siteInfo()).resolves.toEqual(SITE_INFO);
  });

  it('records the calls with their params, converted query and parsed body', async () => {
    const product = aProduct();
    api.on('getProduct', ({ params }) => ({ ...product, id: params.id }));
    api.on('listProducts', ({ query }) => aProductList([], query.limit ?? 0));
    api.on('createOrder', anOrder());
    await client.getProduct({ params: { id: product.id } });
    await client.listProducts({ query: { limit: 12, search: 'vec' } });
    await client.createOrder({ body: { items: [{ product_id: product.id, quantity: 2 }] } });
    expect(api.calls('getProduct').map((call) => call.params.id)).toEqual([product.id]);
    expect(api.calls('listProducts')[0]?.query).toEqual({ limit: 12, search: 'vec' });
    expect(api.calls('createOrder')[0]?.body).toEqual({ items: [{ product_id: product.id, quantity: 2 }] });
    expect(api.allCalls().map((call) => call.route)).toEqual(['getProduct', 'listProducts', 'createOrder']);
  });

  it("answers a catalogue page's paging and the search box's suggestions", async () => {
    const product = aProduct({ title: 'Lumora Image Studio' });
    api.on('listProducts', aProductList([product], 1000, { total_is_lower_bound: true, next_after: `r1_${product.id}`, corrected_search: 'lumora' }));
    api.on('suggestSearch', searchSuggestions([product], [{ value: 'plugins', label: 'Plugins' }]));
    await expect(client.listProducts({ query: { search: 'lumra', after: 'r0_x' } })).resolves.toMatchObject({
      total: 1000,
      total_is_lower_bound: true,
      next_after: `r1_${product.id}`,
      corrected_search: 'lumora',
    });
    await expect(client.suggestSearch({ query: { q: 'lum' } })).resolves.toEqual({
      products: [{ id: product.id, title: 'Lumora Image Studio', image: product.image, price: product.price }],
      categories: [{ value: 'plugins', label: 'Plugins' }],
    });
    expect(api.calls('listProducts')[0]?.query.after).toBe('r0_x');
    expect(api.calls('suggestSearch')[0]?.query.q).toBe('lum');
  });

  it('tells a static path from a parametrised one', async () => {
    api.on('listCategories', [{ value: 'software', label: 'Software' }]);
    await expect(client.listCategories()).resolves.toEqual([{ value: 'software', label: 'Software' }]);
    expect(api.calls('getProduct')).toEqual([]);
  });

  it('answers an error with its status, detail and code', async () => {
    api.on('createOrder', api.error(409, 'Only 1 left', 'out_of_stock'));
    const failure = await client.createOrder({ body: { items: [{ product_id: aProduct().id, quantity: 2 }] } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 409, detail: 'Only 1 left', code: 'out_of_stock' });
  });

  it('answers the next call with a one-off answer, then the standing one', async () => {
    api.on('siteInfo', SITE_INFO);
    api.once('siteInfo', { ...SITE_INFO, site_name: 'First' });
    expect((await client.siteInfo()).site_name).toBe('First');
    expect((await client.siteInfo()).site_name).toBe(SITE_INFO.site_name);
  });

  it('holds an answer back until the test lets it go', async () => {
    const held = deferred<typeof SITE_INFO>();
    api.on('siteInfo', () => held.promise);
    let settled = false;
    const call = client.siteInfo().then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    held.resolve(SITE_INFO);
    await call;
    expect(settled).toBe(true);
  });

  it('answers 204 routes without a body', async () => {
    api.on('logout', null);
    await expect(client.logout()).resolves.toBeNull();
  });

  it('starts each test from the defaults, with no calls recorded', () => {
    expect(api.allCalls()).toEqual([]);
  });
});

describe('the fake API fails a test loudly', () => {
  // A fake of its own, so the failures are caught here instead of failing these tests.
  let api: FakeApi;
  const withFake = async (run: (fake: FakeApi) => Promise<void>) => {
    api = createFakeApi();
    api.listen();
    try {
      await run(api);
    } finally {
      api.close();
    }
    return () => api.reset();
  };

  it('names a route called without an answer', async () => {
    const reset = await withFake(async () => {
      await expect(client.listProducts()).rejects.toMatchObject({ status: 501, code: 'not_implemented' });
    });
    expect(reset).toThrow("fakeApi: no answer for listProducts (GET /api/products); give one with fakeApi.on('listProducts', ...)");
  });

  it('refuses an answer that drifted from the response schema', async () => {
    const reset = await withFake(async (fake) => {
      fake.on('getProduct', { ...aProduct(), price: 'cheap' } as never);
      await expect(client.getProduct({ params: { id: aProduct().id } })).rejects.toMatchObject({ status: 500 });
    });
    expect(reset).toThrow(/the answer of getProduct \(GET \/api\/products\/:id\) does not match its response schema: \/price/);
  });

  it('refuses a path that is no route of the contract', async () => {
    const reset = await withFake(async () => {
      const response = await fetch('/api/no-such-thing');
      expect(response.status).toBe(404);
    });
    expect(reset).toThrow('fakeApi: GET /api/no-such-thing is no route of the contract');
  });
});
