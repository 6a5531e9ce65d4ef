import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers/build.ts';
import { startSmtpPeer, type SmtpPeer } from './helpers/smtp-peer.ts';
import { waitFor } from './helpers/wait-for.ts';

let t: TestApp;
let peer: SmtpPeer;
let admin: string;

beforeAll(async () => {
  [t, peer] = await Promise.all([build({ AUTH_RATE_LIMIT_PER_MINUTE: '100000', SMTP_ALLOW_PRIVATE_HOSTS: 'true' }), startSmtpPeer()]);
  admin = await t.adminToken();
});
afterAll(async () => {
  await t.close();
  await peer.close();
});
beforeEach(() => peer.refuse(null));

async function configureSmtp(host: string): Promise<void> {
  const response = await t.request({
    method: 'PUT',
    url: '/api/admin/settings',
    token: admin,
    payload: { smtp_host: host, smtp_port: peer.port, smtp_use_tls: false, smtp_from_email: 'shop@example.com', smtp_from_name: 'Test Shop' },
  });
  expect(response.statusCode).toBe(200);
}

/** A guest order of one licence key; confirmed by staff (delivered, its receipt queued) unless `deliver` is false. */
async function guestOrder({ deliver = true } = {}): Promise<{ orderId: string; token: string }> {
  const product = await t.request({
    method: 'POST',
    url: '/api/admin/products',
    token: admin,
    payload: { title: `Receipt Product ${randomBytes(3).toString('hex')}`, price: 5, description: 'd', detailed_description: 'dd', stock_quantity: 0 },
  });
  const productId = product.json().id as string;
  await t.request({ method: 'POST', url: `/api/admin/products/${productId}/keys`, token: admin, payload: { keys: `RCPT-${randomBytes(4).toString('hex')}` } });
  const order = await t.request({
    method: 'POST',
    url: '/api/orders',
    payload: {
      items: [{ product_id: productId, quantity: 1 }],
      invoice_data: { email: `buyer-${randomBytes(3).toString('hex')}@example.com`, name: 'Receipt Buyer', address: '1 Road', city: 'Leeds', country: 'UK' },
    },
  });
  const orderId = order.json().id as string;
  if (deliver) {
    const confirmed = await t.request({ method: 'PATCH', url: `/api/admin/orders/${orderId}/status?status=confirmed`, token: admin });
    expect(confirmed.json().status).toBe('completed');
  }
  return { orderId, token: order.json().access_token as string };
}

/** The receipt state as each view of the order answers it: the guest page with and without its token, and staff's list. */
async function receiptViews(orderId: string, token: string) {
  const [full, summary, staff] = await Promise.all([
    t.request({ method: 'GET', url: `/api/guest/orders/${orderId}?token=${token}` }),
    t.request({ method: 'GET', url: `/api/guest/orders/${orderId}` }),
    t.request({ method: 'GET', url: `/api/admin/orders?search=${orderId}`, token: admin }),
  ]);
  expect(full.json().goods_included).toBe(true);
  expect(summary.json().invoice_data).toBeUndefined();
  return [full.json().receipt, summary.json().receipt, staff.json().orders[0].receipt] as unknown[];
}

const outboxStatus = async (orderId: string) =>
  (await t.app.db.selectFrom('mail_outbox').select('status').where('order_id', '=', orderId).executeTakeFirstOrThrow()).status;

describe("the order's receipt state", () => {
  it('is absent while the order is not delivered', async () => {
    await configureSmtp('127.0.0.1');
    const { orderId } = await guestOrder({ deliver: false });
    const summary = await t.request({ method: 'GET', url: `/api/guest/orders/${orderId}` });
    expect(summary.json().status).toBe('pending');
    expect(summary.json()).not.toHaveProperty('receipt');
  });

  it('says not_sent while no mail server is configured', async () => {
    await configureSmtp('');
    const { orderId, token } = await guestOrder();
    expect(await outboxStatus(orderId)).toBe('pending');
    expect(await receiptViews(orderId, token)).toEqual(['not_sent', 'not_sent', 'not_sent']);
  });

  it('says sent once the outbox has handed the receipt to the mail server', async () => {
    await configureSmtp('127.0.0.1');
    const { orderId, token } = await guestOrder();
    await waitFor(async () => (await outboxStatus(orderId)) === 'sent', 'the receipt sent');
    expect(peer.received.length).toBeGreaterThan(0);
    expect(await receiptViews(orderId, token)).toEqual(['sent', 'sent', 'sent']);
  });

  it('says queued while the mail server refuses and the receipt waits for its retry, and not_sent once it gives up', async () => {
    await configureSmtp('127.0.0.1');
    peer.refuse('Try again later');
    const { orderId, token } = await guestOrder();
    await waitFor(
      async () => (await t.app.db.selectFrom('mail_outbox').select('attempts').where('order_id', '=', orderId).executeTakeFirstOrThrow()).attempts > 0,
      'the first attempt',
    );
    expect(await receiptViews(orderId, token)).toEqual(['queued', 'queued', 'queued']);

    await t.app.db.updateTable('mail_outbox').set({ status: 'failed' }).where('order_id', '=', orderId).execute();
    expect(await receiptViews(orderId, token)).toEqual(['not_sent', 'not_sent', 'not_sent']);
  });
});
