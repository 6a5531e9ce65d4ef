import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  ApiError,
  CATEGORIES,
  createApiClient,
  isFullOrder,
  isTwoFactorChallenge,
  routeNames,
  routes,
  type ApiClient,
  type ApiClientOptions,
  type DiscountCodeInput,
  type ProductInput,
  type RouteName,
} from '@store/contracts';
import type { InjectOptions } from 'fastify';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { captureEvent, deliverWebhook, startPaymentSandbox, type RunningPaymentSandbox } from '@store/payment-sandbox';
import { SIGN_IN_LINK_REQUESTED_MESSAGE } from '../src/auth/magic-link.ts';
import { RESET_REQUESTED_MESSAGE } from '../src/auth/password-reset.ts';
import type { AccountTokenPurpose } from '../src/db/schema.ts';
import { LOCAL_WEBHOOK_ID } from '../src/payments/payment-service.ts';
import { build, type TestApp } from './helpers/build.ts';
import { startSmtpPeer, type SmtpPeer } from './helpers/smtp-peer.ts';
import { createEnrolledStaff, createStaff, totpCode } from './helpers/staff.ts';

let t: TestApp;
let sandbox: RunningPaymentSandbox;
let peer: SmtpPeer;
beforeAll(async () => {
  [sandbox, peer] = await Promise.all([startPaymentSandbox(), startSmtpPeer()]);
  // Every route once, many of them registering an account: more than a minute's sign-up limit of one address.
  t = await build({ PAYPAL_API_URL: sandbox.url, COINGATE_API_URL: `${sandbox.url}/coingate/v2`, AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await Promise.all([sandbox.close(), peer.close()]);
});

/** The browser's fetch, answered in-process: the client's real Request is handed to Fastify's inject. */
const injectFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const url = new URL(request.url);
  // JSON text or a multipart body with its boundary: whatever the client built, byte for byte.
  const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
  const response = await t.app.inject({
    method: request.method as InjectOptions['method'],
    url: `${url.pathname}${url.search}`,
    headers: Object.fromEntries(request.headers),
    ...(payload ? { payload } : {}),
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    for (const item of [value ?? []].flat()) headers.append(name, String(item));
  }
  // A 204 answer must be built without a body, as a browser's fetch gives it.
  const body = response.statusCode === 204 ? null : response.body;
  return new Response(body, { status: response.statusCode, headers });
};

const clientFor = (token?: string, options: Pick<ApiClientOptions, 'onUnauthorized'> = {}): ApiClient =>
  createApiClient({ baseUrl: 'http://store.test', getToken: () => token, fetch: injectFetch, ...options });

const unique = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;

const productInput = (overrides: Partial<ProductInput> = {}): ProductInput => ({
  title: unique('Contract Product '),
  price: 24.5,
  category: 'plugins',
  product_type: 'single',
  description: 'A product made by the client contract test.',
  detailed_description: 'It exists so that every catalogue route has something to answer.',
  images: [],
  features: ['Works offline', 'Lifetime updates'],
  system_requirements: { OS: 'Windows 11' },
  stock_quantity: 7,
  ...overrides,
});

const createProduct = async (overrides: Partial<ProductInput> = {}) =>
  clientFor(await t.adminToken()).adminCreateProduct({ body: productInput(overrides) });

/** A live mailed link of an account, made without the mail. */
async function linkToken(userId: string, purpose: AccountTokenPurpose): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await t.app.db
    .insertInto('account_tokens')
    .values({ user_id: userId, purpose, token_digest: createHash('sha256').update(token).digest(), expires_at: new Date(Date.now() + 60_000) })
    .execute();
  return token;
}

/** The smallest valid PNG: 1x1, one transparent pixel. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

type Call = () => Promise<unknown>;

const guestInvoice = {
  email: 'guest.buyer@example.com',
  name: 'Guest Buyer',
  address: '1 Main St',
  city: 'Leeds',
  country: 'United Kingdom',
};

/** A guest order approved by the buyer on the sandbox's page: answers our order and PayPal's order id. */
const approvedOrder = async () => {
  const order = await guestOrder();
  const { payment_url } = await clientFor().createPayment({ query: { order_id: order.id } });
  const paypalOrderId = new URL(payment_url).searchParams.get('token')!;
  sandbox.state.approveOrder(paypalOrderId);
  return { order, paypalOrderId };
};

/** A guest order of one unit of a fresh product, through the client. */
const guestOrder = async () => {
  const product = await createProduct({ stock_quantity: 3 });
  return clientFor().createOrder({ body: { items: [{ product_id: product.id, quantity: 1 }], invoice_data: guestInvoice } });
};

/** The bytes of the deliverable file the cases upload. */
const DELIVERABLE = Buffer.from('PK\u0003\u0004 a small deliverable, not really a zip\n');

/** A fresh product carrying one file, uploaded through the client. */
const productWithFile = async () => {
  const product = await createProduct({ stock_quantity: 3 });
  const form = new FormData();
  form.append('file', new Blob([DELIVERABLE]), 'starter kit.zip');
  const file = await clientFor(await t.adminToken()).adminUploadProductFile({ params: { id: product.id }, body: form });
  expect(file).toMatchObject({ name: 'starter kit.zip', size: DELIVERABLE.length, content_type: 'application/zip' });
  return { product, file };
};

/** A delivered guest order of a product carrying a file. */
const deliveredFileOrder = async () => {
  const { product } = await productWithFile();
  const order = await clientFor().createOrder({ body: { items: [{ product_id: product.id, quantity: 1 }], invoice_data: guestInvoice } });
  await clientFor(await t.adminToken()).adminSetOrderStatus({ params: { id: order.id }, query: { status: 'confirmed' } });
  return { order };
};

/** A fresh buyer with a completed order of a fresh product: one who may review it. */
const verifiedBuyer = async () => {
  const { token, user } = await t.registerUser();
  const product = await createProduct({ stock_quantity: 3 });
  const order = await clientFor(token).createOrder({ body: { items: [{ product_id: product.id, quantity: 1 }] } });
  await clientFor(await t.adminToken()).adminSetOrderStatus({ params: { id: order.id }, query: { status: 'confirmed' } });
  return { token, user, product };
};

/** A licence key sold to a guest: a product with one key in its pool, ordered and confirmed by staff. */
const soldKey = async () => {
  const admin = clientFor(await t.adminToken());
  const product = await createProduct({ stock_quantity: 0 });
  const key = unique('LIC-CLIENT-');
  await admin.adminAddLicenseKeys({ params: { id: product.id }, body: { keys: key } });
  const order = await clientFor().createOrder({ body: { items: [{ product_id: product.id, quantity: 1 }], invoice_data: guestInvoice } });
  await admin.adminSetOrderStatus({ params: { id: order.id }, query: { status: 'confirmed' } });
  return { product, key };
};

/** A monthly subscription product (docs/decisions/037-subscriptions.md). */
const subscriptionProduct = () => createProduct({ product_type: 'subscription', billing_interval: 'month', key_mode: 'generated' });

/** A new account's subscription, created at the sandbox and awaiting the buyer's approval. */
const startedSubscription = async () => {
  const { token } = await t.registerUser();
  const started = await clientFor(token).createSubscription({ body: { product_id: (await subscriptionProduct()).id } });
  return { token, started };
};

/** A subscription approved at the sandbox and confirmed on its return page, with its first sale recorded as its webhook would. */
const paidSubscription = async () => {
  const { token, started } = await startedSubscription();
  await sandbox.state.approveSubscription(started.paypal_subscription_id);
  await clientFor(token).confirmSubscription({ params: { id: started.id } });
  const sale = [...sandbox.state.sales.values()].find((made) => made.subscriptionId === started.paypal_subscription_id)!;
  await t.app.db
    .insertInto('subscription_payments')
    .values({ subscription_id: started.id, paypal_sale_id: sale.id, amount_cents: 1999, currency: 'USD', paid_at: new Date() })
    .onConflict((conflict) => conflict.column('paypal_sale_id').doNothing())
    .execute();
  return { token, started };
};

/** A fresh discount code made by staff through the client (10% off by default). */
const discountCode = async (overrides: Partial<DiscountCodeInput> = {}) =>
  clientFor(await t.adminToken()).adminCreateDiscount({ body: { code: unique('CLIENT').toUpperCase(), kind: 'percent', value: 10, ...overrides } });

/** Every implemented route, called through the typed client with data the case makes itself. */
const implementedCalls = {
  register: async () => {
    const username = unique('client');
    const answer = await clientFor().register({ body: { username, email: `${username}@example.com`, password: 'secret-password' } });
    expect(answer.user.username).toBe(username);
    return answer;
  },
  login: async () => {
    const { user, password } = await t.registerUser();
    const answer = await clientFor().login({ body: { username: user.email, password } });
    expect(answer).toMatchObject({ user: { id: user.id } });
    return answer;
  },
  loginTwoFactor: async () => {
    const staff = await createEnrolledStaff(t);
    const challenge = await clientFor().login({ body: { username: staff.username, password: staff.password } });
    if (!isTwoFactorChallenge(challenge)) throw new Error('the password alone opened a session of an account with two-factor sign-in');
    // The current step was taken by the setup: the app's next code.
    const answer = await clientFor().loginTwoFactor({ body: { token: challenge.two_factor_token, code: totpCode(staff.secret, 1) } });
    expect(answer.user.id).toBe(staff.id);
    return answer;
  },
  twoFactorStatus: async () => {
    const staff = await createEnrolledStaff(t);
    const answer = await clientFor(staff.token).twoFactorStatus();
    expect(answer).toMatchObject({ enabled: true, recovery_codes_left: 10, required: false });
    return answer;
  },
  twoFactorSetup: async () => {
    const staff = await createStaff(t);
    const answer = await clientFor(staff.token).twoFactorSetup({ body: { password: staff.password } });
    expect(answer.otpauth_uri).toContain(`secret=${answer.secret}`);
    expect(answer.qr_code).toMatch(/^data:image\/png;base64,/);
    return answer;
  },
  twoFactorEnable: async () => {
    const staff = await createStaff(t);
    const { secret } = await clientFor(staff.token).twoFactorSetup({ body: { password: staff.password } });
    const answer = await clientFor(staff.token).twoFactorEnable({ body: { password: staff.password, code: totpCode(secret) } });
    expect(new Set(answer.recovery_codes).size).toBe(10);
    return answer;
  },
  twoFactorDisable: async () => {
    const staff = await createEnrolledStaff(t);
    const answer = await clientFor(staff.token).twoFactorDisable({ body: { password: staff.password, recovery_code: staff.recoveryCodes[0]! } });
    await expect(clientFor(staff.token).twoFactorStatus()).resolves.toMatchObject({ enabled: false });
    return answer;
  },
  twoFactorRecoveryCodes: async () => {
    const staff = await createEnrolledStaff(t);
    const answer = await clientFor(staff.token).twoFactorRecoveryCodes({ body: { password: staff.password, code: totpCode(staff.secret, 1) } });
    expect(answer.recovery_codes).not.toContain(staff.recoveryCodes[0]);
    return answer;
  },
  me: async () => {
    const { token, user } = await t.registerUser();
    const answer = await clientFor(token).me();
    expect(answer.id).toBe(user.id);
    return answer;
  },
  logout: async () => {
    const { token } = await t.registerUser();
    const answer = await clientFor(token).logout();
    await expect(clientFor(token).me()).rejects.toMatchObject({ status: 401 });
    return answer;
  },
  changePassword: async () => {
    const { token, password, user } = await t.registerUser();
    const answer = await clientFor(token).changePassword({ body: { current_password: password, new_password: 'a-new-and-long-password' } });
    await expect(clientFor().login({ body: { username: user.username, password: 'a-new-and-long-password' } })).resolves.toMatchObject({
      user: { id: user.id },
    });
    return answer;
  },
  adminSetUserActive: async () => {
    const { token, user } = await t.registerUser();
    const answer = await clientFor(await t.adminToken()).adminSetUserActive({ params: { id: user.id }, body: { is_active: false } });
    expect(answer).toMatchObject({ id: user.id, is_active: false });
    await expect(clientFor(token).me()).rejects.toMatchObject({ status: 401 });
    return answer;
  },
  listProducts: async () => {
    const created = await createProduct({ category: 'templates' });
    const answer = await clientFor().listProducts({
      query: { search: created.title, category: 'templates', sort: 'price_asc', limit: 5, offset: 0 },
    });
    expect(answer.products.map((product) => product.id)).toEqual([created.id]);
    expect(answer.total).toBe(1);
    return answer;
  },
  suggestSearch: async () => {
    const created = await createProduct({ title: 'Zephyrine Sound Designer' });
    const answer = await clientFor().suggestSearch({ query: { q: 'zephyr' } });
    expect(answer.products.map((product) => product.id)).toEqual([created.id]);
    return answer;
  },
  listCategories: async () => {
    const answer = await clientFor().listCategories();
    expect(answer.map((option) => option.value)).toEqual(CATEGORIES.map((category) => category.value));
    return answer;
  },
  getProduct: async () => {
    const { max_activations: _staffOnly, ...created } = await createProduct();
    const answer = await clientFor().getProduct({ params: { id: created.id } });
    expect(answer).toEqual(created);
    return answer;
  },
  listProductReviews: async () => {
    const { token, user, product } = await verifiedBuyer();
    await clientFor(token).saveMyReview({ params: { id: product.id }, body: { rating: 5, body: 'Does what it says.' } });
    const answer = await clientFor().listProductReviews({ params: { id: product.id }, query: { limit: 5, offset: 0 } });
    expect(answer).toMatchObject({ total: 1, reviews: [{ rating: 5, body: 'Does what it says.', author: user.username }] });
    return answer;
  },
  getMyReview: async () => {
    const { token, product } = await verifiedBuyer();
    const answer = await clientFor(token).getMyReview({ params: { id: product.id } });
    expect(answer).toEqual({ can_review: true, review: null });
    return answer;
  },
  saveMyReview: async () => {
    const { token, product } = await verifiedBuyer();
    const answer = await clientFor(token).saveMyReview({ params: { id: product.id }, body: { rating: 4 } });
    expect(answer).toMatchObject({ can_review: true, review: { rating: 4, body: '', hidden: false } });
    expect(await clientFor().getProduct({ params: { id: product.id } })).toMatchObject({ rating: 4, reviews_count: 1 });
    return answer;
  },
  adminListReviews: async () => {
    const { token, product } = await verifiedBuyer();
    const { review } = await clientFor(token).saveMyReview({ params: { id: product.id }, body: { rating: 3, body: 'Fine.' } });
    const answer = await clientFor(await t.adminToken()).adminListReviews({ query: { hidden: false, limit: 10 } });
    expect(answer.reviews[0]).toMatchObject({
      id: review!.id,
      product_id: product.id,
      product_title: product.title,
      hidden: false,
      counted: true,
    });
    return answer;
  },
  adminSetReviewHidden: async () => {
    const { token, product } = await verifiedBuyer();
    const { review } = await clientFor(token).saveMyReview({ params: { id: product.id }, body: { rating: 1 } });
    const answer = await clientFor(await t.adminToken()).adminSetReviewHidden({ params: { id: review!.id }, body: { hidden: true } });
    expect(answer).toMatchObject({ id: review!.id, hidden: true });
    expect((await clientFor().listProductReviews({ params: { id: product.id } })).total).toBe(0);
    return answer;
  },
  siteInfo: async () => clientFor().siteInfo(),
  upload: async () => {
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'pixel.png');
    const answer = await clientFor(await t.adminToken()).upload({ body: form });
    expect(answer.url).toMatch(/^\/uploads\/[0-9a-f-]+\.png$/);
    return answer;
  },
  adminListProducts: async () => {
    const created = await createProduct();
    const answer = await clientFor(await t.adminToken()).adminListProducts({ query: { search: created.title } });
    expect(answer.products.map((product) => product.id)).toEqual([created.id]);
    return answer;
  },
  adminCreateProduct: async () => {
    const input = productInput({ price: 19.99, max_activations: 5 });
    const answer = await clientFor(await t.adminToken()).adminCreateProduct({ body: input });
    expect(answer).toMatchObject({ title: input.title, price: 19.99, stock_quantity: 7, max_activations: 5 });
    return answer;
  },
  adminUpdateProduct: async () => {
    const created = await createProduct();
    const answer = await clientFor(await t.adminToken()).adminUpdateProduct({
      params: { id: created.id },
      body: productInput({ title: 'Renamed by the client', price: 30 }),
    });
    expect(answer).toMatchObject({ id: created.id, title: 'Renamed by the client', price: 30 });
    return answer;
  },
  adminDeleteProduct: async () => {
    const created = await createProduct();
    const answer = await clientFor(await t.adminToken()).adminDeleteProduct({ params: { id: created.id } });
    await expect(clientFor().getProduct({ params: { id: created.id } })).rejects.toMatchObject({ status: 404 });
    return answer;
  },
  adminListUsers: async () => {
    const { user } = await t.registerUser();
    const answer = await clientFor(await t.adminToken()).adminListUsers({ query: { search: user.username, role: 'user' } });
    expect(answer.users.map((listed) => listed.id)).toEqual([user.id]);
    return answer;
  },
  adminUserCounts: async () => {
    const answer = await clientFor(await t.adminToken()).adminUserCounts();
    expect(answer.admins).toBeGreaterThanOrEqual(1);
    expect(answer.total).toBeGreaterThanOrEqual(answer.active);
    return answer;
  },
  adminUserStats: async () => {
    const { token, user } = await t.registerUser();
    const product = await createProduct();
    await clientFor(token).createOrder({ body: { items: [{ product_id: product.id, quantity: 1 }] } });
    const answer = await clientFor(await t.adminToken()).adminUserStats({ params: { id: user.id } });
    expect(answer).toEqual({ orders: 1, spent: 0, products: 0 });
    return answer;
  },
  adminGetSettings: async () => clientFor(await t.adminToken()).adminGetSettings(),
  adminSystemStatus: async () => {
    const answer = await clientFor(await t.adminToken()).adminSystemStatus();
    expect(answer).toMatchObject({ readiness: { status: 'ready' }, migrations: { pending: [] }, redis: { state: 'not_configured' } });
    return answer;
  },
  previewDiscount: async () => {
    const product = await createProduct({ price: 40, stock_quantity: 3 });
    const { code } = await discountCode({ kind: 'percent', value: 25 });
    const answer = await clientFor().previewDiscount({
      body: { code: code.toLowerCase(), items: [{ product_id: product.id, quantity: 1 }], email: guestInvoice.email },
    });
    expect(answer).toEqual({ code, amount: 10, subtotal: 40, total: 30 });
    return answer;
  },
  adminListDiscounts: async () => {
    const created = await discountCode();
    const answer = await clientFor(await t.adminToken()).adminListDiscounts({ query: { search: created.code, limit: 5 } });
    expect(answer.codes.map((code) => code.id)).toEqual([created.id]);
    return answer;
  },
  adminCreateDiscount: async () => discountCode({ kind: 'fixed', value: 7.5, max_uses: 3 }),
  adminUpdateDiscount: async () => {
    const created = await discountCode();
    const answer = await clientFor(await t.adminToken()).adminUpdateDiscount({
      params: { id: created.id },
      body: { code: created.code, kind: 'percent', value: 30, max_uses_per_buyer: 1 },
    });
    expect(answer).toMatchObject({ id: created.id, value: 30, max_uses_per_buyer: 1 });
    return answer;
  },
  adminSetDiscountDisabled: async () => {
    const created = await discountCode();
    const answer = await clientFor(await t.adminToken()).adminSetDiscountDisabled({ params: { id: created.id }, body: { disabled: true } });
    expect(answer).toMatchObject({ id: created.id, disabled: true, status: 'disabled' });
    return answer;
  },
  adminListDiscountUses: async () => {
    const product = await createProduct({ price: 20, stock_quantity: 3 });
    const created = await discountCode({ kind: 'fixed', value: 5 });
    const order = await clientFor().createOrder({
      body: { items: [{ product_id: product.id, quantity: 1 }], invoice_data: guestInvoice, discount_code: created.code },
    });
    const answer = await clientFor(await t.adminToken()).adminListDiscountUses({ params: { id: created.id } });
    expect(answer.uses).toEqual([expect.objectContaining({ order_id: order.id, amount: 5, total_amount: 15, status: 'pending', counted: false })]);
    return answer;
  },
  createOrder: async () => {
    const product = await createProduct({ price: 12.5, stock_quantity: 4 });
    const answer = await clientFor().createOrder({
      body: { items: [{ product_id: product.id, quantity: 2 }], invoice_data: guestInvoice },
    });
    expect(answer).toMatchObject({ status: 'pending', total_amount: 25, user_id: null, goods_included: false });
    expect(answer.access_token).toEqual(expect.any(String));
    return answer;
  },
  listMyOrders: async () => {
    const { token } = await t.registerUser();
    const product = await createProduct();
    const order = await clientFor(token).createOrder({ body: { items: [{ product_id: product.id, quantity: 1 }] } });
    const answer = await clientFor(token).listMyOrders();
    expect(answer.orders.map((listed) => listed.id)).toEqual([order.id]);
    return answer;
  },
  getMyOrder: async () => {
    const { token } = await t.registerUser();
    const product = await createProduct();
    const order = await clientFor(token).createOrder({ body: { items: [{ product_id: product.id, quantity: 1 }] } });
    const answer = await clientFor(token).getMyOrder({ params: { id: order.id } });
    expect(answer.id).toBe(order.id);
    return answer;
  },
  cancelMyOrder: async () => {
    const { token } = await t.registerUser();
    const product = await createProduct();
    const order = await clientFor(token).createOrder({ body: { items: [{ product_id: product.id, quantity: 1 }] } });
    const answer = await clientFor(token).cancelMyOrder({ params: { id: order.id } });
    expect(answer).toMatchObject({ id: order.id, status: 'failed' });
    return answer;
  },
  getGuestOrder: async () => {
    const order = await guestOrder();
    const answer = await clientFor().getGuestOrder({ params: { orderId: order.id }, query: { token: order.access_token } });
    expect(answer.id).toBe(order.id);
    return answer;
  },
  adminListOrders: async () => {
    const order = await guestOrder();
    const answer = await clientFor(await t.adminToken()).adminListOrders({ query: { search: order.id } });
    expect(answer.orders.map((listed) => listed.id)).toEqual([order.id]);
    return answer;
  },
  adminExportOrders: async () => {
    const order = await guestOrder();
    const answer = await clientFor(await t.adminToken()).adminExportOrders({ query: { search: order.id } });
    // Not JSON: the client hands the CSV file back as a Blob, as it does a download.
    expect(answer).toBeInstanceOf(Blob);
    const text = new TextDecoder().decode(await (answer as Blob).arrayBuffer());
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(2);
    expect(text).toContain(`"${order.id}"`);
    return answer;
  },
  adminRefundOrder: async () => {
    // A free product's order (completed when placed): refunded without PayPal, its key revoked.
    const admin = clientFor(await t.adminToken());
    const product = await createProduct({ price: 0, stock_quantity: 0 });
    await admin.adminAddLicenseKeys({ params: { id: product.id }, body: { keys: unique('REFUND-CLIENT-') } });
    const order = await clientFor().createOrder({ body: { items: [{ product_id: product.id, quantity: 1 }], invoice_data: guestInvoice } });
    expect(order.status).toBe('completed');
    const answer = await admin.adminRefundOrder({ params: { id: order.id }, body: { reason: 'Bought by mistake' } });
    expect(answer).toMatchObject({ status: 'refunded', refund: { origin: 'staff', reason: 'Bought by mistake' }, refund_in_progress: false });
    return answer;
  },
  adminSetOrderStatus: async () => {
    const order = await guestOrder();
    const answer = await clientFor(await t.adminToken()).adminSetOrderStatus({ params: { id: order.id }, query: { status: 'rejected' } });
    expect(answer.status).toBe('rejected');
    return answer;
  },
  adminStats: async () => {
    const answer = await clientFor(await t.adminToken()).adminStats();
    expect(answer.total_users).toBeGreaterThan(0);
    return answer;
  },
  adminRevenue: async () => {
    const answer = await clientFor(await t.adminToken()).adminRevenue({ query: { days: 7 } });
    expect(answer.points).toHaveLength(7);
    return answer;
  },
  adminAddLicenseKeys: async () => {
    const product = await createProduct();
    const answer = await clientFor(await t.adminToken()).adminAddLicenseKeys({
      params: { id: product.id },
      body: { keys: 'AAAA-1111\nBBBB-2222\nAAAA-1111' },
    });
    expect(answer).toMatchObject({ added: 2, duplicates: ['AAAA-1111'] });
    return answer;
  },
  adminLicenseKeyStock: async () => {
    const product = await createProduct();
    await clientFor(await t.adminToken()).adminAddLicenseKeys({ params: { id: product.id }, body: { keys: 'CCCC-3333' } });
    const answer = await clientFor(await t.adminToken()).adminLicenseKeyStock({ params: { id: product.id } });
    expect(answer).toEqual({ available: 1, sold: 0, reserved: 0 });
    return answer;
  },
  createPayment: async () => {
    const order = await guestOrder();
    const answer = await clientFor().createPayment({ query: { order_id: order.id } });
    expect(answer.payment_url).toContain('/checkoutnow?token=');
    return answer;
  },
  paypalCreateOrder: async () => {
    const order = await guestOrder();
    const answer = await clientFor().paypalCreateOrder({ body: { order_id: order.id } });
    expect(answer).toMatchObject({ success: true, approval_url: expect.stringContaining('/checkoutnow?token=') });
    return answer;
  },
  paypalCaptureOrder: async () => {
    const { order, paypalOrderId } = await approvedOrder();
    const answer = await clientFor().paypalCaptureOrder({ params: { paypalOrderId } });
    expect(answer).toMatchObject({ success: true, order_id: order.id });
    return answer;
  },
  paypalWebhook: async () => {
    const { paypalOrderId } = await approvedOrder();
    const { capture_id } = await clientFor().paypalCaptureOrder({ params: { paypalOrderId } });
    const port = (t.app.server.address() as { port: number }).port;
    // PayPal's own delivery, then the same transmission sent again through the typed client.
    const { transmission } = await deliverWebhook(sandbox.state, {
      url: `http://127.0.0.1:${port}/api/paypal/webhook`,
      webhookId: LOCAL_WEBHOOK_ID,
      ...captureEvent(sandbox.state, capture_id!),
    });
    return clientFor().paypalWebhook(
      { body: JSON.parse(transmission.body) },
      {
        headers: {
          'PAYPAL-TRANSMISSION-ID': transmission.id,
          'PAYPAL-TRANSMISSION-TIME': transmission.time,
          'PAYPAL-TRANSMISSION-SIG': transmission.signature,
          'PAYPAL-CERT-URL': transmission.certUrl,
          'PAYPAL-AUTH-ALGO': transmission.authAlgo,
        },
      },
    );
  },
  adminTestCoingate: async () => {
    const admin = clientFor(await t.adminToken());
    await admin.adminUpdateSettings({ body: { coingate_api_key: 'sandbox-coingate-key' } });
    const answer = await admin.adminTestCoingate();
    expect(answer.status).toBe('success');
    return answer;
  },
  adminListApiKeys: async () => {
    const admin = clientFor(await t.adminToken());
    const created = await admin.adminCreateApiKey({ body: { name: 'Client list', scopes: ['orders:read'] } });
    const answer = await admin.adminListApiKeys({});
    expect(answer.keys.find((key) => key.id === created.key.id)).toMatchObject({ name: 'Client list', scopes: ['orders:read'], revoked_at: null });
    return answer;
  },
  adminCreateApiKey: async () => {
    const answer = await clientFor(await t.adminToken()).adminCreateApiKey({ body: { name: 'Client create', scopes: ['products:read', 'orders:read'] } });
    expect(answer.secret).toMatch(/^kv_live_[A-Za-z0-9_-]{43}$/);
    expect(answer.key.prefix).toBe(answer.secret.slice(0, 12));
    return answer;
  },
  adminRevokeApiKey: async () => {
    const admin = clientFor(await t.adminToken());
    const created = await admin.adminCreateApiKey({ body: { name: 'Client revoke', scopes: ['orders:read'] } });
    return admin.adminRevokeApiKey({ params: { id: created.key.id } });
  },
  adminListWebhooks: async () => {
    const admin = clientFor(await t.adminToken());
    const created = await admin.adminCreateWebhook({ body: { url: 'http://127.0.0.1:9/list', events: ['order.paid'] } });
    const answer = await admin.adminListWebhooks({});
    expect(answer.endpoints.map((endpoint) => endpoint.id)).toContain(created.endpoint.id);
    return answer;
  },
  adminCreateWebhook: async () => {
    const answer = await clientFor(await t.adminToken()).adminCreateWebhook({ body: { url: 'http://127.0.0.1:9/create', events: ['order.paid', 'review.created'] } });
    expect(answer.secret).toMatch(/^whsec_/);
    expect(answer.endpoint).toMatchObject({ enabled: true, description: '', pending_deliveries: 0 });
    return answer;
  },
  adminUpdateWebhook: async () => {
    const admin = clientFor(await t.adminToken());
    const created = await admin.adminCreateWebhook({ body: { url: 'http://127.0.0.1:9/update', events: ['order.paid'] } });
    const answer = await admin.adminUpdateWebhook({ params: { id: created.endpoint.id }, body: { url: 'http://127.0.0.1:9/moved', events: ['order.refunded'], description: 'CRM' } });
    expect(answer).toMatchObject({ url: 'http://127.0.0.1:9/moved', events: ['order.refunded'], description: 'CRM' });
    return answer;
  },
  adminDeleteWebhook: async () => {
    const admin = clientFor(await t.adminToken());
    const created = await admin.adminCreateWebhook({ body: { url: 'http://127.0.0.1:9/delete', events: ['order.paid'] } });
    return admin.adminDeleteWebhook({ params: { id: created.endpoint.id } });
  },
  adminListWebhookDeliveries: async () => {
    const admin = clientFor(await t.adminToken());
    const created = await admin.adminCreateWebhook({ body: { url: 'http://127.0.0.1:9/deliveries', events: ['order.paid'] } });
    await admin.adminTestWebhook({ params: { id: created.endpoint.id } });
    const answer = await admin.adminListWebhookDeliveries({ params: { id: created.endpoint.id } });
    expect(answer.deliveries).toHaveLength(1);
    return answer;
  },
  adminResendWebhookDelivery: async () => {
    const admin = clientFor(await t.adminToken());
    const created = await admin.adminCreateWebhook({ body: { url: 'http://127.0.0.1:9/resend', events: ['order.paid'] } });
    const delivery = await admin.adminTestWebhook({ params: { id: created.endpoint.id } });
    const answer = await admin.adminResendWebhookDelivery({ params: { id: created.endpoint.id, deliveryId: delivery.id } });
    expect(answer).toMatchObject({ id: delivery.id, attempts: 2 });
    return answer;
  },
  adminTestWebhook: async () => {
    const admin = clientFor(await t.adminToken());
    const created = await admin.adminCreateWebhook({ body: { url: 'http://127.0.0.1:9/test', events: ['order.paid'] } });
    const answer = await admin.adminTestWebhook({ params: { id: created.endpoint.id } });
    // Port 9 refuses the connection: a failed delivery, answered, not an error.
    expect(answer).toMatchObject({ status: 'failed', event_type: 'webhook.test', last_status_code: null });
    return answer;
  },
  adminTestEmail: async () => {
    const admin = clientFor(await t.adminToken());
    await admin.adminUpdateSettings({
      body: { smtp_host: '127.0.0.1', smtp_port: peer.port, smtp_use_tls: false, smtp_from_email: 'shop@example.com' },
    });
    const answer = await admin.adminTestEmail({ body: { test_email: 'staff@example.com' } });
    expect(peer.received.at(-1)?.to).toEqual(['staff@example.com']);
    return answer;
  },
  download: async () => {
    const { order } = await deliveredFileOrder();
    const delivered = await clientFor().getGuestOrder({ params: { orderId: order.id }, query: { token: order.access_token } });
    if (!isFullOrder(delivered)) throw new Error('the access token did not open the order');
    const link = new URL(delivered.items[0]!.downloads![0]!.url, 'http://store.test');
    const [, , , id, fileId] = link.pathname.split('/');
    const answer = await clientFor().download({
      params: { id: id!, fileId: fileId! },
      query: { expires: Number(link.searchParams.get('expires')), signature: link.searchParams.get('signature')! },
    });
    expect(answer).toBeInstanceOf(Blob);
    expect(Buffer.from(await (answer as Blob).arrayBuffer()).equals(DELIVERABLE)).toBe(true);
    return answer;
  },
  downloadSubscriptionFile: async () => {
    const product = await subscriptionProduct();
    const form = new FormData();
    form.append('file', new Blob([DELIVERABLE]), 'writer.zip');
    await clientFor(await t.adminToken()).adminUploadProductFile({ params: { id: product.id }, body: form });
    const { token } = await t.registerUser();
    const started = await clientFor(token).createSubscription({ body: { product_id: product.id } });
    await sandbox.state.approveSubscription(started.paypal_subscription_id);
    const active = await clientFor(token).confirmSubscription({ params: { id: started.id } });
    const link = new URL(active.downloads[0]!.url, 'http://store.test');
    const [, , , id, , fileId] = link.pathname.split('/');
    const answer = await clientFor().downloadSubscriptionFile({
      params: { id: id!, fileId: fileId! },
      query: { expires: Number(link.searchParams.get('expires')), signature: link.searchParams.get('signature')! },
    });
    expect(Buffer.from(await (answer as Blob).arrayBuffer()).equals(DELIVERABLE)).toBe(true);
    return answer;
  },
  adminListProductFiles: async () => {
    const { product, file } = await productWithFile();
    const answer = await clientFor(await t.adminToken()).adminListProductFiles({ params: { id: product.id } });
    expect(answer.files).toEqual([file]);
    return answer;
  },
  adminUploadProductFile: async () => (await productWithFile()).file,
  adminDeleteProductFile: async () => {
    const { product, file } = await productWithFile();
    const admin = clientFor(await t.adminToken());
    const answer = await admin.adminDeleteProductFile({ params: { id: product.id, fileId: file.id } });
    expect((await admin.adminListProductFiles({ params: { id: product.id } })).files).toEqual([]);
    return answer;
  },
  adminDeliveryLog: async () => {
    const { order } = await deliveredFileOrder();
    const answer = await clientFor(await t.adminToken()).adminDeliveryLog({ params: { id: order.id }, query: {} });
    expect(answer.order_id).toBe(order.id);
    return answer;
  },
  validateLicense: async () => {
    const { product, key } = await soldKey();
    const answer = await clientFor().validateLicense({ body: { key, product_id: product.id } });
    expect(answer).toEqual({ valid: true, status: 'active', product_id: product.id, activations: 0, max_activations: 3, expires_at: null });
    return answer;
  },
  activateLicense: async () => {
    const { product, key } = await soldKey();
    const answer = await clientFor().activateLicense({ body: { key, product_id: product.id, instance: 'client-test-laptop' } });
    expect(answer).toMatchObject({ valid: true, status: 'active', activations: 1, max_activations: 3 });
    return answer;
  },
  deactivateLicense: async () => {
    const { product, key } = await soldKey();
    await clientFor().activateLicense({ body: { key, product_id: product.id, instance: 'client-test-desktop' } });
    const answer = await clientFor().deactivateLicense({ body: { key, product_id: product.id, instance: 'client-test-desktop' } });
    expect(answer).toMatchObject({ valid: true, status: 'active', activations: 0 });
    return answer;
  },
  requestPasswordReset: async () => {
    const answer = await clientFor().requestPasswordReset({ body: { email: 'nobody-here@example.com' } });
    expect(answer).toEqual({ message: RESET_REQUESTED_MESSAGE, mailed: true });
    return answer;
  },
  resetPassword: async () => {
    const { user } = await t.registerUser();
    const token = await linkToken(user.id, 'password_reset');
    const answer = await clientFor().resetPassword({ body: { token, new_password: 'a-new-long-password-42' } });
    expect(answer.message).toContain('new password is set');
    return answer;
  },
  requestEmailVerification: async () => {
    const { token } = await t.registerUser();
    const answer = await clientFor(token).requestEmailVerification();
    expect(answer.message).toContain('A new link is on its way');
    expect(answer.mailed).toBe(true);
    return answer;
  },
  verifyEmail: async () => {
    const { user } = await t.registerUser();
    const token = await linkToken(user.id, 'email_verification');
    const answer = await clientFor().verifyEmail({ body: { token } });
    expect(answer).toEqual({ message: 'Your email is verified.', claimed_orders: 0 });
    return answer;
  },
  requestMagicLink: async () => {
    const answer = await clientFor().requestMagicLink({ body: { email: 'nobody-here@example.com' } });
    expect(answer).toEqual({ message: SIGN_IN_LINK_REQUESTED_MESSAGE, mailed: true });
    return answer;
  },
  signInWithMagicLink: async () => {
    const { user } = await t.registerUser();
    const token = await linkToken(user.id, 'magic_link');
    const answer = await clientFor().signInWithMagicLink({ body: { token } });
    expect(answer.user).toMatchObject({ id: user.id, email_verified: true });
    return answer;
  },
  adminListAudit: async () => {
    const admin = clientFor(await t.adminToken());
    const product = await createProduct();
    await admin.adminUpdateProduct({ params: { id: product.id }, body: productInput({ title: product.title, price: 30 }) });
    const answer = await admin.adminListAudit({ query: { action: 'adminUpdateProduct', target_id: product.id, actor: 'ADMIN', limit: 5 } });
    expect(answer.total).toBe(1);
    expect(answer.entries[0]).toMatchObject({
      action: 'adminUpdateProduct',
      actor_username: 'admin',
      target_type: 'products',
      target_id: product.id,
      status_code: 200,
      changes: { price: { before: 24.5, after: 30 } },
    });
    expect(answer.actions.map((action) => action.value)).toContain('adminUpdateProduct');
    return answer;
  },
  createSubscription: async () => {
    const { token } = await t.registerUser();
    const answer = await clientFor(token).createSubscription({ body: { product_id: (await subscriptionProduct()).id } });
    expect(answer).toMatchObject({ status: 'approval_pending', approve_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\//) });
    return answer;
  },
  listMySubscriptions: async () => {
    const { token, started } = await startedSubscription();
    const answer = await clientFor(token).listMySubscriptions();
    expect(answer.subscriptions.map((subscription) => subscription.id)).toEqual([started.id]);
    return answer;
  },
  getMySubscription: async () => {
    const { token, started } = await startedSubscription();
    const answer = await clientFor(token).getMySubscription({ params: { id: started.id } });
    expect(answer).toMatchObject({ id: started.id, status: 'approval_pending', license_keys: [] });
    return answer;
  },
  confirmSubscription: async () => {
    const { token, started } = await startedSubscription();
    // Not approved at PayPal yet: the return page's call changes nothing and says so.
    const answer = await clientFor(token).confirmSubscription({ params: { id: started.id } });
    expect(answer).toMatchObject({ id: started.id, status: 'approval_pending' });
    return answer;
  },
  cancelMySubscription: async () => {
    const { token, started } = await startedSubscription();
    const answer = await clientFor(token).cancelMySubscription({ params: { id: started.id } });
    expect(answer).toMatchObject({ id: started.id, cancel_at_period_end: true });
    return answer;
  },
  adminListSubscriptions: async () => {
    const { started } = await startedSubscription();
    const answer = await clientFor(await t.adminToken()).adminListSubscriptions({ query: { status: 'approval_pending', limit: 5 } });
    expect(answer.items.map((item) => item.id)).toContain(started.id);
    return answer;
  },
  adminGetSubscription: async () => {
    const { started } = await paidSubscription();
    const answer = await clientFor(await t.adminToken()).adminGetSubscription({ params: { id: started.id } });
    expect(answer).toMatchObject({ id: started.id, status: 'active' });
    expect(answer.payments).toHaveLength(1);
    return answer;
  },
  adminCancelSubscription: async () => {
    const { started } = await paidSubscription();
    const answer = await clientFor(await t.adminToken()).adminCancelSubscription({ params: { id: started.id }, body: { at: 'now' } });
    expect(answer).toMatchObject({ id: started.id, status: 'expired' });
    return answer;
  },
  adminRefundSubscriptionPayment: async () => {
    const { started } = await paidSubscription();
    const answer = await clientFor(await t.adminToken()).adminRefundSubscriptionPayment({ params: { id: started.id }, body: { reason: 'Charged twice' } });
    expect(answer).toMatchObject({ id: started.id, status: 'expired', payments: [{ status: 'refunded' }] });
    return answer;
  },
  adminUpdateSettings: async () => {
    const answer = await clientFor(await t.adminToken()).adminUpdateSettings({
      body: { site_name: 'Client Contract Store', theme: 'light' },
    });
    expect(answer).toMatchObject({ site_name: 'Client Contract Store', theme: 'light' });
    return answer;
  },
} satisfies Record<RouteName, Call>;

// A route added to the table without a case here is a compile error.
const everyRoute: Record<RouteName, Call> = implementedCalls;

const checkedAgainstContract = new Set<RouteName>();

describe('the typed client and the API agree', () => {
  it.each(Object.entries(implementedCalls) as [RouteName, Call][])('%s answers what its contract schema describes', async (name, call) => {
    const answer = await call();
    const errors = Value.Errors(routes[name].response, answer).map((error) => `${error.instancePath} ${error.message}`);
    expect(errors).toEqual([]);
    expect(Value.Check(routes[name].response, answer)).toBe(true);
    checkedAgainstContract.add(name);
  });

  it('called every route of the table, and each answer matched its contract', () => {
    expect(Object.keys(everyRoute).sort()).toEqual([...routeNames].sort());
    expect([...checkedAgainstContract].sort()).toEqual([...routeNames].sort());
  });
});

describe('errors through the client', () => {
  it("carries the server's detail, code and status in an ApiError", async () => {
    const error: unknown = await clientFor()
      .getProduct({ params: { id: randomUUID() } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      name: 'ApiError',
      status: 404,
      code: 'product_not_found',
      detail: 'Product not found',
      message: 'Product not found',
    });
  });

  it("carries the schema's own message for bad input, as the apps show it", async () => {
    const username = unique('short');
    const error: unknown = await clientFor()
      .register({ body: { username, email: `${username}@example.com`, password: '12345' } })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 400, code: 'validation_error', detail: 'Password must be at least 6 characters' });
  });

  it('calls onUnauthorized once on a 401, with the error the caller then receives', async () => {
    const onUnauthorized = vi.fn();
    const error: unknown = await clientFor(undefined, { onUnauthorized })
      .me()
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 401, code: 'unauthorized', detail: 'Not authenticated' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledWith(error);
  });

  it('calls onUnauthorized for a token the server no longer accepts', async () => {
    const { token, user } = await t.registerUser();
    await t.app.db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    const onUnauthorized = vi.fn();
    await expect(clientFor(token, { onUnauthorized }).me()).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not call onUnauthorized for other errors', async () => {
    const onUnauthorized = vi.fn();
    const { token } = await t.registerUser();
    await expect(clientFor(token, { onUnauthorized }).adminListUsers()).rejects.toMatchObject({ status: 403, code: 'forbidden' });
    await expect(clientFor(undefined, { onUnauthorized }).getProduct({ params: { id: randomUUID() } })).rejects.toMatchObject({
      status: 404,
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
