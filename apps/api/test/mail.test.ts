import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sendDueMail } from '../src/mail/outbox.ts';
import { build, type TestApp } from './helpers/build.ts';
import { startSmtpPeer, type SmtpPeer } from './helpers/smtp-peer.ts';

let t: TestApp;
let peer: SmtpPeer;
let admin: string;

beforeAll(async () => {
  [t, peer] = await Promise.all([build({ AUTH_RATE_LIMIT_PER_MINUTE: '100000' }), startSmtpPeer()]);
  admin = await t.adminToken();
});
afterAll(async () => {
  await t.close();
  await peer.close();
});
beforeEach(() => peer.refuse(null));

const configureSmtp = (overrides: Record<string, unknown> = {}) =>
  t.request({
    method: 'PUT',
    url: '/api/admin/settings',
    token: admin,
    payload: { smtp_host: '127.0.0.1', smtp_port: peer.port, smtp_use_tls: false, smtp_from_email: 'shop@example.com', smtp_from_name: 'Test Shop', ...overrides },
  });

/** A delivered guest order: a product with two keys, ordered and confirmed by staff. */
async function deliveredOrder(): Promise<{ orderId: string; keys: string[]; email: string }> {
  const created = await t.request({
    method: 'POST',
    url: '/api/admin/products',
    token: admin,
    payload: { title: `Mail Product ${randomBytes(3).toString('hex')}`, price: 9.5, description: 'd', detailed_description: 'dd', stock_quantity: 0 },
  });
  const productId = created.json().id as string;
  const keys = [`MAIL-${randomBytes(4).toString('hex')}`, `MAIL-${randomBytes(4).toString('hex')}`];
  await t.request({ method: 'POST', url: `/api/admin/products/${productId}/keys`, token: admin, payload: { keys: keys.join('\n') } });
  const email = `buyer-${randomBytes(3).toString('hex')}@example.com`;
  const order = await t.request({
    method: 'POST',
    url: '/api/orders',
    payload: { items: [{ product_id: productId, quantity: 2 }], invoice_data: { email, name: 'Mail Buyer', address: '1 Road', city: 'Leeds', country: 'UK' } },
  });
  const orderId = order.json().id as string;
  const confirmed = await t.request({ method: 'PATCH', url: `/api/admin/orders/${orderId}/status?status=confirmed`, token: admin });
  expect(confirmed.json().status).toBe('completed');
  return { orderId, keys, email };
}

describe('the test email', () => {
  it('answers a clear error while SMTP is not configured', async () => {
    await configureSmtp({ smtp_host: '', smtp_from_email: '' });
    const response = await t.request({ method: 'POST', url: '/api/admin/test-email', token: admin, payload: { test_email: 'staff@example.com' } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: 'SMTP is not configured: set the SMTP host and the from email first', code: 'smtp_not_configured' });
  });

  it('is delivered to a real SMTP server with the configured sender', async () => {
    await configureSmtp();
    const before = peer.received.length;
    const response = await t.request({ method: 'POST', url: '/api/admin/test-email', token: admin, payload: { test_email: 'staff@example.com' } });
    expect(response.statusCode).toBe(200);
    expect(peer.received).toHaveLength(before + 1);
    const mail = peer.received.at(-1)!;
    expect(mail.to).toEqual(['staff@example.com']);
    expect(mail.from).toBe('shop@example.com');
    expect(mail.raw).toContain('From: Test Shop <shop@example.com>');
  });

  it("answers 502 with the server's reason when the mail server refuses", async () => {
    await configureSmtp();
    peer.refuse('Mailbox unavailable');
    const response = await t.request({ method: 'POST', url: '/api/admin/test-email', token: admin, payload: { test_email: 'staff@example.com' } });
    expect(response.statusCode).toBe(502);
    expect(response.json().code).toBe('smtp_failed');
    expect(response.json().detail).toContain('Mailbox unavailable');
  });

  it('refuses an address that is not an email', async () => {
    const response = await t.request({ method: 'POST', url: '/api/admin/test-email', token: admin, payload: { test_email: 'nope' } });
    expect(response.statusCode).toBe(400);
  });
});

describe('the receipt of a delivered order', () => {
  it('is sent once, with the keys and the order page link, to the buyer', async () => {
    await configureSmtp();
    const { orderId, keys, email } = await deliveredOrder();
    await sendDueMail(t.app);
    const receipts = peer.received.filter((mail) => mail.to.includes(email));
    expect(receipts).toHaveLength(1);
    for (const key of keys) expect(receipts[0]!.decoded).toContain(key);
    expect(receipts[0]!.decoded).toContain(`/order-success/${orderId}?token=${t.app.sign('order-access', orderId)}`);
    await sendDueMail(t.app);
    expect(peer.received.filter((mail) => mail.to.includes(email))).toHaveLength(1);
    const row = await t.app.db.selectFrom('mail_outbox').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
  });

  it('is kept and retried when the mail server refuses, while the order page still shows the keys', async () => {
    await configureSmtp();
    const { orderId, keys, email } = await deliveredOrder();
    peer.refuse('Try again later');
    expect(await sendDueMail(t.app)).toMatchObject({ failed: 1 });
    const failed = await t.app.db.selectFrom('mail_outbox').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed.last_error).toContain('Try again later');

    const token = t.app.sign('order-access', orderId);
    const page = await t.request({ method: 'GET', url: `/api/guest/orders/${orderId}?token=${token}` });
    expect([...page.json().items[0].keys].sort()).toEqual([...keys].sort());

    peer.refuse(null);
    // Not due yet: the retry waits for its backoff.
    await sendDueMail(t.app);
    expect(peer.received.filter((mail) => mail.to.includes(email))).toHaveLength(0);
    await sendDueMail(t.app, new Date(Date.now() + 2 * 60_000));
    expect(peer.received.filter((mail) => mail.to.includes(email))).toHaveLength(1);
  });

  it('waits in the outbox while SMTP is not configured', async () => {
    await configureSmtp({ smtp_host: '' });
    const { orderId } = await deliveredOrder();
    expect(await sendDueMail(t.app)).toEqual({ sent: 0, failed: 0 });
    const row = await t.app.db.selectFrom('mail_outbox').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
  });
});
