import { randomBytes, randomUUID } from 'node:crypto';
import { AdminProductSchema, LIMITS, OrderSchema, ProductSchema, type Order, type OrderItem } from '@store/contracts';
import { captureEvent, deliverWebhook, startPaymentSandbox, type RunningPaymentSandbox } from '@store/payment-sandbox';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_WEBHOOK_ID } from '../src/payments/payment-service.ts';
import { build, type TestApp } from './helpers/build.ts';

/*
 * Packages (docs/decisions/038-packages.md): the rules of package_items, a stock that is its members', and a
 * package line that holds, sells, delivers and refunds every member's keys and files on the one line, under
 * the money rules of 009, 015 and 036. Runs on PostgreSQL when TEST_DATABASE_URL is set (the parallel cases
 * then really race on a pool of connections) and on PGlite otherwise.
 */

let t: TestApp;
let sandbox: RunningPaymentSandbox;
let admin: string;

beforeAll(async () => {
  sandbox = await startPaymentSandbox();
  t = await build({ AUTH_RATE_LIMIT_PER_MINUTE: '100000', LICENSE_KEY_RATE_LIMIT_PER_MINUTE: '100000', PAYPAL_API_URL: sandbox.url });
  admin = await t.adminToken();
  // PayPal's webhooks come over the network.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

const tag = () => randomBytes(4).toString('hex');

const createProduct = (payload: Record<string, unknown>) =>
  t.request({
    method: 'POST',
    url: '/api/admin/products',
    token: admin,
    payload: { title: `Member ${tag()}`, price: 10, description: 'd', detailed_description: 'dd', ...payload },
  });

async function productId(payload: Record<string, unknown> = {}): Promise<string> {
  const response = await createProduct(payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

/** A product selling from a pool of `count` pasted keys; answers its id and keys. */
async function keyProduct(count: number, title = `Keys ${tag()}`): Promise<{ id: string; keys: string[] }> {
  const id = await productId({ title });
  const keys = Array.from({ length: count }, () => `PK-${tag().toUpperCase()}-${tag().toUpperCase()}`);
  const added = await t.request({ method: 'POST', url: `/api/admin/products/${id}/keys`, token: admin, payload: { keys: keys.join('\n') } });
  expect(added.json()).toMatchObject({ added: count });
  return { id, keys };
}

async function packageOf(items: { product_id: string; quantity: number }[], payload: Record<string, unknown> = {}): Promise<string> {
  return productId({ title: `Bundle ${tag()}`, price: 30, product_type: 'package', package_items: items, ...payload });
}

const updateProduct = (id: string, payload: Record<string, unknown>) =>
  t.request({
    method: 'PUT',
    url: `/api/admin/products/${id}`,
    token: admin,
    payload: { title: `Changed ${tag()}`, price: 10, description: 'd', detailed_description: 'dd', ...payload },
  });

const publicProduct = async (id: string) => (await t.request({ method: 'GET', url: `/api/products/${id}` })).json();

function multipart(name: string, data: Buffer) {
  const boundary = `----packages${tag()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A product whose file is delivered (a counted stock of `stock`). */
async function fileProduct(stock: number, name = 'guide.pdf'): Promise<string> {
  const id = await productId({ title: `Files ${tag()}`, stock_quantity: stock });
  const upload = await t.request({ method: 'POST', url: `/api/admin/products/${id}/files`, token: admin, ...multipart(name, Buffer.from(`bytes of ${name}`)) });
  expect(upload.statusCode, upload.body).toBe(201);
  return id;
}

interface Placed {
  id: string;
  access_token: string;
}

const placeOrder = (items: { product_id: string; quantity: number }[], buyer = tag()) =>
  t.request({
    method: 'POST',
    url: '/api/orders',
    remoteAddress: `10.38.${randomBytes(1)[0]!}.${1 + (randomBytes(1)[0]! % 250)}`,
    payload: { items, invoice_data: { email: `pkg-${buyer}@example.com`, name: 'Pat Package', address: '1 Road', city: 'Leeds', country: 'UK' } },
  });

async function placed(items: { product_id: string; quantity: number }[]): Promise<Placed> {
  const response = await placeOrder(items);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Placed>();
}

const startPayment = (orderId: string) => t.request({ method: 'POST', url: `/api/payments/create?order_id=${orderId}` });

/** Sends the buyer to PayPal and approves there; answers PayPal's order id. */
async function approve(orderId: string): Promise<string> {
  const started = await startPayment(orderId);
  expect(started.statusCode, started.body).toBe(200);
  const paypalOrderId = new URL(started.json().payment_url as string).searchParams.get('token')!;
  sandbox.state.approveOrder(paypalOrderId);
  return paypalOrderId;
}

const capture = (paypalOrderId: string) => t.request({ method: 'POST', url: `/api/paypal/capture-order/${paypalOrderId}` });
const view = async (order: Placed) => (await t.request({ method: 'GET', url: `/api/guest/orders/${order.id}?token=${order.access_token}` })).json<Order>();
const webhookUrl = () => `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}/api/paypal/webhook`;

/** Buys `items` as a guest through the sandbox: placed, approved, captured. */
async function bought(items: { product_id: string; quantity: number }[]): Promise<Placed & { captureId: string }> {
  const order = await placed(items);
  const captured = await capture(await approve(order.id));
  expect(captured.statusCode, captured.body).toBe(200);
  return { ...order, captureId: captured.json().capture_id as string };
}

const keysSoldTo = (orderId: string) =>
  t.app.db
    .selectFrom('license_keys')
    .innerJoin('order_items', 'order_items.id', 'license_keys.order_item_id')
    .select(['license_keys.product_id', 'license_keys.revoked_at'])
    .where('order_items.order_id', '=', orderId)
    .execute();

describe('package_items: the rules, checked on the server', () => {
  it('runs on the database the suite was asked for', () => {
    expect(t.database.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('answers a package with its members (titles as shown) and every other product with none', async () => {
    const a = await productId({ title: 'Alpha tool', stock_quantity: 10 });
    const b = await productId({ title: 'Beta tool', stock_quantity: 10 });
    const created = await createProduct({ title: 'Alpha + Beta', product_type: 'package', package_items: [{ product_id: a, quantity: 2 }, { product_id: b, quantity: 1 }] });
    expect(created.statusCode, created.body).toBe(201);
    expect(Value.Check(AdminProductSchema, created.json())).toBe(true);
    expect(created.json().package_items).toEqual([
      { product_id: a, quantity: 2, title: 'Alpha tool' },
      { product_id: b, quantity: 1, title: 'Beta tool' },
    ]);
    const shown = await publicProduct(created.json().id);
    expect(Value.Check(ProductSchema, shown)).toBe(true);
    expect(shown.package_items).toHaveLength(2);
    expect((await publicProduct(a)).package_items).toEqual([]);
    const list = await t.request({ method: 'GET', url: `/api/products?ids=${created.json().id},${a}` });
    const rows = list.json().products as { id: string; package_items: unknown[] }[];
    expect(rows.find((row) => row.id === created.json().id)!.package_items).toHaveLength(2);
    expect(rows.find((row) => row.id === a)!.package_items).toEqual([]);
  });

  it('refuses fewer than 2 or more than 20 members, repeated members and members on a product that is not a package', async () => {
    const ids = await Promise.all(Array.from({ length: 21 }, () => productId({ stock_quantity: 1 })));
    const cases: [Record<string, unknown>, string][] = [
      [{ product_type: 'package' }, 'package_items_invalid'],
      [{ product_type: 'package', package_items: [] }, 'package_items_invalid'],
      [{ product_type: 'package', package_items: [{ product_id: ids[0], quantity: 1 }] }, 'package_items_invalid'],
      [{ product_type: 'package', package_items: ids.map((id) => ({ product_id: id, quantity: 1 })) }, 'package_items_invalid'],
      [{ product_type: 'package', package_items: [{ product_id: ids[0], quantity: 1 }, { product_id: ids[0], quantity: 2 }] }, 'package_items_invalid'],
      // The same id in another case is the same product.
      [{ product_type: 'package', package_items: [{ product_id: ids[0], quantity: 1 }, { product_id: ids[0]!.toUpperCase(), quantity: 1 }] }, 'package_items_invalid'],
      [{ product_type: 'single', package_items: [{ product_id: ids[0], quantity: 1 }, { product_id: ids[1], quantity: 1 }] }, 'package_items_invalid'],
      [{ package_items: [{ product_id: ids[0], quantity: 1 }, { product_id: ids[1], quantity: 1 }] }, 'package_items_invalid'],
    ];
    for (const [payload, code] of cases) {
      const response = await createProduct(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 200)).toBe(400);
      expect(response.json().code).toBe(code);
      expect(response.json().detail).toMatch(/package|member/i);
    }
    // Twenty is allowed, and so is an empty list on a single product.
    expect((await createProduct({ product_type: 'package', package_items: ids.slice(0, 20).map((id) => ({ product_id: id, quantity: 1 })) })).statusCode).toBe(201);
    expect((await createProduct({ product_type: 'single', package_items: [] })).statusCode).toBe(201);
  });

  it('refuses malformed members by the schema: NUL bytes, bad ids, quantities out of 1..100, huge lists', async () => {
    const a = await productId();
    const b = await productId();
    const bad: unknown[] = [
      [{ product_id: `${a}\u0000`, quantity: 1 }, { product_id: b, quantity: 1 }],
      [{ product_id: '\u0000', quantity: 1 }, { product_id: b, quantity: 1 }],
      [{ product_id: 'not-a-uuid', quantity: 1 }, { product_id: b, quantity: 1 }],
      [{ product_id: a, quantity: 0 }, { product_id: b, quantity: 1 }],
      [{ product_id: a, quantity: 101 }, { product_id: b, quantity: 1 }],
      [{ product_id: a, quantity: -1 }, { product_id: b, quantity: 1 }],
      [{ product_id: a, quantity: 1.5 }, { product_id: b, quantity: 1 }],
      [{ product_id: a, quantity: Number.MAX_SAFE_INTEGER }, { product_id: b, quantity: 1 }],
      [{ product_id: a, quantity: 'one' }, { product_id: b, quantity: 1 }],
      [{ product_id: a }, { product_id: b, quantity: 1 }],
      Array.from({ length: 101 }, () => ({ product_id: randomUUID(), quantity: 1 })),
      'a,b',
      null,
    ];
    for (const package_items of bad) {
      const response = await createProduct({ product_type: 'package', package_items });
      expect(response.statusCode, JSON.stringify(package_items).slice(0, 120)).toBe(400);
      expect(response.json().code).toBe('validation_error');
    }
    // The bounds themselves are allowed: 100 units of a member, and members adding up to what one order may hold.
    expect((await createProduct({ product_type: 'package', package_items: [{ product_id: a, quantity: 1 }, { product_id: b, quantity: 99 }] })).statusCode).toBe(201);
    const hundred = await Promise.all(Array.from({ length: 2 }, () => productId()));
    expect((await createProduct({ product_type: 'package', package_items: [...hundred.map((id) => ({ product_id: id, quantity: 50 }))] })).statusCode).toBe(201);
  });

  it('refuses members whose units add up to more than one order may hold: such a package could never be bought', async () => {
    const a = await productId();
    const b = await productId();
    const response = await createProduct({ product_type: 'package', package_items: [{ product_id: a, quantity: 1 }, { product_id: b, quantity: 100 }] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'package_items_invalid',
      detail: `A package delivers at most ${LIMITS.orderMaxUnits} units in all, what one order may hold; these members add up to 101`,
    });
  });

  it('refuses members that are unknown, deleted, packages or subscriptions, and a package containing itself', async () => {
    const a = await productId();
    const gone = await productId();
    expect((await t.request({ method: 'DELETE', url: `/api/admin/products/${gone}`, token: admin })).statusCode).toBe(204);
    const subscription = await productId({ product_type: 'subscription', billing_interval: 'month' });
    const inner = await packageOf([{ product_id: a, quantity: 1 }, { product_id: await productId(), quantity: 1 }]);
    for (const other of [randomUUID(), gone, subscription, inner]) {
      const response = await createProduct({ product_type: 'package', package_items: [{ product_id: a, quantity: 1 }, { product_id: other, quantity: 1 }] });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('package_member_invalid');
    }
    const itself = await updateProduct(inner, { product_type: 'package', package_items: [{ product_id: a, quantity: 1 }, { product_id: inner, quantity: 1 }] });
    expect(itself.statusCode).toBe(400);
    expect(itself.json().code).toBe('package_items_invalid');
  });

  it('keeps a member what it is: it cannot be deleted or become a package or a subscription while a package contains it', async () => {
    const a = await productId({ title: 'Kept member' });
    const b = await productId();
    const bundle = await packageOf([{ product_id: a, quantity: 1 }, { product_id: b, quantity: 1 }], { title: 'The keeping bundle' });
    const deleted = await t.request({ method: 'DELETE', url: `/api/admin/products/${a}`, token: admin });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json()).toMatchObject({ code: 'product_in_package', detail: expect.stringContaining('The keeping bundle') });
    for (const product_type of ['subscription', 'package']) {
      const changed = await updateProduct(a, {
        product_type,
        billing_interval: product_type === 'subscription' ? 'month' : undefined,
        package_items: product_type === 'package' ? [{ product_id: b, quantity: 1 }, { product_id: bundle, quantity: 1 }] : undefined,
      });
      expect(changed.statusCode).toBe(409);
      expect(changed.json().code).toBe('product_in_package');
    }
    // Other edits of the member are fine, and once the package is deleted the member may go.
    expect((await updateProduct(a, { title: 'Kept member, renamed' })).statusCode).toBe(200);
    expect((await publicProduct(bundle)).package_items[0].title).toBe('Kept member, renamed');
    expect((await t.request({ method: 'DELETE', url: `/api/admin/products/${bundle}`, token: admin })).statusCode).toBe(204);
    expect((await t.request({ method: 'DELETE', url: `/api/admin/products/${a}`, token: admin })).statusCode).toBe(204);
  });

  it('keeps a package’s members on an edit without package_items, replaces them with new ones, and drops them when it stops being a package', async () => {
    const [a, b, c] = await Promise.all([productId(), productId(), productId()]);
    const bundle = await packageOf([{ product_id: a, quantity: 1 }, { product_id: b, quantity: 1 }]);
    expect((await updateProduct(bundle, { product_type: 'package' })).json().package_items.map((item: { product_id: string }) => item.product_id)).toEqual([a, b]);
    const replaced = await updateProduct(bundle, { product_type: 'package', package_items: [{ product_id: c, quantity: 3 }, { product_id: a, quantity: 1 }] });
    expect(replaced.json().package_items).toMatchObject([{ product_id: c, quantity: 3 }, { product_id: a, quantity: 1 }]);
    const single = await updateProduct(bundle, { product_type: 'single', stock_quantity: 4 });
    expect(single.json()).toMatchObject({ package_items: [], stock_quantity: 4 });
    // Its former members are free again; making it a package again needs members.
    expect((await t.request({ method: 'DELETE', url: `/api/admin/products/${c}`, token: admin })).statusCode).toBe(204);
    const again = await updateProduct(bundle, { product_type: 'package' });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('package_items_invalid');
  });
});

describe("a package's own goods", () => {
  it('are refused: keys and files go on its products, which is what buyers receive', async () => {
    const bundle = await packageOf([{ product_id: await productId(), quantity: 1 }, { product_id: await productId(), quantity: 1 }]);
    const keys = await t.request({ method: 'POST', url: `/api/admin/products/${bundle}/keys`, token: admin, payload: { keys: 'OWN-KEY-1' } });
    expect(keys.statusCode).toBe(409);
    expect(keys.json()).toMatchObject({ code: 'conflict', detail: expect.stringContaining('keys of its products') });
    const file = await t.request({ method: 'POST', url: `/api/admin/products/${bundle}/files`, token: admin, ...multipart('own.pdf', Buffer.from('own')) });
    expect(file.statusCode).toBe(409);
    expect(file.json().detail).toContain('files of its products');
  });
});

describe("a package's stock is what its members allow", () => {
  it('shows min over members of floor(unsold / quantity), ignores a stock sent for the package, and is sold out when one member is', async () => {
    const a = await productId({ stock_quantity: 7 });
    const b = await keyProduct(9);
    const bundle = await packageOf([{ product_id: a, quantity: 2 }, { product_id: b.id, quantity: 1 }], { stock_quantity: 500 });
    expect((await publicProduct(bundle)).stock_quantity).toBe(3);
    const listed = await t.request({ method: 'GET', url: `/api/products?ids=${bundle}` });
    expect(listed.json().products[0].stock_quantity).toBe(3);

    // A member's stock moves (staff, a sale): the cached package answers move with it.
    await updateProduct(a, { stock_quantity: 1 });
    expect((await publicProduct(bundle)).stock_quantity).toBe(0);
    expect((await t.request({ method: 'GET', url: `/api/products?ids=${bundle}` })).json().products[0].stock_quantity).toBe(0);
    const refused = await placeOrder([{ product_id: bundle, quantity: 1 }]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('out_of_stock');

    await updateProduct(a, { stock_quantity: 20 });
    expect((await publicProduct(bundle)).stock_quantity).toBe(9);
    await bought([{ product_id: b.id, quantity: 5 }]);
    expect((await publicProduct(bundle)).stock_quantity).toBe(4);
    const admins = await t.request({ method: 'GET', url: `/api/admin/products?ids=${bundle}`, token: admin });
    expect(admins.json().products[0].stock_quantity).toBe(4);
  });

  it('checks a member bought on its own and in a package of the same order together', async () => {
    const a = await productId({ stock_quantity: 3 });
    const b = await productId({ stock_quantity: 10 });
    const bundle = await packageOf([{ product_id: a, quantity: 1 }, { product_id: b, quantity: 1 }]);
    const refused = await placeOrder([
      { product_id: bundle, quantity: 2 },
      { product_id: a, quantity: 2 },
    ]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('out_of_stock');
    expect((await placeOrder([{ product_id: bundle, quantity: 2 }, { product_id: a, quantity: 1 }])).statusCode).toBe(201);
  });
});

describe('buying a package', () => {
  it('delivers every member’s keys (pool and generated) and files on the one line, grouped by member, at the package’s price', async () => {
    const pooled = await keyProduct(6, 'Pooled keys');
    const generated = await productId({ title: 'Generated keys', key_mode: 'generated', key_pattern: 'GEN-XXXX-XXXX', stock_quantity: 50 });
    const files = await fileProduct(10, 'handbook.pdf');
    const bundle = await packageOf(
      [
        { product_id: pooled.id, quantity: 2 },
        { product_id: generated, quantity: 1 },
        { product_id: files, quantity: 1 },
      ],
      { title: 'Everything bundle', price: 42.5 },
    );
    const order = await bought([{ product_id: bundle, quantity: 2 }]);
    const answer = await view(order);
    expect(Value.Check(OrderSchema, answer)).toBe(true);
    expect(answer).toMatchObject({ status: 'completed', goods_included: true, total_amount: 85 });
    expect(answer.items).toHaveLength(1);
    const line = answer.items[0] as OrderItem;
    expect(line).toMatchObject({ product_id: bundle, title: 'Everything bundle', quantity: 2, price: 42.5, delivery: 'license_key' });
    const [pool, gen, file] = line.members!;
    expect(pool).toMatchObject({ product_id: pooled.id, title: 'Pooled keys', quantity: 2, downloads: [] });
    expect(pool!.keys).toHaveLength(4);
    for (const key of pool!.keys) expect(pooled.keys).toContain(key);
    expect(gen).toMatchObject({ product_id: generated, title: 'Generated keys', quantity: 1, downloads: [] });
    expect(gen!.keys).toHaveLength(2);
    for (const key of gen!.keys) expect(key).toMatch(/^GEN-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(file).toMatchObject({ product_id: files, keys: [] });
    expect(file!.downloads.map((download) => download.name)).toEqual(['handbook.pdf']);
    // Older clients still find every key and file on the line itself.
    expect([...line.keys!].sort()).toEqual([...pool!.keys, ...gen!.keys].sort());
    expect(line.downloads).toEqual(file!.downloads);
    expect((await t.request({ method: 'GET', url: file!.downloads[0]!.url })).statusCode).toBe(200);

    // The members' stock went down by what the line took; the package's follows.
    expect((await publicProduct(pooled.id)).stock_quantity).toBe(2);
    expect((await publicProduct(files)).stock_quantity).toBe(8);
    expect((await publicProduct(bundle)).stock_quantity).toBe(1);

    // Staff's order details and the receipt group them too.
    const staff = await t.request({ method: 'GET', url: `/api/admin/orders?search=${order.id}`, token: admin });
    expect(staff.json().orders[0].items[0].members.map((member: { keys: string[] }) => member.keys.length)).toEqual([4, 2, 0]);
    const receipt = await t.app.db.selectFrom('mail_outbox').select(['text_body', 'html_body']).where('order_id', '=', order.id).where('kind', '=', 'receipt').executeTakeFirstOrThrow();
    expect(receipt.text_body).toContain('2 x Everything bundle');
    expect(receipt.text_body).toContain('   4 x Pooled keys');
    expect(receipt.text_body).toContain('   2 x Generated keys');
    expect(receipt.text_body).toContain('   2 x ');
    for (const key of [...pool!.keys, ...gen!.keys]) expect(receipt.text_body).toContain(`      Licence key: ${key}`);
    expect(receipt.html_body).toContain('4 × Pooled keys');
  });

  it('keeps what a line was sold as when staff change the package afterwards', async () => {
    const a = await keyProduct(3);
    const b = await keyProduct(3);
    const c = await keyProduct(3);
    const bundle = await packageOf([{ product_id: a.id, quantity: 1 }, { product_id: b.id, quantity: 1 }]);
    const order = await placed([{ product_id: bundle, quantity: 1 }]);
    await updateProduct(bundle, { product_type: 'package', package_items: [{ product_id: c.id, quantity: 1 }, { product_id: b.id, quantity: 1 }] });
    const captured = await capture(await approve(order.id));
    expect(captured.statusCode).toBe(200);
    const members = (await view(order)).items[0]!.members!;
    expect(members.map((member) => member.product_id)).toEqual([a.id, b.id]);
    expect((await keysSoldTo(order.id)).map((key) => key.product_id).sort()).toEqual([a.id, b.id].sort());
  });
});

describe('a package line before delivery', () => {
  it('shows its members as placed (titles, units) to the buyer and to staff while unpaid, with no goods, whatever staff change later', async () => {
    const keysTitle = `Placed keys ${tag()}`;
    const a = await keyProduct(6, keysTitle);
    const files = await fileProduct(5, 'placed.pdf');
    const filesTitle = (await publicProduct(files)).title as string;
    const bundle = await packageOf([{ product_id: a.id, quantity: 2 }, { product_id: files, quantity: 1 }], { title: `Placed bundle ${tag()}` });
    const order = await placed([{ product_id: bundle, quantity: 3 }]);
    // Staff change the package after the order was placed: the order keeps what it was placed with.
    await updateProduct(bundle, { product_type: 'package', package_items: [{ product_id: files, quantity: 4 }, { product_id: await productId(), quantity: 1 }] });
    const asPlaced = [
      { product_id: a.id, title: keysTitle, quantity: 2, keys: [], downloads: [] },
      { product_id: files, title: filesTitle, quantity: 1, keys: [], downloads: [] },
    ];

    const buyer = await view(order);
    expect(Value.Check(OrderSchema, buyer)).toBe(true);
    expect(buyer).toMatchObject({ status: 'pending', goods_included: false });
    expect(buyer.items[0]!.members).toEqual(asPlaced);
    expect(buyer.items[0]!.keys).toBeUndefined();

    const listed = await t.request({ method: 'GET', url: `/api/admin/orders?search=${order.id}`, token: admin });
    expect(listed.json().orders[0]).toMatchObject({ status: 'pending', items: [{ product_id: bundle, quantity: 3, members: asPlaced }] });
    // The same while PayPal holds it (payment started, not captured).
    await approve(order.id);
    expect((await view(order)).items[0]!.members).toEqual(asPlaced);

    // A staff-rejected order keeps showing what it held.
    const rejected = await t.request({ method: 'PATCH', url: `/api/admin/orders/${order.id}/status?status=rejected`, token: admin });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().items[0].members).toEqual(asPlaced);
  });
});

describe("an order's cap on units counts what its packages deliver", () => {
  it(`refuses more than ${LIMITS.orderMaxUnits} member units in one order, with or without other lines, before any stock check`, async () => {
    const a = await productId({ stock_quantity: 1000 });
    const b = await productId({ stock_quantity: 1000 });
    const c = await productId({ stock_quantity: 1000 });
    // 10 units in one package: 10 packages are 100 units, 11 are 110.
    const bundle = await packageOf([{ product_id: a, quantity: 6 }, { product_id: b, quantity: 4 }]);
    const over = await placeOrder([{ product_id: bundle, quantity: 11 }]);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({
      code: 'order_too_large',
      detail: `An order may hold at most ${LIMITS.orderMaxUnits} items in all; this one holds 110, counting each product a package includes`,
    });
    const mixed = await placeOrder([
      { product_id: bundle, quantity: 9 },
      { product_id: c, quantity: 11 },
    ]);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().detail).toContain('this one holds 101');
    // A member bought on its own beside the package counts too.
    expect((await placeOrder([{ product_id: bundle, quantity: 9 }, { product_id: a, quantity: 11 }])).json().code).toBe('order_too_large');

    const full = await placed([
      { product_id: bundle, quantity: 9 },
      { product_id: c, quantity: 10 },
    ]);
    expect((await view(full)).items.map((item) => item.quantity)).toEqual([9, 10]);
    // An order over the cap is refused as too large even when its members could not serve it either.
    await updateProduct(a, { stock_quantity: 5 });
    expect((await placeOrder([{ product_id: bundle, quantity: 11 }])).json().code).toBe('order_too_large');
  });
});

describe('20 parallel buyers of a package whose members have 5 keys each', () => {
  it('oversell nothing: 5 hold and are paid with a full set each, 15 are refused cleanly, no key is given twice', async () => {
    const a = await keyProduct(5);
    const b = await keyProduct(5);
    const bundle = await packageOf([{ product_id: a.id, quantity: 1 }, { product_id: b.id, quantity: 1 }]);
    const orders = await Promise.all(Array.from({ length: 20 }, () => placed([{ product_id: bundle, quantity: 1 }])));
    const starts = await Promise.all(orders.map((order) => startPayment(order.id)));
    const won = orders.filter((_, index) => starts[index]!.statusCode === 200);
    expect(won).toHaveLength(5);
    for (const response of starts.filter((start) => start.statusCode !== 200)) {
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('held_by_other_buyers');
    }
    // The admin's key dialog counts the package's holds on the member's keys.
    expect((await t.request({ method: 'GET', url: `/api/admin/products/${a.id}/keys`, token: admin })).json()).toEqual({ available: 5, sold: 0, reserved: 5 });

    // Every holder pays and every other order is confirmed by staff, all at once: exactly five are served.
    const paid = await Promise.all(
      won.map(async (order, index) => {
        const paypalOrderId = new URL(starts[orders.indexOf(order)]!.json().payment_url as string).searchParams.get('token')!;
        sandbox.state.approveOrder(paypalOrderId);
        void index;
        return capture(paypalOrderId);
      }),
    );
    const confirmed = await Promise.all(
      orders.filter((order) => !won.includes(order)).map((order) => t.request({ method: 'PATCH', url: `/api/admin/orders/${order.id}/status?status=confirmed`, token: admin })),
    );
    expect(paid.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    for (const response of confirmed) {
      expect(response.statusCode).toBe(409);
      expect(['out_of_stock', 'held_by_other_buyers', 'out_of_keys']).toContain(response.json().code);
    }
    const delivered: string[] = [];
    for (const order of won) {
      const members = (await view(order)).items[0]!.members!;
      expect(members.map((member) => member.keys.length)).toEqual([1, 1]);
      expect(a.keys).toContain(members[0]!.keys[0]);
      expect(b.keys).toContain(members[1]!.keys[0]);
      delivered.push(...members.flatMap((member) => member.keys));
    }
    expect(new Set(delivered).size).toBe(10);
    for (const order of orders.filter((order) => !won.includes(order))) expect((await keysSoldTo(order.id))).toHaveLength(0);
    expect((await publicProduct(bundle)).stock_quantity).toBe(0);
    expect((await publicProduct(a.id)).stock_quantity).toBe(0);
  });
});

describe('exactly once for a package line', () => {
  it('delivers once when the return, a second capture and replayed webhooks race', async () => {
    const a = await keyProduct(4);
    const b = await keyProduct(4);
    const files = await fileProduct(5);
    const bundle = await packageOf([
      { product_id: a.id, quantity: 1 },
      { product_id: b.id, quantity: 2 },
      { product_id: files, quantity: 1 },
    ]);
    const order = await placed([{ product_id: bundle, quantity: 1 }]);
    const paypalOrderId = await approve(order.id);
    const captures = await Promise.all([capture(paypalOrderId), capture(paypalOrderId), capture(paypalOrderId)]);
    expect(captures.filter((response) => response.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    const captureId = [...sandbox.state.captures.values()].find((entry) => entry.custom_id === order.id)!.id;
    const event = captureEvent(sandbox.state, captureId);
    const replays = await Promise.all([1, 2, 3].map(() => deliverWebhook(sandbox.state, { url: webhookUrl(), webhookId: LOCAL_WEBHOOK_ID, ...event })));
    expect(replays.map((response) => response.status)).toEqual([200, 200, 200]);

    const keys = await keysSoldTo(order.id);
    expect(keys.filter((key) => key.product_id === a.id)).toHaveLength(1);
    expect(keys.filter((key) => key.product_id === b.id)).toHaveLength(2);
    const copies = await t.app.db
      .selectFrom('order_item_files')
      .innerJoin('order_items', 'order_items.id', 'order_item_files.order_item_id')
      .select('order_item_files.file_id')
      .where('order_items.order_id', '=', order.id)
      .execute();
    expect(copies).toHaveLength(1);
    const receipts = await t.app.db.selectFrom('mail_outbox').select('id').where('order_id', '=', order.id).where('kind', '=', 'receipt').execute();
    expect(receipts).toHaveLength(1);
    expect([...sandbox.state.captures.values()].filter((entry) => entry.custom_id === order.id)).toHaveLength(1);
    expect((await publicProduct(b.id)).stock_quantity).toBe(2);
    expect((await view(order)).items[0]!.members!.map((member) => member.keys.length)).toEqual([1, 2, 0]);
  });
});

describe('a refunded package', () => {
  it("revokes every member's keys and stops every member's download links", async () => {
    const a = await keyProduct(2);
    const generated = await productId({ key_mode: 'generated', key_pattern: 'RFD-XXXX-XXXX', stock_quantity: 5 });
    const files = await fileProduct(5);
    const bundle = await packageOf([
      { product_id: a.id, quantity: 1 },
      { product_id: generated, quantity: 1 },
      { product_id: files, quantity: 1 },
    ]);
    const order = await bought([{ product_id: bundle, quantity: 1 }]);
    const members = (await view(order)).items[0]!.members!;
    const link = members[2]!.downloads[0]!.url;
    const validate = async (key: string, product_id: string) =>
      (await t.request({ method: 'POST', url: '/api/licenses/validate', payload: { key, product_id } })).json<{ status: string }>();
    expect(await validate(members[0]!.keys[0]!, a.id)).toMatchObject({ status: 'active' });
    expect(await validate(members[1]!.keys[0]!, generated)).toMatchObject({ status: 'active' });

    const refunded = await t.request({ method: 'POST', url: `/api/admin/orders/${order.id}/refund`, token: admin, payload: { reason: 'Asked' } });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await validate(members[0]!.keys[0]!, a.id)).toMatchObject({ status: 'revoked' });
    expect(await validate(members[1]!.keys[0]!, generated)).toMatchObject({ status: 'revoked' });
    const keys = await keysSoldTo(order.id);
    expect(keys).toHaveLength(2);
    expect(keys.every((key) => key.revoked_at !== null)).toBe(true);
    const stopped = await t.request({ method: 'GET', url: link });
    expect(stopped.statusCode).toBe(403);
    expect(stopped.json().code).toBe('order_refunded');
    const after = await view(order);
    expect(after).toMatchObject({ status: 'refunded', goods_included: false });
    expect(after.items[0]).not.toHaveProperty('keys');
    expect(after.items[0]).not.toHaveProperty('downloads');
    // What it was made of stays shown; none of its goods do.
    expect(after.items[0]!.members!.map((member) => [member.product_id, member.keys, member.downloads])).toEqual([
      [a.id, [], []],
      [generated, [], []],
      [files, [], []],
    ]);
  });
});
