import { randomBytes } from 'node:crypto';
import { AdminOrderSchema, type AdminOrder, type AdminOrderList, type DashboardStats, type Order } from '@store/contracts';
import {
  deliverWebhook,
  disputeEvent,
  refundAtPayPal,
  refundEvent,
  replayWebhook,
  startPaymentSandbox,
  type RunningPaymentSandbox,
  type WebhookEventInput,
} from '@store/payment-sandbox';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_WEBHOOK_ID } from '../src/payments/payment-service.ts';
import { PayPalError } from '../src/payments/paypal-client.ts';
import { finishStaleRefunds, STALE_REFUND_CLAIM_MS } from '../src/payments/refunds.ts';
import { build, type TestApp } from './helpers/build.ts';
import { startSmtpPeer, type SmtpPeer } from './helpers/smtp-peer.ts';
import { waitFor } from './helpers/wait-for.ts';

/*
 * Refunds of sold orders and PayPal disputes (issue 14 items 5-6, docs/decisions/026-refunds-and-disputes.md):
 * staff refund a PayPal-paid order through the sandbox, its keys are revoked (the licence check says so),
 * its download links stop and the buyer is mailed; a refund made at PayPal arrives by webhook and does the
 * same; replays, races and PayPal not answering never refund twice. Runs on PostgreSQL when
 * TEST_DATABASE_URL is set and on PGlite otherwise.
 */

let t: TestApp;
let sandbox: RunningPaymentSandbox;
let peer: SmtpPeer;
let admin: string;

beforeAll(async () => {
  [sandbox, peer] = await Promise.all([startPaymentSandbox(), startSmtpPeer()]);
  t = await build({ AUTH_RATE_LIMIT_PER_MINUTE: '100000', LICENSE_KEY_RATE_LIMIT_PER_MINUTE: '100000', PAYPAL_API_URL: sandbox.url });
  admin = await t.adminToken();
  // PayPal's webhooks come over the network.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await t.request({
    method: 'PUT',
    url: '/api/admin/settings',
    token: admin,
    payload: { smtp_host: '127.0.0.1', smtp_port: peer.port, smtp_use_tls: false, smtp_from_email: 'shop@example.com' },
  });
});
afterAll(async () => {
  await t.close();
  await Promise.all([sandbox.close(), peer.close()]);
});

const tag = () => randomBytes(4).toString('hex');
const FILE_BYTES = Buffer.from('the course, zipped');

function multipart(name: string, data: Buffer) {
  const boundary = `----refunds${tag()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function createProduct(payload: Record<string, unknown>): Promise<string> {
  const response = await t.request({
    method: 'POST',
    url: '/api/admin/products',
    token: admin,
    payload: { title: `Refundable ${tag()}`, price: 20, description: 'd', detailed_description: 'dd', ...payload },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

interface Sale {
  order: Order & { access_token: string };
  captureId: string;
  key: string;
  keyProductId: string;
  email: string;
}

/** A guest buys a licence key (and a file) through the PayPal sandbox: created, approved on the sandbox's page, captured. */
async function paidSale({ withFile = true } = {}): Promise<Sale> {
  const keyProductId = await createProduct({ price: 25 });
  const key = `RF-${tag().toUpperCase()}-${tag().toUpperCase()}`;
  await t.request({ method: 'POST', url: `/api/admin/products/${keyProductId}/keys`, token: admin, payload: { keys: key } });
  const items = [{ product_id: keyProductId, quantity: 1 }];
  if (withFile) {
    const fileProductId = await createProduct({ price: 15, stock_quantity: 10 });
    const upload = await t.request({
      method: 'POST',
      url: `/api/admin/products/${fileProductId}/files`,
      token: admin,
      ...multipart('course.zip', FILE_BYTES),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    items.push({ product_id: fileProductId, quantity: 1 });
  }
  const email = `refund-${tag()}@example.com`;
  const created = await t.request({
    method: 'POST',
    url: '/api/orders',
    payload: { items, invoice_data: { email, name: 'Rene Refund', address: '1 Road', city: 'Leeds', country: 'UK' } },
  });
  expect(created.statusCode, created.body).toBe(201);
  const order = created.json<Order & { access_token: string }>();
  const started = await t.request({ method: 'POST', url: `/api/payments/create?order_id=${order.id}` });
  expect(started.statusCode, started.body).toBe(200);
  const paypalOrderId = new URL(started.json().payment_url as string).searchParams.get('token')!;
  const approved = await fetch(`${sandbox.url}/checkoutnow/${paypalOrderId}/approve`, { method: 'POST', redirect: 'manual' });
  expect(approved.status).toBe(303);
  const captured = await t.request({ method: 'POST', url: `/api/paypal/capture-order/${paypalOrderId}` });
  expect(captured.statusCode, captured.body).toBe(200);
  return { order, captureId: captured.json().capture_id as string, key, keyProductId, email };
}

const guestView = async (sale: Sale) =>
  (await t.request({ method: 'GET', url: `/api/guest/orders/${sale.order.id}?token=${sale.order.access_token}` })).json<Order>();

const refund = (orderId: string, payload: unknown = { reason: 'Buyer asked within 14 days' }, token = admin) =>
  t.request({ method: 'POST', url: `/api/admin/orders/${orderId}/refund`, token, payload: payload as Record<string, unknown> });

async function adminOrder(orderId: string): Promise<AdminOrder> {
  const list = await t.request({ method: 'GET', url: `/api/admin/orders?search=${orderId}`, token: admin });
  expect(list.statusCode, list.body).toBe(200);
  const found = list.json<AdminOrderList>().orders.find((order) => order.id === orderId);
  expect(found).toBeDefined();
  expect(Value.Check(AdminOrderSchema, found)).toBe(true);
  return found!;
}

const validate = async (key: string, productId: string) =>
  (await t.request({ method: 'POST', url: '/api/licenses/validate', payload: { key, product_id: productId } })).json<{
    status: string;
    valid: boolean;
  }>();

const refundsAtSandbox = (captureId: string) => sandbox.state.captures.get(captureId)?.refunds ?? [];

const refundMails = (email: string) =>
  t.app.db.selectFrom('mail_outbox').selectAll().where('recipient', '=', email).where('kind', '=', 'refund').execute();

const webhook = (input: WebhookEventInput) =>
  deliverWebhook(sandbox, {
    ...input,
    url: `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}/api/paypal/webhook`,
    webhookId: LOCAL_WEBHOOK_ID,
  });

describe('staff refund a sold order', () => {
  it('refunds through PayPal: the order is refunded, its key revoked, its downloads stopped, the buyer mailed', async () => {
    const sale = await paidSale();
    const before = await guestView(sale);
    expect(before.status).toBe('completed');
    const link = before.items.find((item) => item.delivery === 'download')!.downloads![0]!.url;
    expect((await t.request({ method: 'GET', url: link })).statusCode).toBe(200);
    expect(await validate(sale.key, sale.keyProductId)).toMatchObject({ status: 'active', valid: true });

    const response = await refund(sale.order.id, { reason: '  Buyer asked within 14 days  ' });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<AdminOrder>();
    expect(Value.Check(AdminOrderSchema, answer)).toBe(true);
    expect(answer).toMatchObject({
      status: 'refunded',
      refund_in_progress: false,
      refund: { origin: 'staff', reason: 'Buyer asked within 14 days', refund_id: expect.any(String) },
    });

    // PayPal gave the whole capture back, once, under the order's own request id.
    expect(refundsAtSandbox(sale.captureId)).toHaveLength(1);
    expect(sandbox.state.captures.get(sale.captureId)!.status).toBe('REFUNDED');
    expect(answer.refund!.refund_id).toBe(refundsAtSandbox(sale.captureId)[0]!.id);

    // The goods stop: no keys or links on the order page, the old link refused, the licence check says revoked.
    const after = await guestView(sale);
    expect(after).toMatchObject({ status: 'refunded', goods_included: false });
    expect(after.items.every((item) => item.keys === undefined && item.downloads === undefined)).toBe(true);
    const stopped = await t.request({ method: 'GET', url: link });
    expect(stopped.statusCode).toBe(403);
    expect(stopped.json()).toMatchObject({ code: 'order_refunded' });
    expect(await validate(sale.key, sale.keyProductId)).toMatchObject({ status: 'revoked', valid: false });
    const keyRow = await t.app.db
      .selectFrom('license_keys')
      .select(['revoked_at', 'order_item_id'])
      .where('product_id', '=', sale.keyProductId)
      .executeTakeFirstOrThrow();
    expect(keyRow.revoked_at).not.toBeNull();
    expect(keyRow.order_item_id).not.toBeNull();

    // The buyer's mail says so, in text and HTML, without staff's reason.
    const mail = await waitFor(
      () => peer.received.find((entry) => entry.to.includes(sale.email) && entry.decoded.includes('was refunded')),
      'the refund mail',
    );
    expect(mail.decoded).toContain('$40.00');
    expect(mail.decoded).toContain('deactivated');
    expect(mail.decoded).not.toContain('14 days');
  });

  it('never sells a revoked key again: the product has no key left to sell', async () => {
    const sale = await paidSale({ withFile: false });
    expect((await refund(sale.order.id)).statusCode).toBe(200);
    const again = await t.request({
      method: 'POST',
      url: '/api/orders',
      payload: {
        items: [{ product_id: sale.keyProductId, quantity: 1 }],
        invoice_data: { email: `next-${tag()}@example.com`, name: 'Next Buyer', address: '2 Road', city: 'York', country: 'UK' },
      },
    });
    expect(again.statusCode, again.body).toBe(409);
    const stock = await t.request({ method: 'GET', url: `/api/admin/products/${sale.keyProductId}/keys`, token: admin });
    expect(stock.json()).toMatchObject({ available: 0 });
  });

  it('requires a reason of 3 to 500 plain characters, and changes nothing without one', async () => {
    const sale = await paidSale({ withFile: false });
    for (const payload of [
      {},
      { reason: '' },
      { reason: '  ' },
      { reason: 'no' },
      { reason: 'x'.repeat(501) },
      { reason: 'bad\u0000reason' },
      { reason: 'x'.repeat(1024 * 1024) },
      { reason: 42 },
      { reason: { text: 'an object' } },
    ]) {
      const response = await refund(sale.order.id, payload);
      expect([400, 413], JSON.stringify(payload).slice(0, 60)).toContain(response.statusCode);
      expect(response.json().detail).toEqual(expect.any(String));
    }
    expect((await guestView(sale)).status).toBe('completed');
    expect(refundsAtSandbox(sale.captureId)).toHaveLength(0);
  });

  it('refuses an order that is not completed, already refunded, or not paid through PayPal', async () => {
    const productId = await createProduct({ price: 12, stock_quantity: 5 });
    const pending = await t.request({
      method: 'POST',
      url: '/api/orders',
      payload: {
        items: [{ product_id: productId, quantity: 1 }],
        invoice_data: { email: `p-${tag()}@example.com`, name: 'Pat Pending', address: '3 Road', city: 'Hull', country: 'UK' },
      },
    });
    const notYet = await refund(pending.json().id);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json()).toMatchObject({ code: 'order_not_refundable', detail: expect.stringContaining('pending') });

    // Confirmed by staff (paid by bank transfer, say): no PayPal payment to give back.
    await t.request({ method: 'PATCH', url: `/api/admin/orders/${pending.json().id}/status?status=confirmed`, token: admin });
    const manual = await refund(pending.json().id);
    expect(manual.statusCode).toBe(409);
    expect(manual.json()).toMatchObject({ code: 'order_not_refundable', detail: expect.stringContaining('not paid through PayPal') });

    const sale = await paidSale({ withFile: false });
    expect((await refund(sale.order.id)).statusCode).toBe(200);
    const twice = await refund(sale.order.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'order_not_refundable', detail: 'This order is already refunded' });
    expect(refundsAtSandbox(sale.captureId)).toHaveLength(1);

    const missing = await refund('00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
  });

  it('is for staff only', async () => {
    const sale = await paidSale({ withFile: false });
    const { token } = await t.registerUser();
    expect((await refund(sale.order.id, undefined, token)).statusCode).toBe(403);
    expect(
      (await t.request({ method: 'POST', url: `/api/admin/orders/${sale.order.id}/refund`, payload: { reason: 'no session' } })).statusCode,
    ).toBe(401);
    expect((await guestView(sale)).status).toBe('completed');
  });

  it('refunds a free order without PayPal, revoking its key', async () => {
    const productId = await createProduct({ price: 0 });
    const key = `FREE-${tag().toUpperCase()}`;
    await t.request({ method: 'POST', url: `/api/admin/products/${productId}/keys`, token: admin, payload: { keys: key } });
    const created = await t.request({
      method: 'POST',
      url: '/api/orders',
      payload: {
        items: [{ product_id: productId, quantity: 1 }],
        invoice_data: { email: `free-${tag()}@example.com`, name: 'Fay Free', address: '4 Road', city: 'Bath', country: 'UK' },
      },
    });
    expect(created.json().status).toBe('completed');
    const response = await refund(created.json().id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'refunded', refund: { origin: 'staff', refund_id: null } });
    expect(await validate(key, productId)).toMatchObject({ status: 'revoked' });
  });

  it('refunds once when two staff click at the same moment', async () => {
    const sale = await paidSale({ withFile: false });
    const answers = await Promise.all([refund(sale.order.id), refund(sale.order.id), refund(sale.order.id)]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409]);
    for (const answer of answers.filter((entry) => entry.statusCode === 409)) {
      expect(['refund_in_progress', 'order_not_refundable']).toContain(answer.json().code);
    }
    expect(refundsAtSandbox(sale.captureId)).toHaveLength(1);
    expect(await refundMails(sale.email)).toHaveLength(1);
  });
});

describe('PayPal not answering or refusing a refund', () => {
  it('keeps the claim when the answer is lost, and the reconciliation finishes it with the same request: one refund', async () => {
    const sale = await paidSale({ withFile: false });
    const real = t.app.paypal.refundCapture.bind(t.app.paypal);
    // PayPal refunds, and the answer is lost on the way back (a crash, a timeout).
    t.app.paypal.refundCapture = async (...args) => {
      await real(...args);
      throw new TypeError('fetch failed');
    };
    try {
      const response = await refund(sale.order.id);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ code: 'paypal_unreachable', detail: expect.stringContaining('asked again') });
    } finally {
      t.app.paypal.refundCapture = real;
    }
    expect(refundsAtSandbox(sale.captureId)).toHaveLength(1);
    expect(await adminOrder(sale.order.id)).toMatchObject({ status: 'completed', refund_in_progress: true, refund: null });
    // A second click while it waits is refused, not sent to PayPal again.
    expect((await refund(sale.order.id)).json()).toMatchObject({ code: 'refund_in_progress' });
    // Too soon: the reconciliation leaves a fresh claim alone.
    await finishStaleRefunds(t.app);
    expect((await adminOrder(sale.order.id)).status).toBe('completed');

    await finishStaleRefunds(t.app, new Date(Date.now() + STALE_REFUND_CLAIM_MS + 1000));
    const finished = await adminOrder(sale.order.id);
    expect(finished).toMatchObject({
      status: 'refunded',
      refund_in_progress: false,
      refund: { origin: 'staff', reason: 'Buyer asked within 14 days' },
    });
    expect(finished.refund!.refund_id).toBe(refundsAtSandbox(sale.captureId)[0]!.id);
    expect(refundsAtSandbox(sale.captureId)).toHaveLength(1);
    expect(await validate(sale.key, sale.keyProductId)).toMatchObject({ status: 'revoked' });
  });

  it('drops the claim when PayPal refuses for certain, says why, and the order can be refunded later', async () => {
    const sale = await paidSale({ withFile: false });
    const real = t.app.paypal.refundCapture.bind(t.app.paypal);
    t.app.paypal.refundCapture = async () => {
      throw new PayPalError(
        422,
        'UNPROCESSABLE_ENTITY',
        'REFUND_TIME_LIMIT_EXCEEDED',
        'You are over the time limit to perform a refund on this capture.',
      );
    };
    try {
      const response = await refund(sale.order.id);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ code: 'paypal_error', detail: expect.stringContaining('REFUND_TIME_LIMIT_EXCEEDED') });
    } finally {
      t.app.paypal.refundCapture = real;
    }
    expect(await adminOrder(sale.order.id)).toMatchObject({ status: 'completed', refund_in_progress: false });
    expect(await validate(sale.key, sale.keyProductId)).toMatchObject({ status: 'active' });
    expect((await refund(sale.order.id)).statusCode).toBe(200);
  });
});

describe('refunds made at PayPal', () => {
  it('records a full refund arriving by webhook once, however often it is replayed', async () => {
    const sale = await paidSale();
    const made = refundAtPayPal(sandbox, sale.captureId);
    const delivered = await webhook(refundEvent(sandbox, made.id));
    expect(delivered.status).toBe(200);
    expect(await adminOrder(sale.order.id)).toMatchObject({
      status: 'refunded',
      refund: { origin: 'paypal', reason: null, refund_id: made.id },
    });
    expect(await validate(sale.key, sale.keyProductId)).toMatchObject({ status: 'revoked' });
    expect((await guestView(sale)).goods_included).toBe(false);

    expect((await replayWebhook(sandbox, delivered)).status).toBe(200);
    // The same refund told again under a new event id changes nothing either.
    expect((await webhook(refundEvent(sandbox, made.id))).status).toBe(200);
    expect(await refundMails(sale.email)).toHaveLength(1);
    expect((await t.app.db.selectFrom('payment_events').select('id').where('event_id', '=', delivered.event.id).execute()).length).toBe(1);
  });

  it('leaves the order and its goods alone after a part refund', async () => {
    const sale = await paidSale({ withFile: false });
    const made = refundAtPayPal(sandbox, sale.captureId, '5.00');
    expect((await webhook(refundEvent(sandbox, made.id))).status).toBe(200);
    expect((await adminOrder(sale.order.id)).status).toBe('completed');
    expect(await validate(sale.key, sale.keyProductId)).toMatchObject({ status: 'active' });
    expect(await refundMails(sale.email)).toHaveLength(0);
  });

  it("records staff's refund once when PayPal's webhook for it arrives too", async () => {
    const sale = await paidSale({ withFile: false });
    expect((await refund(sale.order.id)).statusCode).toBe(200);
    const made = refundsAtSandbox(sale.captureId)[0]!;
    expect((await webhook(refundEvent(sandbox, made.id))).status).toBe(200);
    expect(await adminOrder(sale.order.id)).toMatchObject({ refund: { origin: 'staff', reason: 'Buyer asked within 14 days' } });
    expect(await refundMails(sale.email)).toHaveLength(1);
  });

  it('takes the goods back on a chargeback (PAYMENT.CAPTURE.REVERSED)', async () => {
    const sale = await paidSale({ withFile: false });
    const capture = sandbox.state.captures.get(sale.captureId)!;
    const delivered = await webhook({
      eventType: 'PAYMENT.CAPTURE.REVERSED',
      resourceType: 'capture',
      resource: {
        id: capture.id,
        status: 'REVERSED',
        amount: capture.amount,
        supplementary_data: { related_ids: { order_id: capture.orderId } },
      },
    });
    expect(delivered.status).toBe(200);
    expect(await adminOrder(sale.order.id)).toMatchObject({ status: 'refunded', refund: { origin: 'paypal' } });
    expect(await validate(sale.key, sale.keyProductId)).toMatchObject({ status: 'revoked' });
  });
});

describe('PayPal disputes', () => {
  const stats = async () => (await t.request({ method: 'GET', url: '/api/admin/stats', token: admin })).json<DashboardStats>();
  const disputedIds = async (filter: 'open' | 'any') =>
    (await t.request({ method: 'GET', url: `/api/admin/orders?dispute=${filter}&limit=100`, token: admin }))
      .json<AdminOrderList>()
      .orders.map((order) => order.id);

  it('marks the order disputed, counts it on the dashboard, and a replay changes nothing twice', async () => {
    const sale = await paidSale({ withFile: false });
    const openBefore = (await stats()).open_disputes;
    const created = disputeEvent(sandbox, { captureId: sale.captureId });
    const delivered = await webhook(created);
    expect(delivered.status).toBe(200);
    const disputed = await adminOrder(sale.order.id);
    expect(disputed.dispute).toMatchObject({
      id: created.disputeId,
      status: 'OPEN',
      reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
      outcome: null,
      resolved_at: null,
      open: true,
    });
    // The goods stay with the buyer while the dispute is open: PayPal decides, and a refund arrives on its own.
    expect(disputed.status).toBe('completed');
    expect((await stats()).open_disputes).toBe(openBefore + 1);
    expect(await disputedIds('open')).toContain(sale.order.id);

    expect((await replayWebhook(sandbox, delivered)).status).toBe(200);
    expect((await webhook(disputeEvent(sandbox, { captureId: sale.captureId, disputeId: created.disputeId }))).status).toBe(200);
    expect((await stats()).open_disputes).toBe(openBefore + 1);
    expect((await adminOrder(sale.order.id)).dispute!.opened_at).toBe(disputed.dispute!.opened_at);

    // The delivery log staff export for PayPal.
    const log = await t.request({ method: 'GET', url: `/api/admin/orders/${sale.order.id}/delivery-log?format=csv`, token: admin });
    expect(log.statusCode).toBe(200);
    expect(log.headers['content-type']).toContain('text/csv');
  });

  it('resolves, and an older event arriving late does not reopen it', async () => {
    const sale = await paidSale({ withFile: false });
    const openBefore = (await stats()).open_disputes;
    const { disputeId } = disputeEvent(sandbox, { captureId: sale.captureId });
    await webhook(disputeEvent(sandbox, { captureId: sale.captureId, disputeId }));
    await webhook(disputeEvent(sandbox, { captureId: sale.captureId, disputeId, stage: 'UPDATED', status: 'UNDER_REVIEW' }));
    expect((await adminOrder(sale.order.id)).dispute).toMatchObject({ status: 'UNDER_REVIEW', open: true });
    expect((await stats()).open_disputes).toBe(openBefore + 1);

    const resolved = await webhook(
      disputeEvent(sandbox, { captureId: sale.captureId, disputeId, stage: 'RESOLVED', outcome: 'RESOLVED_SELLER_FAVOUR' }),
    );
    expect(resolved.status).toBe(200);
    const after = await adminOrder(sale.order.id);
    expect(after.dispute).toMatchObject({
      status: 'RESOLVED',
      outcome: 'RESOLVED_SELLER_FAVOUR',
      open: false,
      reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
    });
    expect(after.dispute!.resolved_at).toEqual(expect.any(String));
    expect((await stats()).open_disputes).toBe(openBefore);
    expect(await disputedIds('open')).not.toContain(sale.order.id);
    expect(await disputedIds('any')).toContain(sale.order.id);

    await webhook(disputeEvent(sandbox, { captureId: sale.captureId, disputeId, stage: 'UPDATED', status: 'WAITING_FOR_SELLER_RESPONSE' }));
    expect((await adminOrder(sale.order.id)).dispute).toMatchObject({ status: 'RESOLVED', open: false });
  });

  it('ignores a dispute about a payment that is not ours, and junk in its fields', async () => {
    const sale = await paidSale({ withFile: false });
    const event = disputeEvent(sandbox, { captureId: sale.captureId });
    const foreign = { ...event, resource: { ...event.resource, disputed_transactions: [{ seller_transaction_id: 'NOTOURS123' }] } };
    expect((await webhook(foreign)).status).toBe(200);
    const junk = { ...event, resource: { ...event.resource, dispute_id: 'x'.repeat(5000), disputed_transactions: 'nope' } };
    expect((await webhook(junk)).status).toBe(200);
    const odd = { ...event, resource: { ...event.resource, reason: '<script>alert(1)</script>', status: '\u0000' } };
    expect((await webhook(odd)).status).toBe(200);
    expect((await adminOrder(sale.order.id)).dispute).toMatchObject({ reason: null, status: 'OPEN' });
  });
});
