import { randomBytes } from 'node:crypto';
import { captureEvent, deliverWebhook, orderApprovedEvent, startPaymentSandbox, SANDBOX_CREDENTIALS, type RunningPaymentSandbox } from '@store/payment-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireStaleOrders } from '../src/orders/order-service.ts';
import { LOCAL_WEBHOOK_ID, reconcilePayments } from '../src/payments/payment-service.ts';
import { PayPalClient, type PayPalOrder } from '../src/payments/paypal-client.ts';
import type { PayPalEndpoint } from '../src/payments/paypal-endpoint.ts';
import { build, type TestApp } from './helpers/build.ts';
import { startSmtpPeer, type SmtpPeer } from './helpers/smtp-peer.ts';
import { waitFor } from './helpers/wait-for.ts';

/*
 * Money taken always means goods delivered or money returned: every writer of an order's row (the expiry
 * sweep, staff, a webhook, a second capture, the reconciliation) is raced against PayPal's capture, and a
 * crash between PayPal's answer and our commit is simulated. On PostgreSQL (TEST_DATABASE_URL) the
 * parallel cases really run at once on a pool of connections.
 */

/** A PayPal client that lets a test run work of its own while PayPal creates an order, or just before or after it captures. */
class InterleavingPayPal extends PayPalClient {
  beforeCreate: (() => Promise<void>) | null = null;
  beforeCapture: (() => Promise<void>) | null = null;
  afterCapture: (() => Promise<void>) | null = null;

  override async createOrder(endpoint: PayPalEndpoint, payload: unknown, requestId: string): Promise<PayPalOrder> {
    const before = this.beforeCreate;
    this.beforeCreate = null;
    await before?.();
    return super.createOrder(endpoint, payload, requestId);
  }

  override async captureOrder(endpoint: PayPalEndpoint, paypalOrderId: string, requestId: string): Promise<PayPalOrder> {
    const before = this.beforeCapture;
    const after = this.afterCapture;
    this.beforeCapture = null;
    this.afterCapture = null;
    await before?.();
    const captured = await super.captureOrder(endpoint, paypalOrderId, requestId);
    await after?.();
    return captured;
  }
}

const paypal = new InterleavingPayPal();
let t: TestApp;
let sandbox: RunningPaymentSandbox;
let peer: SmtpPeer;
let admin: string;
let endpoint: PayPalEndpoint;

beforeAll(async () => {
  [sandbox, peer] = await Promise.all([startPaymentSandbox(), startSmtpPeer()]);
  t = await build({ AUTH_RATE_LIMIT_PER_MINUTE: '100000', PAYPAL_API_URL: sandbox.url, PUBLIC_URL: 'http://shop.test' }, { paypal });
  admin = await t.adminToken();
  endpoint = { baseUrl: sandbox.url, clientId: SANDBOX_CREDENTIALS.clientId, clientSecret: SANDBOX_CREDENTIALS.clientSecret, local: true };
  await t.request({
    method: 'PUT',
    url: '/api/admin/settings',
    token: admin,
    payload: { smtp_host: '127.0.0.1', smtp_port: peer.port, smtp_use_tls: false, smtp_from_email: 'shop@example.com' },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await Promise.all([sandbox.close(), peer.close()]);
});

const tag = () => randomBytes(4).toString('hex');
/** Far enough ahead that every unpaid hold has lapsed. */
const later = () => new Date(Date.now() + 2 * 3600_000);

async function productWithKeys(keys: number): Promise<string> {
  const product = await t.request({
    method: 'POST',
    url: '/api/admin/products',
    token: admin,
    payload: { title: `Raced ${tag()}`, price: 15, description: 'd', detailed_description: 'dd' },
  });
  const id = product.json().id as string;
  const pool = Array.from({ length: keys }, () => `RACE-${tag()}-${tag()}`);
  await t.request({ method: 'POST', url: `/api/admin/products/${id}/keys`, token: admin, payload: { keys: pool.join('\n') } });
  return id;
}

interface Placed {
  id: string;
  access_token: string;
  email: string;
}

/** A buyer of their own (email and address) orders one unit: one buyer's newer payment start would replace their older hold. */
async function placeOrder(productId: string): Promise<Placed> {
  const email = `racer-${tag()}@example.com`;
  const response = await t.request({
    method: 'POST',
    url: '/api/orders',
    remoteAddress: `10.23.${randomBytes(1)[0]!}.${1 + (randomBytes(1)[0]! % 250)}`,
    payload: { items: [{ product_id: productId, quantity: 1 }], invoice_data: { email, name: 'Race Buyer', address: '1 Road', city: 'Leeds', country: 'UK' } },
  });
  expect(response.statusCode).toBe(201);
  return { ...response.json<{ id: string; access_token: string }>(), email };
}

/** Sends the buyer to PayPal and approves there; answers PayPal's order id. */
async function approve(orderId: string): Promise<string> {
  const created = await t.request({ method: 'POST', url: `/api/payments/create?order_id=${orderId}` });
  expect(created.statusCode).toBe(200);
  const paypalOrderId = new URL(created.json().payment_url as string).searchParams.get('token')!;
  sandbox.state.approveOrder(paypalOrderId);
  return paypalOrderId;
}

const capture = (paypalOrderId: string) => t.request({ method: 'POST', url: `/api/paypal/capture-order/${paypalOrderId}` });
const startPayment = (orderId: string) => t.request({ method: 'POST', url: `/api/payments/create?order_id=${orderId}` });
/** Ends these orders' holds now, as the sweep does once their minutes are over (the orders stay payable). */
async function endHolds(...orderIds: string[]): Promise<void> {
  await t.app.db.updateTable('orders').set({ hold_expires_at: new Date(Date.now() - 1000) }).where('id', 'in', orderIds).execute();
  await expireStaleOrders(t.app);
}
const paypalOrdersOf = (orderId: string) => [...sandbox.state.orders.values()].filter((entry) => entry.purchaseUnits[0]?.custom_id === orderId);
const reject = (orderId: string) => t.request({ method: 'PATCH', url: `/api/admin/orders/${orderId}/status?status=rejected`, token: admin });
const view = async (order: Placed) => (await t.request({ method: 'GET', url: `/api/guest/orders/${order.id}?token=${order.access_token}` })).json();
const capturesOf = (orderId: string) => [...sandbox.state.captures.values()].filter((entry) => entry.custom_id === orderId);
const row = (orderId: string) => t.app.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
const webhookUrl = () => `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}/api/paypal/webhook`;
const mailTo = (email: string, pattern: RegExp) => waitFor(() => peer.received.find((mail) => mail.to.includes(email) && pattern.test(mail.decoded)), `mail to ${email}`);

describe('a capture raced by the other writers of the order', () => {
  it('delivers when the expiry sweep runs while PayPal captures: the sweep leaves a claimed order alone', async () => {
    const order = await placeOrder(await productWithKeys(1));
    const paypalOrderId = await approve(order.id);
    paypal.beforeCapture = async () => {
      await expireStaleOrders(t.app, later());
      expect((await row(order.id)).status).toBe('pending');
    };
    const response = await capture(paypalOrderId);
    expect(response.statusCode).toBe(200);
    expect(await view(order)).toMatchObject({ status: 'completed', goods_included: true, items: [{ keys: [expect.stringMatching(/^RACE-/)] }] });
  });

  it("refuses the admin's reject while PayPal captures, then delivers", async () => {
    const order = await placeOrder(await productWithKeys(1));
    const paypalOrderId = await approve(order.id);
    let rejected: Awaited<ReturnType<typeof reject>> | undefined;
    paypal.beforeCapture = async () => {
      rejected = await reject(order.id);
    };
    expect((await capture(paypalOrderId)).statusCode).toBe(200);
    expect(rejected!.statusCode).toBe(409);
    expect(rejected!.json().code).toBe('payment_in_progress');
    expect((await view(order)).status).toBe('completed');
  });

  it('does not capture an order the sweep failed first: the buyer keeps the money', async () => {
    const order = await placeOrder(await productWithKeys(1));
    const paypalOrderId = await approve(order.id);
    await expireStaleOrders(t.app, later());
    const response = await capture(paypalOrderId);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('order_not_payable');
    expect(capturesOf(order.id)).toHaveLength(0);
    expect((await view(order)).status).toBe('failed');
  });

  it('delivers later when the process dies between PayPal’s capture and our commit: the reconciliation settles it', async () => {
    const order = await placeOrder(await productWithKeys(1));
    const paypalOrderId = await approve(order.id);
    paypal.afterCapture = async () => {
      throw new Error('the process died here');
    };
    const crashed = await capture(paypalOrderId);
    expect(crashed.statusCode).toBe(502);
    expect(capturesOf(order.id)).toMatchObject([{ status: 'COMPLETED' }]);
    expect(await row(order.id)).toMatchObject({ status: 'pending', stock_reserved: true, capture_claimed_at: expect.any(Date) });

    // The claim outlives the hold: the sweep does not fail an order whose money may be taken.
    await expireStaleOrders(t.app, later());
    expect((await row(order.id)).status).toBe('pending');

    const result = await reconcilePayments(t.app, new Date(Date.now() + 5 * 60_000));
    expect(result.settled).toBeGreaterThanOrEqual(1);
    expect(await view(order)).toMatchObject({ status: 'completed', goods_included: true, payment_id: capturesOf(order.id)[0]!.id });
    await mailTo(order.email, /Licence key: RACE-/);
    expect(capturesOf(order.id)).toHaveLength(1);
  });

  it('refunds in full, and mails the buyer, when money arrives for a lapsed order whose goods were sold meanwhile', async () => {
    const productId = await productWithKeys(1);
    const late = await placeOrder(productId);
    const paypalOrderId = await approve(late.id);
    await expireStaleOrders(t.app, later());
    const other = await placeOrder(productId);
    expect((await t.request({ method: 'PATCH', url: `/api/admin/orders/${other.id}/status?status=confirmed`, token: admin })).statusCode).toBe(200);
    // PayPal captured anyway (made at PayPal, or a capture that escaped the claim): the webhook says so.
    const captured = await new PayPalClient().captureOrder(endpoint, paypalOrderId, `outside-${late.id}`);
    const captureId = captured.purchase_units![0]!.payments!.captures![0]!.id;
    const delivery = await deliverWebhook(sandbox.state, { url: webhookUrl(), webhookId: LOCAL_WEBHOOK_ID, ...captureEvent(sandbox.state, captureId) });
    expect(delivery.status).toBe(200);

    expect(await view(late)).toMatchObject({ status: 'refunded', goods_included: false });
    expect(sandbox.state.captures.get(captureId)!.status).toBe('REFUNDED');
    expect((await row(late.id)).refund_id).toEqual(expect.any(String));
    await mailTo(late.email, /refunded in full/);
    // The other buyer keeps the only key.
    expect((await view(other)).items[0].keys).toHaveLength(1);
  });

  it('delivers a lapsed order when its money arrives and its goods are still there', async () => {
    const order = await placeOrder(await productWithKeys(2));
    const paypalOrderId = await approve(order.id);
    await expireStaleOrders(t.app, later());
    expect((await row(order.id)).status).toBe('failed');
    await new PayPalClient().captureOrder(endpoint, paypalOrderId, `outside-${order.id}`);
    await reconcilePayments(t.app, new Date(Date.now() + 5 * 60_000));
    expect(await view(order)).toMatchObject({ status: 'completed', goods_included: true });
  });

  it('releases the claim of a declined capture, so the order can lapse and return its stock', async () => {
    const order = await placeOrder(await productWithKeys(1));
    const paypalOrderId = await approve(order.id);
    sandbox.state.forceCaptureStatus(paypalOrderId, 'DECLINED');
    const response = await capture(paypalOrderId);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('payment_declined');
    expect((await row(order.id)).capture_claimed_at).toBeNull();
    await expireStaleOrders(t.app, later());
    expect((await row(order.id)).status).toBe('failed');
  });
});

describe('holds at the payment start raced by the sweep, other buyers and late captures (decision 036)', () => {
  it('a payment start after the order lapsed holds nothing and sends nobody to PayPal', async () => {
    const productId = await productWithKeys(1);
    const order = await placeOrder(productId);
    await expireStaleOrders(t.app, new Date(Date.now() + 11 * 60_000));
    const response = await startPayment(order.id);
    expect(response.statusCode).toBe(409);
    expect(['order_expired', 'order_not_payable']).toContain(response.json().code);
    expect(await row(order.id)).toMatchObject({ status: 'failed', stock_reserved: false });
    expect(paypalOrdersOf(order.id)).toHaveLength(0);
    // The unit is free for the next buyer.
    const next = await placeOrder(productId);
    expect((await startPayment(next.id)).statusCode).toBe(200);
  });

  it('a payment start just before the order’s end wins over the sweep that runs while PayPal answers', async () => {
    const order = await placeOrder(await productWithKeys(1));
    await t.app.db.updateTable('orders').set({ expires_at: new Date(Date.now() + 1500) }).where('id', '=', order.id).execute();
    paypal.beforeCreate = async () => {
      await new Promise((resolve) => setTimeout(resolve, 1600));
      await expireStaleOrders(t.app);
    };
    const response = await startPayment(order.id);
    expect(response.statusCode).toBe(200);
    const stored = await row(order.id);
    expect(stored).toMatchObject({ status: 'pending', stock_reserved: true, paypal_order_id: expect.any(String) });
    expect(stored.expires_at!.getTime()).toBeGreaterThan(Date.now() + 25 * 60_000);
  });

  it('payment starts and sweeps at once around the orders’ end: every order ends held and payable, or lapsed and holding nothing', async () => {
    const ORDERS = 8;
    const productId = await productWithKeys(ORDERS);
    const orders = await Promise.all(Array.from({ length: ORDERS }, () => placeOrder(productId)));
    // Each order's end falls within the next few milliseconds, some already past.
    await Promise.all(
      orders.map((order, index) =>
        t.app.db.updateTable('orders').set({ expires_at: new Date(Date.now() + (index - ORDERS / 2) * 15) }).where('id', '=', order.id).execute(),
      ),
    );
    const answers = await Promise.all([
      ...orders.map((order) => startPayment(order.id)),
      ...orders.map(() => expireStaleOrders(t.app).then(() => null)),
    ]);
    await expireStaleOrders(t.app);
    for (const [index, order] of orders.entries()) {
      const answer = answers[index]!;
      const stored = await row(order.id);
      if (answer.statusCode === 200) {
        expect(stored).toMatchObject({ status: 'pending', stock_reserved: true });
        expect(stored.expires_at!.getTime()).toBeGreaterThan(Date.now() + 25 * 60_000);
      } else {
        // Refused before PayPal was asked: nobody is sent to pay for an order that holds nothing.
        expect(answer.statusCode).toBe(409);
        expect(stored).toMatchObject({ status: 'failed', stock_reserved: false });
        expect(paypalOrdersOf(order.id)).toHaveLength(0);
      }
    }
  });

  it('two buyers starting payment for the last unit at once: one holds it and pays, the other is told it is held, then sold', async () => {
    const productId = await productWithKeys(1);
    const [first, second] = await Promise.all([placeOrder(productId), placeOrder(productId)]);
    const [a, b] = await Promise.all([startPayment(first.id), startPayment(second.id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const [winner, loser, refused] = a.statusCode === 200 ? [first, second, b] : [second, first, a];
    expect(refused.json().code).toBe('held_by_other_buyers');
    expect(await row(loser.id)).toMatchObject({ status: 'pending', stock_reserved: false });
    expect(paypalOrdersOf(loser.id)).toHaveLength(0);

    const paypalOrderId = (await row(winner.id)).paypal_order_id!;
    sandbox.state.approveOrder(paypalOrderId);
    expect((await capture(paypalOrderId)).statusCode).toBe(200);
    expect(await view(winner)).toMatchObject({ status: 'completed', goods_included: true });
    const after = await startPayment(loser.id);
    expect(after.statusCode).toBe(409);
    expect(after.json().code).toBe('out_of_stock');
  });

  it('a buyer back from PayPal after their hold ended, the unit sold meanwhile: nothing is captured and the answer says so', async () => {
    const productId = await productWithKeys(1);
    const slow = await placeOrder(productId);
    const paypalOrderId = await approve(slow.id);
    await endHolds(slow.id);
    const quick = await placeOrder(productId);
    const quickPayPal = await approve(quick.id);
    expect((await capture(quickPayPal)).statusCode).toBe(200);

    const response = await capture(paypalOrderId);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('out_of_stock');
    expect(response.json().detail).toMatch(/is out of stock\. Nothing was charged: your PayPal payment was not taken\.$/);
    expect(capturesOf(slow.id)).toHaveLength(0);
    expect(await row(slow.id)).toMatchObject({ status: 'pending', stock_reserved: false, capture_claimed_at: null });
  });

  it('money that arrives anyway for an order whose hold ended, the unit sold meanwhile, is refunded in full and the buyer mailed', async () => {
    const productId = await productWithKeys(1);
    const slow = await placeOrder(productId);
    const paypalOrderId = await approve(slow.id);
    await endHolds(slow.id);
    const quick = await placeOrder(productId);
    expect((await capture(await approve(quick.id))).statusCode).toBe(200);
    // PayPal captured outside our claim (at PayPal, or a capture that escaped it): the webhook says so.
    const captured = await new PayPalClient().captureOrder(endpoint, paypalOrderId, `outside-${slow.id}`);
    const captureId = captured.purchase_units![0]!.payments!.captures![0]!.id;
    const delivery = await deliverWebhook(sandbox.state, { url: webhookUrl(), webhookId: LOCAL_WEBHOOK_ID, ...captureEvent(sandbox.state, captureId) });
    expect(delivery.status).toBe(200);
    expect(await view(slow)).toMatchObject({ status: 'refunded', goods_included: false });
    expect(sandbox.state.captures.get(captureId)!.status).toBe('REFUNDED');
    await mailTo(slow.email, /refunded in full/);
    expect((await view(quick)).items[0].keys).toHaveLength(1);
  });

  it('a buyer back from PayPal after their hold ended takes the unit again and is delivered when it is still free', async () => {
    const order = await placeOrder(await productWithKeys(1));
    const paypalOrderId = await approve(order.id);
    await endHolds(order.id);
    expect((await row(order.id)).stock_reserved).toBe(false);
    expect((await capture(paypalOrderId)).statusCode).toBe(200);
    expect(await view(order)).toMatchObject({ status: 'completed', goods_included: true });
  });

  it('a buyer back after their hold ended and a new buyer starting payment for the last unit at once: exactly one gets it, and money is only taken for it', async () => {
    const productId = await productWithKeys(1);
    const back = await placeOrder(productId);
    const paypalOrderId = await approve(back.id);
    await endHolds(back.id);
    const fresh = await placeOrder(productId);
    const [captured, started] = await Promise.all([capture(paypalOrderId), startPayment(fresh.id)]);
    expect([captured.statusCode, started.statusCode].sort()).toEqual([200, 409]);
    if (captured.statusCode === 200) {
      expect(await view(back)).toMatchObject({ status: 'completed', goods_included: true });
      expect(['held_by_other_buyers', 'out_of_stock']).toContain(started.json().code);
    } else {
      expect(captured.json().code).toBe('held_by_other_buyers');
      expect(capturesOf(back.id)).toHaveLength(0);
      expect(await row(fresh.id)).toMatchObject({ stock_reserved: true });
    }
  });
});

describe('the reconciliation job', () => {
  it('captures and delivers an approval whose buyer never came back and whose webhook was lost', async () => {
    const order = await placeOrder(await productWithKeys(1));
    await approve(order.id);
    await reconcilePayments(t.app, new Date(Date.now() + 5 * 60_000));
    expect(await view(order)).toMatchObject({ status: 'completed', goods_included: true });
  });

  it('asks about a closed order once, captures nothing, and then leaves it', async () => {
    const order = await placeOrder(await productWithKeys(1));
    await approve(order.id);
    expect((await reject(order.id)).statusCode).toBe(200);
    await reconcilePayments(t.app, new Date(Date.now() + 5 * 60_000));
    expect(capturesOf(order.id)).toHaveLength(0);
    expect((await row(order.id)).payment_settled_at).toEqual(expect.any(Date));
    const checked = (await row(order.id)).paypal_checked_at;
    await reconcilePayments(t.app, new Date(Date.now() + 60 * 60_000));
    expect((await row(order.id)).paypal_checked_at).toEqual(checked);
  });
});

describe('webhooks for orders that can no longer be paid', () => {
  it('answer 200 (so PayPal stops retrying) and capture nothing', async () => {
    const order = await placeOrder(await productWithKeys(1));
    const paypalOrderId = await approve(order.id);
    await expireStaleOrders(t.app, later());
    const delivery = await deliverWebhook(sandbox.state, { url: webhookUrl(), webhookId: LOCAL_WEBHOOK_ID, ...orderApprovedEvent(sandbox.state, paypalOrderId) });
    expect(delivery.status).toBe(200);
    expect(capturesOf(order.id)).toHaveLength(0);
  });

  it('answer an event whose resource id is not a PayPal id without looking it up', async () => {
    const delivery = await deliverWebhook(sandbox.state, {
      url: webhookUrl(),
      webhookId: LOCAL_WEBHOOK_ID,
      eventType: 'CHECKOUT.ORDER.APPROVED',
      resource: { id: 'ABC\u0000DEF' },
    });
    expect(delivery.status).toBe(200);
  });
});

describe('many buyers racing the sweep and staff at once', () => {
  it('ends every order with the goods or the money back, never neither and never both', async () => {
    const ORDERS = 8;
    const productId = await productWithKeys(ORDERS);
    const orders = await Promise.all(Array.from({ length: ORDERS }, () => placeOrder(productId)));
    const paypalIds = await Promise.all(orders.map((order) => approve(order.id)));
    await Promise.all(
      orders.flatMap((order, index) => [capture(paypalIds[index]!), capture(paypalIds[index]!), expireStaleOrders(t.app, later()), reject(order.id)]),
    );
    // Whatever a capture left unknown is settled by the reconciliation.
    await reconcilePayments(t.app, new Date(Date.now() + 5 * 60_000));

    for (const order of orders) {
      const shown = await view(order);
      const captures = capturesOf(order.id);
      expect(captures.length).toBeLessThanOrEqual(1);
      const money = captures[0];
      if (money?.status === 'COMPLETED') {
        expect(shown).toMatchObject({ status: 'completed', goods_included: true });
        expect(shown.items[0].keys).toHaveLength(1);
      } else if (money) {
        expect(money.status).toBe('REFUNDED');
        expect(shown.status).toBe('refunded');
      } else {
        expect(['failed', 'rejected']).toContain(shown.status);
        expect(shown.goods_included).toBe(false);
      }
    }
    const sold = await t.app.db.selectFrom('license_keys').select('order_item_id').where('product_id', '=', productId).where('order_item_id', 'is not', null).execute();
    expect(new Set(sold.map((key) => key.order_item_id)).size).toBe(sold.length);
  });
});
