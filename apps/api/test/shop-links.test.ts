import { randomBytes } from 'node:crypto';
import type { Product } from '@store/contracts';
import { startPaymentSandbox, type RunningPaymentSandbox } from '@store/payment-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_REQUESTED_MESSAGE } from '../src/auth/password-reset.ts';
import { ADMIN_PASSWORD, build, type TestApp } from './helpers/build.ts';
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from './helpers/smtp-peer.ts';
import { waitFor } from './helpers/wait-for.ts';

/*
 * Links only ever point at the shop (docs/decisions/034-links-only-to-the-shop.md): without PUBLIC_URL, every
 * mailed link and payment return address leads to the origin the request came from only when the operator's
 * allow-list has it (the listen address, ALLOWED_HOSTS, CORS_ORIGINS), and to the default origin otherwise.
 * Mail is read from a real SMTP peer.
 */

/** The store's listen port in these tests (nothing listens: requests are injected); links name it. */
const PORT = '4873';
/** Where links lead when the request names a host nobody allowed: the listen address. */
const SHOP = `http://localhost:${PORT}`;
const ALLOWED = 'shop.example.com';
const ADMIN_ORIGIN = 'https://admin.example.com';
const EVIL = 'evil.example';

let t: TestApp;
let proxied: TestApp;
let peer: SmtpPeer;
let sandbox: RunningPaymentSandbox;

const env = (extra: Record<string, string> = {}) => ({
  PORT,
  ALLOWED_HOSTS: ALLOWED,
  CORS_ORIGINS: ADMIN_ORIGIN,
  SMTP_ALLOW_PRIVATE_HOSTS: 'true',
  AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  PAYPAL_API_URL: sandbox.url,
  ...extra,
});

async function configureSmtp(on: TestApp): Promise<void> {
  const saved = await on.request({
    method: 'PUT',
    url: '/api/admin/settings',
    token: await on.adminToken(),
    payload: {
      smtp_host: '127.0.0.1',
      smtp_port: peer.port,
      smtp_use_tls: false,
      smtp_from_email: 'shop@example.com',
      smtp_from_name: 'Link Shop',
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

beforeAll(async () => {
  [peer, sandbox] = await Promise.all([startSmtpPeer(), startPaymentSandbox()]);
  // The admin's email is unique per app: both send to one peer.
  [t, proxied] = await Promise.all([build(env()), build(env({ TRUST_PROXY: 'true', ADMIN_EMAIL: 'proxied-admin@example.com' }))]);
  await Promise.all([configureSmtp(t), configureSmtp(proxied)]);
});
afterAll(async () => {
  await Promise.all([t.close(), proxied.close()]);
  await Promise.all([peer.close(), sandbox.close()]);
});

/** The origins of every link to `path` in a mail (its text part and its HTML part). */
const linkOriginsIn = (mail: ReceivedMail, path: string) =>
  [...mail.decoded.matchAll(new RegExp(`(https?://[^\\s"'<>/]+)${path.replace(/[?]/g, '\\?')}`, 'g'))].map((match) => match[1]);

/** The one mail to `email` with a link to `path`, once it has arrived; its links' origins, each checked to be `origin`. */
async function linksMailed(email: string, path: string, origin: string): Promise<ReceivedMail> {
  const mails = () => peer.received.filter((mail) => mail.to.includes(email) && mail.decoded.includes(`${path}`));
  const [mail] = await waitFor(() => (mails().length > 0 ? mails() : undefined), `a mail to ${email} with a link to ${path}`);
  const origins = linkOriginsIn(mail!, path);
  expect(origins.length, 'the text and the HTML part each carry the link').toBeGreaterThanOrEqual(2);
  expect(new Set(origins)).toEqual(new Set([origin]));
  expect(mail!.decoded).not.toContain(EVIL);
  expect(mails()).toHaveLength(1);
  return mail!;
}

const freshEmail = (what: string) => `${what}-${randomBytes(4).toString('hex')}@example.com`;

const askReset = (on: TestApp, email: string, headers: Record<string, string>) =>
  on.request({ method: 'POST', url: '/api/auth/password-reset', headers, payload: { email } });

/** An account whose registration mail (its verification link) has arrived, so only what follows counts. */
async function account(on: TestApp = t): Promise<{ email: string; token: string }> {
  const email = freshEmail('account');
  const { token } = await on.registerUser({ email });
  await waitFor(() => peer.received.some((mail) => mail.to.includes(email)), `the verification mail to ${email}`);
  return { email, token };
}

describe('mailed links when the request names a host nobody allowed', () => {
  it('a password reset asked with Host: evil.example mails a link to the shop, and answers as always', async () => {
    const { email } = await account();
    const forged = await askReset(t, email, { host: EVIL });
    expect(forged.statusCode).toBe(200);
    expect(forged.json()).toEqual({ message: RESET_REQUESTED_MESSAGE, mailed: true });
    const plain = await askReset(t, 'nobody-here@example.com', {});
    expect(forged.body).toBe(plain.body);
    await linksMailed(email, '/reset-password?token=', SHOP);
  });

  it("a staff account's reset asked with a forged Host mails a link to the shop too", async () => {
    const forged = await askReset(t, 'admin@example.com', { host: `${EVIL}:443`, origin: `https://${EVIL}` });
    expect(forged.statusCode).toBe(200);
    await linksMailed('admin@example.com', '/reset-password?token=', SHOP);
    // The password still works: a reset link changes nothing until it is used.
    const login = await t.request({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: ADMIN_PASSWORD } });
    expect(login.statusCode).toBe(200);
  });

  it('a sign-in link asked with a forged Host leads to the shop', async () => {
    const { email } = await account();
    const asked = await t.request({ method: 'POST', url: '/api/auth/magic-link', headers: { host: EVIL }, payload: { email } });
    expect(asked.statusCode).toBe(200);
    await linksMailed(email, '/sign-in-link?token=', SHOP);
  });

  it('a verification link leads to the shop, mailed at registration and asked again, whatever the Host', async () => {
    const email = freshEmail('verify');
    const registered = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      headers: { host: EVIL },
      payload: { username: `verify${randomBytes(4).toString('hex')}`, email, password: 'secret-password' },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    await linksMailed(email, '/verify-email?token=', SHOP);

    const again = await t.request({
      method: 'POST',
      url: '/api/auth/verify-email/request',
      headers: { host: EVIL, 'x-forwarded-host': EVIL },
      token: registered.json<{ access_token: string }>().access_token,
    });
    expect(again.statusCode, again.body).toBe(200);
    await waitFor(() => peer.received.filter((mail) => mail.to.includes(email)).length === 2, 'the second verification mail');
    const second = peer.received.filter((mail) => mail.to.includes(email))[1]!;
    expect(new Set(linkOriginsIn(second, '/verify-email?token='))).toEqual(new Set([SHOP]));
  });
});

describe('mailed links when the request names a host the operator allowed', () => {
  it.each([
    ['an ALLOWED_HOSTS host', { host: ALLOWED }, `http://${ALLOWED}`],
    ['the listen address by another loopback name', { host: `127.0.0.1:${PORT}` }, `http://127.0.0.1:${PORT}`],
    ["a CORS_ORIGINS origin as the browser's Origin", { host: EVIL, origin: ADMIN_ORIGIN }, ADMIN_ORIGIN],
    ["the request's own host when the browser's Origin is not allowed", { host: ALLOWED, origin: `https://${EVIL}` }, `http://${ALLOWED}`],
  ])('keeps %s', async (_what, headers, origin) => {
    const { email } = await account();
    expect((await askReset(t, email, headers)).statusCode).toBe(200);
    await linksMailed(email, '/reset-password?token=', origin);
  });
});

describe('X-Forwarded-Host', () => {
  it('is ignored without TRUST_PROXY, whatever it names', async () => {
    const first = await account();
    await askReset(t, first.email, { host: ALLOWED, 'x-forwarded-host': EVIL, 'x-forwarded-proto': 'https' });
    await linksMailed(first.email, '/reset-password?token=', `http://${ALLOWED}`);
    const second = await account();
    await askReset(t, second.email, { host: EVIL, 'x-forwarded-host': ALLOWED, 'x-forwarded-proto': 'https' });
    await linksMailed(second.email, '/reset-password?token=', SHOP);
  });

  it('is followed with TRUST_PROXY only when the allow-list has it', async () => {
    const first = await account(proxied);
    await askReset(proxied, first.email, { host: `127.0.0.1:${PORT}`, 'x-forwarded-host': ALLOWED, 'x-forwarded-proto': 'https' });
    await linksMailed(first.email, '/reset-password?token=', `https://${ALLOWED}`);
    const second = await account(proxied);
    await askReset(proxied, second.email, { host: ALLOWED, 'x-forwarded-host': EVIL, 'x-forwarded-proto': 'https' });
    await linksMailed(second.email, '/reset-password?token=', SHOP);
    // The nearest proxy's entry (the last) is the one that counts.
    const staff = await askReset(proxied, 'proxied-admin@example.com', { 'x-forwarded-host': `${ALLOWED}, ${EVIL}` });
    expect(staff.statusCode).toBe(200);
    await linksMailed('proxied-admin@example.com', '/reset-password?token=', SHOP);
  });
});

describe('the payment return address and the receipt of an order', () => {
  async function product(on: TestApp): Promise<Product> {
    const admin = await on.adminToken();
    const created = await on.request({
      method: 'POST',
      url: '/api/admin/products',
      token: admin,
      payload: {
        title: `Linked ${randomBytes(3).toString('hex')}`,
        price: 5,
        description: 'd',
        detailed_description: 'dd',
        stock_quantity: 0,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const keys = await on.request({
      method: 'POST',
      url: `/api/admin/products/${created.json<Product>().id}/keys`,
      token: admin,
      payload: { keys: `LINK-${randomBytes(6).toString('hex')}` },
    });
    expect(keys.statusCode, keys.body).toBe(201);
    return created.json<Product>();
  }

  /** An order placed and sent to PayPal with `headers`: where PayPal would send the buyer back, and the order. */
  async function paidFrom(headers: Record<string, string>, on: TestApp = t) {
    const email = freshEmail('return');
    const order = await on.request({
      method: 'POST',
      url: '/api/orders',
      headers,
      payload: {
        items: [{ product_id: (await product(on)).id, quantity: 1 }],
        invoice_data: { email, name: 'R', address: 'A', city: 'C', country: 'UK' },
      },
    });
    expect(order.statusCode, order.body).toBe(201);
    const orderId = order.json<{ id: string }>().id;
    const created = await on.request({ method: 'POST', url: `/api/payments/create?order_id=${orderId}`, headers });
    expect(created.statusCode, created.body).toBe(200);
    const paypalOrderId = new URL(created.json<{ payment_url: string }>().payment_url).searchParams.get('token')!;
    const { experience } = sandbox.state.orders.get(paypalOrderId)!;
    return { orderId, email, returnUrl: experience.return_url!, cancelUrl: experience.cancel_url! };
  }

  const confirm = async (orderId: string) => {
    const done = await t.request({
      method: 'PATCH',
      url: `/api/admin/orders/${orderId}/status?status=confirmed`,
      token: await t.adminToken(),
    });
    expect(done.json<{ status: string }>().status).toBe('completed');
  };

  it('leads to the shop for an order placed and paid with a forged Host, and so does its receipt', async () => {
    const { orderId, email, returnUrl, cancelUrl } = await paidFrom({ host: EVIL, origin: `http://${EVIL}` });
    expect(returnUrl).toBe(`${SHOP}/payment/success/${orderId}`);
    expect(cancelUrl).toBe(`${SHOP}/payment/cancel/${orderId}`);
    await confirm(orderId);
    await linksMailed(email, `/order-success/${orderId}?token=`, SHOP);
  });

  it('keeps an allowed host, for the return address and the receipt', async () => {
    const { orderId, email, returnUrl } = await paidFrom({ host: ALLOWED });
    expect(returnUrl).toBe(`http://${ALLOWED}/payment/success/${orderId}`);
    await confirm(orderId);
    await linksMailed(email, `/order-success/${orderId}?token=`, `http://${ALLOWED}`);
  });

  it('follows X-Forwarded-Host only with TRUST_PROXY and an allowed host', async () => {
    const forwarded = { host: `127.0.0.1:${PORT}`, 'x-forwarded-host': ALLOWED, 'x-forwarded-proto': 'https' };
    expect((await paidFrom(forwarded)).returnUrl).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${PORT}/payment/success/`));
    expect((await paidFrom(forwarded, proxied)).returnUrl).toMatch(new RegExp(`^https://${ALLOWED}/payment/success/`));
    expect((await paidFrom({ ...forwarded, 'x-forwarded-host': EVIL }, proxied)).returnUrl).toMatch(
      new RegExp(`^${SHOP}/payment/success/`),
    );
  });

  it('mails the receipt of an order that kept a host from before the allow-list with a link to the shop', async () => {
    const { orderId, email } = await paidFrom({ host: ALLOWED });
    // As an order placed before this release could have kept it.
    await t.app.db
      .updateTable('orders')
      .set({ origin: `http://${EVIL}` })
      .where('id', '=', orderId)
      .execute();
    await confirm(orderId);
    await linksMailed(email, `/order-success/${orderId}?token=`, SHOP);
  });

  it('is PUBLIC_URL whenever it is set, whatever the request names', async () => {
    const configured = await build(env({ PUBLIC_URL: 'https://keys.example.com' }));
    try {
      const { orderId, returnUrl } = await paidFrom({ host: ALLOWED, 'x-forwarded-host': ALLOWED }, configured);
      expect(returnUrl).toBe(`https://keys.example.com/payment/success/${orderId}`);
    } finally {
      await configured.close();
    }
  });
});
