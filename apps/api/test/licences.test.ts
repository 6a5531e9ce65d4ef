import { randomBytes, randomUUID } from 'node:crypto';
import { LicenseStatusSchema, LIMITS, type AdminProduct, type Order } from '@store/contracts';
import type { InjectOptions } from 'fastify';
import { Redis } from 'ioredis';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { licenseKeyDigest } from '../src/orders/license-keys.ts';
import { build, type TestApp } from './helpers/build.ts';

/*
 * The licence check API for the software the shop sells (docs/decisions/025-licence-check-api.md): validate,
 * activate and deactivate a sold key, its limits per address and per key, and what it never tells. Runs on
 * PostgreSQL when TEST_DATABASE_URL is set (a pool of 5: the races are real) and on PGlite otherwise.
 */

let t: TestApp;
beforeAll(async () => {
  // The limits have tests of their own below, on apps of their own.
  t = await build({ AUTH_RATE_LIMIT_PER_MINUTE: '100000', LICENSE_KEY_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => t.close());

const tag = () => randomBytes(5).toString('hex');
const freshKey = () => `KV-${randomBytes(8).toString('hex').toUpperCase()}`;

const UNKNOWN = { valid: false, status: 'unknown', product_id: null, activations: 0, max_activations: null, expires_at: null };

async function createProduct(overrides: Record<string, unknown> = {}, on: TestApp = t): Promise<AdminProduct> {
  const response = await on.request({
    method: 'POST',
    url: '/api/admin/products',
    token: await on.adminToken(),
    payload: { title: `Licensed app ${tag()}`, price: 25, description: 'Desktop app', detailed_description: 'A desktop app', ...overrides },
  });
  if (response.statusCode !== 201) throw new Error(`create product failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

async function addKeys(productId: string, keys: string[], on: TestApp = t): Promise<void> {
  const response = await on.request({
    method: 'POST',
    url: `/api/admin/products/${productId}/keys`,
    token: await on.adminToken(),
    payload: { keys: keys.join('\n') },
  });
  if (response.statusCode !== 201) throw new Error(`add keys failed: ${response.statusCode} ${response.body}`);
}

/** A guest buys one unit and staff confirm the order: the pool's next key is sold. */
async function buyOne(productId: string, on: TestApp = t): Promise<Order> {
  const created = await on.request({
    method: 'POST',
    url: '/api/orders',
    payload: {
      items: [{ product_id: productId, quantity: 1 }],
      invoice_data: { email: `buyer-${tag()}@example.com`, name: 'Grace Guest', address: '1 Road', city: 'Leeds', country: 'UK' },
    },
  });
  if (created.statusCode !== 201) throw new Error(`create order failed: ${created.statusCode} ${created.body}`);
  const order = created.json<Order>();
  const confirmed = await on.request({
    method: 'PATCH',
    url: `/api/admin/orders/${order.id}/status?status=confirmed`,
    token: await on.adminToken(),
  });
  if (confirmed.json<Order>().status !== 'completed') throw new Error(`confirm failed: ${confirmed.statusCode} ${confirmed.body}`);
  return order;
}

/** A product whose one key is sold: the key in clear, as the buyer received it. */
async function soldKey(overrides: Record<string, unknown> = {}, on: TestApp = t): Promise<{ product: AdminProduct; key: string }> {
  const product = await createProduct(overrides, on);
  const key = freshKey();
  await addKeys(product.id, [key], on);
  await buyOne(product.id, on);
  return { product, key };
}

/** What the refund does to a key (another part of issue 14): revoked_at is set, the key keeps its line. */
async function revoke(productId: string, key: string): Promise<void> {
  const result = await t.app.db
    .updateTable('license_keys')
    .set({ revoked_at: new Date() })
    .where('product_id', '=', productId)
    .where('key_digest', '=', licenseKeyDigest(t.app.dataCipher, key))
    .executeTakeFirst();
  expect(result.numUpdatedRows).toBe(1n);
}

type Body = Record<string, unknown>;
const post = (route: 'validate' | 'activate' | 'deactivate', payload: Body, options: Partial<InjectOptions> = {}, on: TestApp = t) =>
  on.request({ method: 'POST', url: `/api/licenses/${route}`, payload, ...options });

async function ok(route: 'validate' | 'activate' | 'deactivate', payload: Body) {
  const response = await post(route, payload);
  expect(response.statusCode, response.body).toBe(200);
  const answer = response.json();
  expect(Value.Check(LicenseStatusSchema, answer)).toBe(true);
  return answer;
}

describe('POST /api/licenses/validate', () => {
  it('answers active for a sold key, with its product, activations and limit, with or without the product id', async () => {
    const { product, key } = await soldKey();
    const active = { valid: true, status: 'active', product_id: product.id, activations: 0, max_activations: LIMITS.maxActivationsDefault, expires_at: null };
    expect(await ok('validate', { key, product_id: product.id })).toEqual(active);
    expect(await ok('validate', { key })).toEqual(active);
    // Pasted with spaces around it, as people do.
    expect(await ok('validate', { key: `  ${key}\u0020`, product_id: product.id.toUpperCase() })).toEqual(active);
  });

  it('answers revoked (not valid) for a key whose order was refunded, its activations still counted', async () => {
    const { product, key } = await soldKey();
    await ok('activate', { key, product_id: product.id, instance: 'studio-pc' });
    await revoke(product.id, key);
    expect(await ok('validate', { key, product_id: product.id })).toEqual({
      valid: false,
      status: 'revoked',
      product_id: product.id,
      activations: 1,
      max_activations: LIMITS.maxActivationsDefault,
      expires_at: null,
    });
    const rows = await t.app.db.selectFrom('license_activations').select('instance').execute();
    expect(rows.map((row) => row.instance)).toContain('studio-pc');
  });

  it('answers unknown for a key that does not exist', async () => {
    expect(await ok('validate', { key: freshKey() })).toEqual(UNKNOWN);
    expect(await ok('validate', { key: freshKey(), product_id: randomUUID() })).toEqual(UNKNOWN);
  });

  it('answers unknown for a key of another product when the product id is given, and nothing about that product', async () => {
    const { product, key } = await soldKey();
    const other = await createProduct();
    const answer = await post('validate', { key, product_id: other.id });
    expect(answer.json()).toEqual(UNKNOWN);
    expect(answer.body).not.toContain(product.id);
  });

  it('answers an unsold key exactly as a key that does not exist', async () => {
    const product = await createProduct();
    const unsold = freshKey();
    await addKeys(product.id, [unsold]);
    for (const withProduct of [true, false]) {
      const extra = withProduct ? { product_id: product.id } : {};
      const [inPool, nowhere] = await Promise.all([
        post('validate', { key: unsold, ...extra }),
        post('validate', { key: freshKey(), ...extra }),
      ]);
      expect(inPool.statusCode).toBe(nowhere.statusCode);
      expect(inPool.body).toBe(nowhere.body);
      expect(inPool.json()).toEqual(UNKNOWN);
      // Activating and deactivating say the same as for no key at all, too.
      for (const route of ['activate', 'deactivate'] as const) {
        const [a, b] = [
          await post(route, { key: unsold, instance: 'pc', ...extra }),
          await post(route, { key: freshKey(), instance: 'pc', ...extra }),
        ];
        expect(a.statusCode).toBe(404);
        expect(a.body).toBe(b.body);
        expect(a.json()).toMatchObject({ code: 'license_not_found', detail: expect.stringContaining('not valid') });
      }
    }
  });

  it('asks for the product when the same key text was sold for two products', async () => {
    const key = freshKey();
    const [first, second] = [await createProduct(), await createProduct()];
    for (const product of [first, second]) {
      await addKeys(product.id, [key]);
      await buyOne(product.id);
    }
    const ambiguous = await post('validate', { key });
    expect(ambiguous.statusCode).toBe(400);
    expect(ambiguous.json()).toMatchObject({ code: 'license_product_required', detail: expect.stringContaining('product_id') });
    expect(await ok('validate', { key, product_id: second.id })).toMatchObject({ status: 'active', product_id: second.id });
  });

  it('shows no limit (null) for a product that sets none, and the product field on the admin side only', async () => {
    const { product, key } = await soldKey({ max_activations: 0 });
    expect(product.max_activations).toBe(0);
    expect(await ok('validate', { key })).toMatchObject({ valid: true, max_activations: null });
    const publicProduct = await t.request({ method: 'GET', url: `/api/products/${product.id}` });
    expect(publicProduct.json()).not.toHaveProperty('max_activations');
  });
});

describe('POST /api/licenses/activate and /deactivate', () => {
  it('counts instances up to the product’s limit and refuses the next with a clear detail', async () => {
    const { product, key } = await soldKey({ max_activations: 2 });
    const body = (instance: string) => ({ key, product_id: product.id, instance });
    expect(await ok('activate', body('laptop'))).toEqual({
      valid: true,
      status: 'active',
      product_id: product.id,
      activations: 1,
      max_activations: 2,
      expires_at: null,
    });
    expect(await ok('activate', body('desktop'))).toMatchObject({ activations: 2, max_activations: 2 });

    const over = await post('activate', body('tablet'));
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      code: 'activation_limit_reached',
      detail: 'This licence key is activated on 2 of its 2 instances already: deactivate one of them first.',
    });
    expect(await ok('validate', { key })).toMatchObject({ activations: 2 });
  });

  it('counts the same instance once, also when the key is at its limit', async () => {
    const { product, key } = await soldKey({ max_activations: 1 });
    const body = { key, product_id: product.id, instance: 'build-server-01' };
    expect(await ok('activate', body)).toMatchObject({ activations: 1 });
    expect(await ok('activate', body)).toMatchObject({ activations: 1 });
    // Spaces around the name are not part of it.
    expect(await ok('activate', { ...body, instance: '  build-server-01 ' })).toMatchObject({ activations: 1 });
    const rows = await t.app.db
      .selectFrom('license_activations')
      .select('instance')
      .where('instance', 'like', 'build-server-01%')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('frees the slot on deactivation, and says so when the instance was not activated', async () => {
    const { product, key } = await soldKey({ max_activations: 1 });
    await ok('activate', { key, instance: 'old-pc' });
    expect((await post('activate', { key, instance: 'new-pc' })).statusCode).toBe(409);

    const missing = await post('deactivate', { key, instance: 'never-seen' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'activation_not_found', detail: 'This licence key is not activated on this instance.' });

    expect(await ok('deactivate', { key, product_id: product.id, instance: 'old-pc' })).toMatchObject({ valid: true, activations: 0 });
    expect(await ok('activate', { key, instance: 'new-pc' })).toMatchObject({ activations: 1 });
    expect((await post('deactivate', { key, instance: 'old-pc' })).json()).toMatchObject({ code: 'activation_not_found' });
  });

  it('refuses to activate or deactivate a revoked key, and keeps its activations recorded', async () => {
    const { product, key } = await soldKey();
    await ok('activate', { key, instance: 'office-mac' });
    await revoke(product.id, key);
    for (const [route, instance] of [
      ['activate', 'home-mac'],
      ['activate', 'office-mac'],
      ['deactivate', 'office-mac'],
    ] as const) {
      const refused = await post(route, { key, product_id: product.id, instance });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        code: 'license_revoked',
        detail: 'This licence key was revoked: the order that bought it was refunded.',
      });
    }
    expect(await ok('validate', { key })).toMatchObject({ valid: false, status: 'revoked', activations: 1 });
  });

  it('refuses a key of another product as unknown, and activates nothing on it', async () => {
    const { product, key } = await soldKey();
    const other = await createProduct();
    const refused = await post('activate', { key, product_id: other.id, instance: 'pc' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'license_not_found' });
    expect(await ok('validate', { key, product_id: product.id })).toMatchObject({ activations: 0 });
  });

  it('follows a limit staff lower: activations already made stay, new ones wait for a free slot', async () => {
    const { product, key } = await soldKey({ max_activations: 3 });
    for (const instance of ['a', 'b', 'c']) await ok('activate', { key, instance });
    const lowered = await t.request({
      method: 'PUT',
      url: `/api/admin/products/${product.id}`,
      token: await t.adminToken(),
      payload: {
        title: product.title,
        price: product.price,
        description: product.description,
        detailed_description: product.detailed_description,
        max_activations: 1,
      },
    });
    expect(lowered.json()).toMatchObject({ max_activations: 1 });
    expect(await ok('validate', { key })).toMatchObject({ valid: true, activations: 3, max_activations: 1 });
    expect(await ok('activate', { key, instance: 'b' })).toMatchObject({ activations: 3 });
    expect((await post('activate', { key, instance: 'd' })).json()).toMatchObject({ code: 'activation_limit_reached' });
  });

  it('takes any number of instances on a product without a limit', async () => {
    const { key } = await soldKey({ max_activations: 0 });
    for (let n = 1; n <= 6; n += 1)
      expect(await ok('activate', { key, instance: `seat-${n}` })).toMatchObject({ activations: n, max_activations: null });
  });
});

describe('two activations racing', () => {
  it('let exactly one of many take the last slot', async () => {
    const { product, key } = await soldKey({ max_activations: 3 });
    await ok('activate', { key, instance: 'first' });
    await ok('activate', { key, instance: 'second' });
    const racers = 12;
    const answers = await Promise.all(
      Array.from({ length: racers }, (_, index) => post('activate', { key, product_id: product.id, instance: `racer-${index}` })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, ...Array<number>(racers - 1).fill(409)]);
    for (const refused of answers.filter((answer) => answer.statusCode === 409))
      expect(refused.json().code).toBe('activation_limit_reached');
    const stored = await t.app.db
      .selectFrom('license_activations as a')
      .innerJoin('license_keys as k', 'k.id', 'a.license_key_id')
      .select('a.instance')
      .where('k.product_id', '=', product.id)
      .execute();
    expect(stored).toHaveLength(3);
  });

  it('count one instance activated many times at once once, with no error', async () => {
    const { key } = await soldKey({ max_activations: 3 });
    const answers = await Promise.all(Array.from({ length: 8 }, () => post('activate', { key, instance: 'same-machine' })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array<number>(8).fill(200));
    for (const answer of answers) expect(answer.json()).toMatchObject({ activations: 1 });
  });
});

describe('the activation limit staff set on a product', () => {
  const input = (overrides: Record<string, unknown>) => ({
    title: `Product ${tag()}`,
    price: 5,
    description: 'Short',
    detailed_description: 'Long',
    ...overrides,
  });
  const save = async (method: 'POST' | 'PUT', url: string, payload: Body) =>
    t.request({ method, url, payload, token: await t.adminToken() });

  it('defaults to 3, is kept when an edit leaves it out, and is listed for staff', async () => {
    const created = (await save('POST', '/api/admin/products', input({}))).json<AdminProduct>();
    expect(created.max_activations).toBe(LIMITS.maxActivationsDefault);
    const changed = await save('PUT', `/api/admin/products/${created.id}`, input({ title: created.title, max_activations: 7 }));
    expect(changed.json()).toMatchObject({ max_activations: 7 });
    const kept = await save('PUT', `/api/admin/products/${created.id}`, input({ title: created.title }));
    expect(kept.json()).toMatchObject({ max_activations: 7 });
    const listed = await t.request({
      method: 'GET',
      url: `/api/admin/products?search=${encodeURIComponent(created.title)}`,
      token: await t.adminToken(),
    });
    expect(listed.json().products).toEqual([expect.objectContaining({ id: created.id, max_activations: 7 })]);
  });

  it('refuses a limit out of 0..10000 or not a whole number, naming the bounds', async () => {
    // Text that reads as a number is taken as one, as on every route (http/request-validator.ts).
    for (const value of [-1, LIMITS.maxActivationsMax + 1, 2.5, 'three', null, true]) {
      const refused = await save('POST', '/api/admin/products', input({ max_activations: value }));
      expect(refused.statusCode, JSON.stringify(value)).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'validation_error',
        detail: 'The activation limit is a whole number from 0 (no limit) to 10000',
      });
    }
    expect((await save('POST', '/api/admin/products', input({ max_activations: LIMITS.maxActivationsMax }))).statusCode).toBe(201);
  });
});

describe('hostile input', () => {
  const cases: [string, InjectOptions['payload'] | string, Record<string, string>?][] = [
    ['a NUL byte in the key', { key: 'KV-\u0000-1' }],
    ['a NUL byte in the instance', { key: 'KV-1', instance: 'pc\u0000' }],
    ['a line break in the instance', { key: 'KV-1', instance: 'pc\nSet-Cookie: x' }],
    ['a lone surrogate in the key', { key: 'KV-\uD800' }],
    ['a key of 1 MB', { key: 'K'.repeat(1024 * 1024) }],
    ['a key of 600 KB', { key: 'K'.repeat(600 * 1024) }],
    ['an instance of 100 KB', { key: 'KV-1', instance: 'i'.repeat(100 * 1024) }],
    ['an instance of spaces only', { key: 'KV-1', instance: '   ' }],
    ['an empty key', { key: '' }],
    ['a key that is a number', { key: 12345 }],
    ['a key that is null', { key: null }],
    // (A one-item list reads as its item, on every route: packages/contracts/src/validate.ts.)
    ['a key that is a list', { key: ['KV-1', 'KV-2'] }],
    ['a key that is an object', { key: { $ne: '' } }],
    ['no key', {}],
    ['a product id that is no UUID', { key: 'KV-1', product_id: "1' OR '1'='1" }],
    ['a product id that is a number', { key: 'KV-1', product_id: 7 }],
    ['an instance that is an object', { key: 'KV-1', instance: { name: 'pc' } }],
    ['a body that is a list', [{ key: 'KV-1' }]],
    ['malformed JSON', '{"key": "KV-1"', { 'content-type': 'application/json' }],
    ['plain text', 'KV-1', { 'content-type': 'text/plain' }],
    ['no body', undefined],
  ];

  it.each(['validate', 'activate', 'deactivate'] as const)(
    '%s answers every hostile request with a 4xx and a detail, never a 500',
    async (route) => {
      for (const [label, payload, headers] of cases) {
        // Validation takes no instance: one sent is dropped as every unknown property is (http/request-validator.ts).
        if (route === 'validate' && label.includes('instance')) continue;
        // The activation routes need an instance: add a good one where the case is not about it.
        const body =
          route !== 'validate' && payload && typeof payload === 'object' && !Array.isArray(payload) && !('instance' in payload)
            ? { ...payload, instance: 'pc' }
            : payload;
        const response = await t.request({
          method: 'POST',
          url: `/api/licenses/${route}`,
          ...(body === undefined ? {} : { payload: body }),
          ...(headers ? { headers } : {}),
        });
        expect(response.statusCode, `${route}: ${label}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${route}: ${label}`).toBeLessThan(500);
        const answer = response.json();
        expect(answer.detail, `${route}: ${label}`).toEqual(expect.any(String));
        expect(answer.code, `${route}: ${label}`).toEqual(expect.any(String));
      }
    },
  );

  it('drops properties it does not know, so an answer cannot be dictated', async () => {
    const { key } = await soldKey();
    const answer = await ok('validate', { key: freshKey(), valid: true, status: 'active', product_id_override: randomUUID() });
    expect(answer).toEqual(UNKNOWN);
    expect(await ok('activate', { key, instance: 'pc', activations: 0, max_activations: 0 })).toMatchObject({
      activations: 1,
      max_activations: 3,
    });
  });

  it('names the field and its rule in the detail', async () => {
    const nul = await post('validate', { key: 'KV-\u0000-1' });
    expect(nul.json()).toMatchObject({ code: 'validation_error', detail: expect.stringMatching(/key|licence key/i) });
    const long = await post('activate', { key: 'KV-1', instance: 'x'.repeat(LIMITS.licenseInstanceMaxLength + 1) });
    expect(long.json()).toEqual({
      code: 'validation_error',
      detail: `The instance is a name of 1 to ${LIMITS.licenseInstanceMaxLength} characters of plain text, on one line`,
    });
    const huge = await post('validate', { key: 'K'.repeat(1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ code: 'payload_too_large', detail: 'The request body is too large.' });
  });
});

describe('the rate limits', () => {
  it('limit each address on each route (AUTH_RATE_LIMIT_PER_MINUTE), whatever the key', async () => {
    const limited = await build({ AUTH_RATE_LIMIT_PER_MINUTE: '3', LICENSE_KEY_RATE_LIMIT_PER_MINUTE: '100000' });
    try {
      const from = (remoteAddress: string) => post('validate', { key: freshKey() }, { remoteAddress }, limited);
      for (let n = 0; n < 3; n += 1) expect((await from('198.51.100.7')).statusCode).toBe(200);
      const refused = await from('198.51.100.7');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'too_many_requests', detail: expect.any(String) });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is counted apart.
      expect((await from('198.51.100.8')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('limit each key over the three routes (LICENSE_KEY_RATE_LIMIT_PER_MINUTE), whatever the address', async () => {
    const limited = await build({ AUTH_RATE_LIMIT_PER_MINUTE: '100000', LICENSE_KEY_RATE_LIMIT_PER_MINUTE: '4' });
    try {
      const { product, key } = await soldKey({}, limited);
      // Each request from an address of its own, spread over the three routes.
      const address = (n: number) => `203.0.113.${n + 1}`;
      const calls = [
        () => post('validate', { key }, { remoteAddress: address(0) }, limited),
        () => post('activate', { key, instance: 'pc-1' }, { remoteAddress: address(1) }, limited),
        () => post('validate', { key: ` ${key} `, product_id: product.id }, { remoteAddress: address(2) }, limited),
        () => post('deactivate', { key, instance: 'pc-1' }, { remoteAddress: address(3) }, limited),
      ];
      for (const call of calls) expect((await call()).statusCode).toBe(200);
      for (const [n, route] of (['validate', 'activate'] as const).entries()) {
        const refused = await post(route, { key, instance: 'pc-2' }, { remoteAddress: address(10 + n) }, limited);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toEqual({
          code: 'too_many_requests',
          detail: 'Too many checks of this licence key. Please wait a minute and try again.',
        });
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
      // Nothing was activated by a refused request; another key is counted apart.
      expect(await limited.app.db.selectFrom('license_activations').selectAll().execute()).toEqual([]);
      expect((await post('validate', { key: freshKey() }, { remoteAddress: address(20) }, limited)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  const REDIS_URL = inject('redisUrl');
  it.runIf(REDIS_URL)('count a key once across instances sharing Redis, under a digest, never the key itself', async () => {
    const prefix = `store-test-licences-${process.pid}-${tag()}:`;
    const env = {
      REDIS_URL: REDIS_URL!,
      REDIS_KEY_PREFIX: prefix,
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      LICENSE_KEY_RATE_LIMIT_PER_MINUTE: '3',
    };
    const [one, two] = [await build(env), await build(env)];
    const redis = new Redis(REDIS_URL!);
    try {
      const key = freshKey();
      const statuses = [];
      for (const on of [one, two, one, two, one]) statuses.push((await post('validate', { key }, {}, on)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const stored = await redis.keys(`${prefix}*`);
      expect(stored.some((name) => name.includes('licence-key:'))).toBe(true);
      for (const name of stored) expect(name).not.toContain(key);
    } finally {
      const stored = await redis.keys(`${prefix}*`);
      if (stored.length > 0) await redis.del(...stored);
      redis.disconnect();
      await Promise.all([one.close(), two.close()]);
    }
  });
});

describe('the OpenAPI document', () => {
  interface Operation {
    summary?: string;
    description?: string;
    tags?: string[];
    security?: unknown[];
    requestBody?: { content: Record<string, { example?: Record<string, unknown>; examples?: Record<string, { value: Record<string, unknown> }>; schema: unknown }> };
    responses: Record<string, { content?: Record<string, { example?: unknown; examples?: Record<string, { value: unknown }> }> }>;
  }

  it('lists the three routes, public, with their limits, a request example and an answer example', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, { post?: Operation }> }>();
    for (const route of ['validate', 'activate', 'deactivate']) {
      const operation = doc.paths[`/api/licenses/${route}`]?.post;
      expect(operation, route).toBeDefined();
      expect(operation!.tags).toEqual(['licences']);
      expect(operation!.security ?? []).toEqual([]);
      expect(operation!.description).toContain('Rate limited per address');
      const body = operation!.requestBody!.content['application/json']!;
      const request = (body.example ?? Object.values(body.examples ?? {})[0]?.value)!;
      expect(request).toMatchObject({ key: expect.any(String), product_id: expect.any(String) });
      if (route !== 'validate') expect(request.instance).toEqual(expect.any(String));
      const answer = operation!.responses['200']!.content!['application/json']!;
      const examples = answer.examples ? Object.values(answer.examples).map((example) => example.value) : [answer.example];
      expect(examples.length).toBeGreaterThan(0);
      for (const example of examples) expect(Value.Check(LicenseStatusSchema, example)).toBe(true);
      expect(Object.keys(operation!.responses)).toEqual(expect.arrayContaining(['200', '400', '429']));
    }
    expect(doc.paths['/api/licenses/validate']!.post!.description).toContain('`unknown`');
  });
});
