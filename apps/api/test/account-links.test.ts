import { randomUUID } from 'node:crypto';
import type { Order, Product } from '@store/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFY_LINK_HOURS } from '../src/auth/email-verification.ts';
import { SIGN_IN_LINK_MINUTES, SIGN_IN_LINK_REQUESTED_MESSAGE } from '../src/auth/magic-link.ts';
import { digestOf } from '../src/auth/account-links.ts';
import { ADMIN_PASSWORD, build, type TestApp } from './helpers/build.ts';
import { startSmtpPeer, type SmtpPeer } from './helpers/smtp-peer.ts';
import { waitFor } from './helpers/wait-for.ts';

/**
 * Verified email, guest orders claimed, and sign-in by a mailed link, through the API, with a real SMTP
 * peer reading the mailed links (docs/decisions/024-verified-email-and-sign-in-links.md).
 */

let t: TestApp;
let peer: SmtpPeer;
let product: Product;
beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await build({ SMTP_ALLOW_PRIVATE_HOSTS: 'true', PUBLIC_URL: 'https://shop.example.com' });
  const admin = await t.adminToken();
  const saved = await t.request({
    method: 'PUT',
    url: '/api/admin/settings',
    token: admin,
    payload: { smtp_host: '127.0.0.1', smtp_port: peer.port, smtp_use_tls: false, smtp_from_email: 'shop@example.com', smtp_from_name: 'Link Shop' },
  });
  expect(saved.statusCode).toBe(200);
  const created = await t.request({
    method: 'POST',
    url: '/api/admin/products',
    token: admin,
    payload: { title: 'Claimable Plugin', price: 12, category: 'plugins', description: 'A plugin', detailed_description: 'A plugin, in detail', stock_quantity: 500 },
  });
  expect(created.statusCode, created.body).toBe(201);
  product = created.json<Product>();
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

const uniqueEmail = () => `buyer-${randomUUID().slice(0, 8)}@example.com`;

/** The token of the `nth` mailed link to `path` received by `email`, once it has arrived. */
async function mailedToken(email: string, path: '/verify-email' | '/sign-in-link', nth = 1): Promise<string> {
  const withLink = () => peer.received.filter((mail) => mail.to.includes(email) && mail.decoded.includes(`${path}?token=`));
  await waitFor(() => withLink().length >= nth, `mail ${nth} with ${path} to ${email}`, 5000);
  const match = new RegExp(`https://shop\\.example\\.com${path}\\?token=([A-Za-z0-9_-]{43})`).exec(withLink()[nth - 1]!.decoded);
  expect(match, 'the mail carries the link').not.toBeNull();
  return match![1]!;
}

/** A guest order of the product by `email`: left pending, or confirmed by staff (money taken, goods delivered). */
async function guestOrder(email: string, confirm = true): Promise<Order & { access_token: string }> {
  const created = await t.request({
    method: 'POST',
    url: '/api/orders',
    payload: {
      items: [{ product_id: product.id, quantity: 1 }],
      invoice_data: { email, name: 'Guest Buyer', address: '1 Road', city: 'Leeds', country: 'UK' },
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const order = created.json<Order & { access_token: string }>();
  if (confirm) {
    const confirmed = await t.request({ method: 'PATCH', url: `/api/admin/orders/${order.id}/status?status=confirmed`, token: await t.adminToken() });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  }
  return order;
}

const myOrders = async (token: string) => {
  const answer = await t.request({ method: 'GET', url: '/api/orders', token });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ orders: Order[]; total: number }>();
};
const me = async (token: string) => (await t.request({ method: 'GET', url: '/api/auth/me', token })).json<{ email_verified: boolean }>();
const verify = (token: string) => t.request({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
const askSignInLink = (email: string) => t.request({ method: 'POST', url: '/api/auth/magic-link', payload: { email } });
const signInWith = (token: string) => t.request({ method: 'POST', url: '/api/auth/magic-link/confirm', payload: { token } });

describe('email verification and guest orders claimed', () => {
  it('mails a link on registration; verifying it brings the guest orders paid with the email into the account', async () => {
    const email = uniqueEmail();
    const paid = await guestOrder(email.toUpperCase());
    const unpaid = await guestOrder(email, false);
    const someoneElses = await guestOrder(uniqueEmail());
    const { token: session } = await t.registerUser({ email });
    expect(await me(session)).toMatchObject({ email_verified: false });
    // Nothing is claimed on an unverified email.
    expect((await myOrders(session)).orders).toEqual([]);

    const link = await mailedToken(email, '/verify-email');
    const mail = peer.received.find((received) => received.to.includes(email))!;
    expect(mail.decoded).toContain(`within ${VERIFY_LINK_HOURS} hours`);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);

    const verified = await verify(link);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ message: 'Your email is verified, and an order you paid as a guest with it is now in your account.', claimed_orders: 1 });
    expect(await me(session)).toMatchObject({ email_verified: true });

    const mine = await myOrders(session);
    expect(mine.orders.map((order) => order.id)).toEqual([paid.id]);
    expect(mine.orders[0]).toMatchObject({ status: 'completed', goods_included: true });
    // The buyer's guest link (in the receipt) keeps working; the unpaid order stays with its guest checkout.
    const byGuestLink = await t.request({ method: 'GET', url: `/api/guest/orders/${paid.id}`, query: { token: paid.access_token } });
    expect(byGuestLink.statusCode).toBe(200);
    expect(byGuestLink.json()).toMatchObject({ id: paid.id, goods_included: true });
    const rows = await t.app.db.selectFrom('orders').select(['id', 'user_id']).where('id', 'in', [paid.id, unpaid.id, someoneElses.id]).execute();
    expect(Object.fromEntries(rows.map((row) => [row.id, row.user_id]))).toEqual({ [paid.id]: expect.any(String), [unpaid.id]: null, [someoneElses.id]: null });

    // The link works once.
    const again = await verify(link);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'invalid_verification_link', detail: expect.stringContaining('used already or expired') });
  });

  it('claims a guest order paid after the email was verified the next time the account lists its orders', async () => {
    const email = uniqueEmail();
    const { token: session } = await t.registerUser({ email });
    expect((await verify(await mailedToken(email, '/verify-email'))).statusCode).toBe(200);
    const later = await guestOrder(email);
    expect((await myOrders(session)).orders.map((order) => order.id)).toEqual([later.id]);
    const own = await t.request({ method: 'GET', url: `/api/orders/${later.id}`, token: session });
    expect(own.statusCode).toBe(200);
  });

  it('refuses an expired link and sends a new one on request, at most 3 an hour, none once verified', async () => {
    const email = uniqueEmail();
    const { token: session, user } = await t.registerUser({ email });
    const first = await mailedToken(email, '/verify-email');
    await t.app.db.updateTable('account_tokens').set({ expires_at: sql`now() - interval '1 second'` }).where('token_digest', '=', digestOf(first)).execute();
    expect((await verify(first)).json()).toMatchObject({ code: 'invalid_verification_link' });

    const resend = () => t.request({ method: 'POST', url: '/api/auth/verify-email/request', token: session });
    const second = await resend();
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().message).toContain(email);
    expect((await resend()).statusCode).toBe(200);
    const capped = await resend();
    expect(capped.statusCode).toBe(429);
    expect(capped.json()).toMatchObject({ code: 'too_many_requests', detail: expect.stringContaining('within the hour') });
    const issued = await t.app.db.selectFrom('account_tokens').select('id').where('user_id', '=', user.id).where('purpose', '=', 'email_verification').execute();
    expect(issued).toHaveLength(3);

    expect((await verify(await mailedToken(email, '/verify-email', 3))).statusCode).toBe(200);
    // Verifying ends the account's other verification links.
    expect((await verify(await mailedToken(email, '/verify-email', 2))).statusCode).toBe(400);
    const done = await resend();
    expect(done.statusCode).toBe(409);
    expect(done.json()).toMatchObject({ code: 'email_already_verified' });
    expect((await t.request({ method: 'POST', url: '/api/auth/verify-email/request' })).statusCode).toBe(401);
  });

  it('claims each order once when two verifications and a listing race', async () => {
    const email = uniqueEmail();
    const orders = await Promise.all([guestOrder(email), guestOrder(email), guestOrder(email)]);
    const { token: session, user } = await t.registerUser({ email });
    // Two live links, spent at once, plus the account listing its orders meanwhile.
    const second = (await t.request({ method: 'POST', url: '/api/auth/verify-email/request', token: session })).statusCode;
    expect(second).toBe(200);
    const links = [await mailedToken(email, '/verify-email', 1), await mailedToken(email, '/verify-email', 2)];
    const answers = await Promise.all([verify(links[0]!), verify(links[1]!), myOrders(session)]);
    const verified = answers.slice(0, 2).map((answer) => (answer as Awaited<ReturnType<typeof verify>>).json<{ claimed_orders?: number }>());
    expect(verified.reduce((sum, answer) => sum + (answer.claimed_orders ?? 0), 0)).toBeLessThanOrEqual(3);
    const claimed = await t.app.db.selectFrom('orders').select(['id', 'claimed_at']).where('user_id', '=', user.id).execute();
    expect(claimed.map((row) => row.id).sort()).toEqual(orders.map((order) => order.id).sort());
    expect(claimed.every((row) => row.claimed_at !== null)).toBe(true);
    expect((await myOrders(session)).total).toBe(3);
  });
});

describe('sign in by a mailed link', () => {
  it('answers every email alike, mails a single-use link that signs in, verifies the email and claims its orders', async () => {
    const email = uniqueEmail();
    const { user } = await t.registerUser({ email });
    const paid = await guestOrder(email);
    await mailedToken(email, '/verify-email');

    const unknown = await askSignInLink('nobody-at-all@example.com');
    const known = await askSignInLink(email.toUpperCase());
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: SIGN_IN_LINK_REQUESTED_MESSAGE, mailed: true });
    const link = await mailedToken(email, '/sign-in-link');
    const signInMails = peer.received.filter((mail) => mail.decoded.includes('/sign-in-link?token=') && mail.to.includes(email));
    expect(signInMails).toHaveLength(1);
    expect(signInMails[0]!.decoded).toContain(`within ${SIGN_IN_LINK_MINUTES} minutes`);
    expect(peer.received.filter((mail) => mail.to.includes('nobody-at-all@example.com'))).toEqual([]);

    const signedIn = await signInWith(link);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const answer = signedIn.json<{ access_token: string; user: { id: string; email_verified: boolean } }>();
    expect(answer.user).toMatchObject({ id: user.id, email_verified: true });
    expect((await myOrders(answer.access_token)).orders.map((order) => order.id)).toEqual([paid.id]);

    const again = await signInWith(link);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'invalid_sign_in_link' });
  });

  it('lets one of two uses of a link at once sign in', async () => {
    const email = uniqueEmail();
    await t.registerUser({ email });
    await askSignInLink(email);
    const link = await mailedToken(email, '/sign-in-link');
    const answers = await Promise.all([signInWith(link), signInWith(link), signInWith(link)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400]);
    const sessions = await t.app.db.selectFrom('sessions as s').innerJoin('users as u', 'u.id', 's.user_id').select('s.id').where('u.email', '=', email).execute();
    // The registration's session and the one link's.
    expect(sessions).toHaveLength(2);
  });

  it('refuses an expired link, a disabled account and a staff account', async () => {
    const email = uniqueEmail();
    const { user } = await t.registerUser({ email });
    await askSignInLink(email);
    const expired = await mailedToken(email, '/sign-in-link');
    await t.app.db.updateTable('account_tokens').set({ expires_at: sql`now() - interval '1 second'` }).where('token_digest', '=', digestOf(expired)).execute();
    expect((await signInWith(expired)).json()).toMatchObject({ code: 'invalid_sign_in_link' });

    await askSignInLink(email);
    const live = await mailedToken(email, '/sign-in-link', 2);
    const disabled = await t.request({ method: 'PATCH', url: `/api/admin/users/${user.id}`, token: await t.adminToken(), payload: { is_active: false } });
    expect(disabled.statusCode, disabled.body).toBe(200);
    const refused = await signInWith(live);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'account_disabled' });

    // Staff sign in through the admin's own sign-in only: the same answer, and nothing mailed.
    const admin = await t.app.db.selectFrom('users').select(['id', 'email']).where('username', '=', 'admin').executeTakeFirstOrThrow();
    const mailedBefore = peer.received.length;
    const staff = await askSignInLink(admin.email);
    expect(staff.json()).toEqual({ message: SIGN_IN_LINK_REQUESTED_MESSAGE, mailed: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(peer.received.length).toBe(mailedBefore);
    const password = await t.request({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: ADMIN_PASSWORD } });
    expect(password.statusCode).toBe(200);
  });

  it('answers hostile tokens and emails with a 4xx and a detail', async () => {
    for (const payload of [{ token: `${'a'.repeat(42)}\u0000` }, { token: 'x'.repeat(1024 * 1024) }, { token: 42 }, {}]) {
      for (const url of ['/api/auth/magic-link/confirm', '/api/auth/verify-email']) {
        const answer = await t.request({ method: 'POST', url, payload });
        // 1 MB is over the body limit (413); the rest fail the contract's schema (400).
        expect(answer.statusCode, `${url} ${JSON.stringify(payload).slice(0, 40)}`).toBe(JSON.stringify(payload).length > 100_000 ? 413 : 400);
        expect(answer.json().detail).toEqual(expect.any(String));
      }
    }
    const nul = await askSignInLink('a\u0000b@example.com');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().detail).toEqual(expect.any(String));
  });
});
