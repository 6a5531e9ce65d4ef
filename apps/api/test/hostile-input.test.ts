import { randomBytes } from 'node:crypto';
import { LIMITS } from '@store/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers/build.ts';

/*
 * The inputs a schema-driven fuzz of every route found answered with 500 (see fuzz.test.ts for the
 * property over the whole route table): each is now a 4xx that names the field, and changes nothing.
 */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await build({ AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  admin = await t.adminToken();
});
afterAll(() => t.close());

const NUL = '\u0000';
const tag = () => randomBytes(4).toString('hex');
const product = { title: 'Tool', price: 5, description: 'Short', detailed_description: 'Long' };

function expectRefused(response: { statusCode: number; json: () => { detail: string; code: string } }, field: string): void {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ detail: `${field} must not contain control or invalid characters`, code: 'validation_error' });
}

describe('a NUL character', () => {
  it('in a login name', async () => {
    expectRefused(await t.request({ method: 'POST', url: '/api/auth/login', payload: { username: `admin${NUL}`, password: 'whatever' } }), 'username');
  });

  it('in a search of the catalogue, the orders and the users', async () => {
    expectRefused(await t.request({ method: 'GET', url: `/api/products?search=a${encodeURIComponent(NUL)}b` }), 'search');
    expectRefused(await t.request({ method: 'GET', url: `/api/admin/orders?search=${encodeURIComponent(NUL)}`, token: admin }), 'search');
    expectRefused(await t.request({ method: 'GET', url: `/api/admin/users?search=${encodeURIComponent(NUL)}`, token: admin }), 'search');
  });

  it('in a guest’s invoice', async () => {
    const created = await t.request({ method: 'POST', url: '/api/admin/products', token: admin, payload: { ...product, stock_quantity: 3 } });
    const response = await t.request({
      method: 'POST',
      url: '/api/orders',
      payload: {
        items: [{ product_id: created.json().id, quantity: 1 }],
        invoice_data: { email: 'nul@example.com', name: `Ana${NUL}`, address: 'A', city: 'C', country: 'UK' },
      },
    });
    expectRefused(response, 'invoice_data.name');
    expect((await t.request({ method: 'GET', url: `/api/products/${created.json().id}` })).json().stock_quantity).toBe(3);
  });

  it('in product fields, features and requirement names', async () => {
    const post = (payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/admin/products', token: admin, payload: { ...product, ...payload } });
    expectRefused(await post({ title: `Tool${NUL}` }), 'title');
    expectRefused(await post({ detailed_description: `Long${NUL}` }), 'detailed_description');
    expectRefused(await post({ features: ['fine', `bad${NUL}`] }), 'features.1');
    expect((await post({ system_requirements: { [`O${NUL}S`]: 'Linux' } })).statusCode).toBe(400);
    expect((await post({ detailed_description: 'Line one\nLine two\tindented' })).statusCode).toBe(201);
  });

  it('in a webhook’s event id', async () => {
    const response = await t.request({ method: 'POST', url: '/api/paypal/webhook', payload: { id: `WH-${NUL}`, event_type: 'CHECKOUT.ORDER.APPROVED', resource: {} } });
    expectRefused(response, 'id');
  });
});

describe('numbers at their extremes', () => {
  it('refuses an offset beyond what a list can page to', async () => {
    for (const offset of [LIMITS.maxOffset + 1, 1e20, 2 ** 63]) {
      const response = await t.request({ method: 'GET', url: `/api/admin/orders?offset=${offset}`, token: await t.adminToken() });
      expect(response.statusCode, String(offset)).toBe(400);
      expect(response.json().detail).toMatch(/^offset must be <= /);
    }
    expect((await t.request({ method: 'GET', url: `/api/admin/orders?offset=${LIMITS.maxOffset}`, token: await t.adminToken() })).statusCode).toBe(200);
    // The catalogue pages by offset only as deep as a shopper turns, and names the way further.
    for (const offset of [LIMITS.catalogMaxOffset + 1, 1e20, 2 ** 63]) {
      const response = await t.request({ method: 'GET', url: `/api/products?offset=${offset}` });
      expect(response.statusCode, String(offset)).toBe(400);
      expect(response.json().detail).toBe('offset must be 0 to 1,000: page further with after=, the next_after of the page before');
    }
    expect((await t.request({ method: 'GET', url: `/api/products?offset=${LIMITS.catalogMaxOffset}` })).statusCode).toBe(200);
  });

  it('refuses a download link whose expiry is past any date', async () => {
    const response = await t.request({ method: 'GET', url: `/api/downloads/${crypto.randomUUID()}/${crypto.randomUUID()}?expires=1e30&signature=${'a'.repeat(43)}` });
    expect(response.statusCode).toBe(400);
  });
});

describe('licence key pastes', () => {
  async function keyProduct(): Promise<string> {
    const created = await t.request({ method: 'POST', url: '/api/admin/products', token: admin, payload: { ...product, title: `Keys ${tag()}` } });
    return created.json().id as string;
  }
  const paste = (id: string, keys: string) => t.request({ method: 'POST', url: `/api/admin/products/${id}/keys`, token: admin, payload: { keys } });

  it(`refuses a key longer than ${LIMITS.licenseKeyMaxLength} characters, and adds nothing of that paste`, async () => {
    const id = await keyProduct();
    const response = await paste(id, `GOOD-KEY-1\n${'K'.repeat(LIMITS.licenseKeyMaxLength + 1)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(`Paste at least one key, one per line, each at most ${LIMITS.licenseKeyMaxLength} characters`);
    expect((await t.request({ method: 'GET', url: `/api/admin/products/${id}/keys`, token: admin })).json().available).toBe(0);
  });

  it('takes a paste of more keys than one statement may carry (PostgreSQL allows 65,535 parameters)', async () => {
    const id = await keyProduct();
    const keys = Array.from({ length: 40_000 }, (_, i) => `BULK-${i}-${tag()}`);
    const response = await paste(id, keys.join('\n'));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ added: 40_000, duplicates: [] });
  });
});

describe('a webhook body nested thousands deep', () => {
  it('is refused with 400 before anything is passed on to PayPal', async () => {
    // Written as text: JSON.stringify itself cannot nest this deep.
    const resource = `${'{"id":'.repeat(5000)}"leaf"${'}'.repeat(5000)}`;
    const response = await t.request({
      method: 'POST',
      url: '/api/paypal/webhook',
      headers: { 'content-type': 'application/json' },
      payload: `{"id":"WH-DEEP","event_type":"PAYMENT.CAPTURE.COMPLETED","resource":${resource}}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('The webhook body is nested too deeply');
  });
});

describe('a field nested 100,000 arrays deep', () => {
  it('is refused with 400 by the contract check, and the settings stay as they were', async () => {
    const admin = await t.adminToken();
    const before = (await t.request({ method: 'GET', url: '/api/admin/settings', token: admin })).json();
    // Found by the route fuzzer: the body parses, but walking it to prepare and check it overflows the stack.
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const response = await t.request({
      method: 'PUT',
      url: '/api/admin/settings',
      token: admin,
      headers: { 'content-type': 'application/json' },
      payload: `{"theme":"dark","logo_url":${deep}}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'The body is nested too deeply', code: 'validation_error' });
    expect((await t.request({ method: 'GET', url: '/api/admin/settings', token: admin })).json()).toEqual(before);
  });
});

describe('an image address holding half a surrogate pair', () => {
  it('is refused with 400 on a product and in the settings, and nothing is stored', async () => {
    const admin = await t.adminToken();
    // Found by the route fuzzer: JSON's \ud83d escape parses to a lone surrogate that PostgreSQL's jsonb refuses.
    const broken = '{"title":"Broken image","price":1,"description":"d","detailed_description":"dd","images":["http://example.com/a\\ud83db.png"]}';
    const product = await t.request({
      method: 'POST',
      url: '/api/admin/products',
      token: admin,
      headers: { 'content-type': 'application/json' },
      payload: broken,
    });
    expect(product.statusCode).toBe(400);
    expect(product.json()).toEqual({ code: 'validation_error', detail: 'images.0 must not contain control or invalid characters' });
    const found = await t.request({ method: 'GET', url: '/api/admin/products?search=Broken%20image', token: admin });
    expect(found.json().total).toBe(0);

    const before = (await t.request({ method: 'GET', url: '/api/admin/settings', token: admin })).json();
    const settings = await t.request({
      method: 'PUT',
      url: '/api/admin/settings',
      token: admin,
      headers: { 'content-type': 'application/json' },
      payload: '{"logo_url":"https://example.com/\\udc00.png"}',
    });
    expect(settings.statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/admin/settings', token: admin })).json()).toEqual(before);
  });
});

describe('numbers that are not finite', () => {
  it('are refused with 400 wherever text is turned into a number', async () => {
    for (const url of ['/api/products?limit=1e999', '/api/products?offset=Infinity', '/api/admin/orders?limit=-Infinity']) {
      const response = await t.request({ method: 'GET', url, token: admin });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().detail).toMatch(/^(limit|offset) must be a finite number$/);
    }
    const settings = await t.request({ method: 'PUT', url: '/api/admin/settings', token: admin, payload: { smtp_port: 'Infinity' } });
    expect(settings.statusCode).toBe(400);
    const stock = await t.request({ method: 'POST', url: '/api/admin/products', token: admin, payload: { ...product, stock_quantity: '1e999' } });
    expect(stock.statusCode).toBe(400);
    expect(stock.json().detail).toBe('stock_quantity must be a finite number');
  });
});

describe('ids PostgreSQL would not take', () => {
  it('are refused by the contract, not by the database', async () => {
    const response = await t.request({ method: 'GET', url: '/api/products/urn:uuid:6f0e2a2c-8a8b-4b1e-9a51-2f1d0d3c7b11' });
    expect(response.statusCode).toBe(400);
  });
});

describe('half a surrogate pair', () => {
  it('is refused in text, so it never reaches the database (PGlite cannot store it)', async () => {
    const response = await t.request({ method: 'PUT', url: '/api/admin/settings', token: admin, payload: { smtp_username: '\ufeff\udfff' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('smtp_username must not contain control or invalid characters');
    expect((await t.request({ method: 'POST', url: '/api/admin/products', token: admin, payload: { ...product, title: 'Tool \ud800' } })).statusCode).toBe(400);
    expect((await t.request({ method: 'POST', url: '/api/admin/products', token: admin, payload: { ...product, title: 'Tool 🎉' } })).statusCode).toBe(201);
  });
});
