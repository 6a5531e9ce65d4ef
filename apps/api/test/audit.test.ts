import { randomBytes, randomUUID } from 'node:crypto';
import { AUDIT_TARGET_TYPES, SECRET_MASK, routeNames, routes, type AuditChanges, type RouteDefinition, type AuditEntry, type AuditLog, type ProductInput } from '@store/contracts';
import { startPaymentSandbox, type RunningPaymentSandbox } from '@store/payment-sandbox';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditedRouteNames, auditWritesSettled, type AuditedRouteName } from '../src/audit/audit-trail.ts';
import { CHANGE_LIMITS } from '../src/audit/changes.ts';
import { build, type TestApp } from './helpers/build.ts';
import { createEnrolledStaff, createStaff, totpCode, type Staff } from './helpers/staff.ts';
import { tinyPng } from './helpers/png.ts';
import { startSmtpPeer, type SmtpPeer } from './helpers/smtp-peer.ts';

/*
 * The audit trail (docs/decisions/029-audit-trail.md): every admin route that writes leaves one entry with
 * its action, actor, address, browser and target; what changed is kept before and after, secrets masked and
 * keys never; the database refuses to rewrite an entry; the list filters and pages; shoppers cannot read it.
 */

let t: TestApp;
let sandbox: RunningPaymentSandbox;
let peer: SmtpPeer;
let adminId: string;
beforeAll(async () => {
  [sandbox, peer] = await Promise.all([startPaymentSandbox(), startSmtpPeer()]);
  t = await build({ PAYPAL_API_URL: sandbox.url, COINGATE_API_URL: `${sandbox.url}/coingate/v2`, AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  adminId = (await t.request({ method: 'GET', url: '/api/auth/me', token: await t.adminToken() })).json<{ id: string }>().id;
});
afterAll(async () => {
  await t.close();
  await Promise.all([sandbox.close(), peer.close()]);
});

/** The browser staff use in these tests: the trail keeps it. */
const STAFF_BROWSER = 'Mozilla/5.0 (audit test; staff laptop)';

/** A request as the signed-in admin, from the staff browser. */
/** A request with its address written out (the trail records its path). */
type AdminRequest = InjectOptions & { url: string };

async function asAdmin(options: AdminRequest, token?: string): Promise<LightMyRequestResponse> {
  return t.request({ ...options, token: token ?? (await t.adminToken()), headers: { 'user-agent': STAFF_BROWSER, ...options.headers } });
}

/** A request that must succeed: its JSON answer (null for 204). */
async function ok<T = Record<string, unknown>>(options: AdminRequest, token?: string): Promise<T> {
  const response = await asAdmin(options, token);
  if (response.statusCode >= 300) throw new Error(`${options.method} ${options.url} answered ${response.statusCode} ${response.body}`);
  return (response.statusCode === 204 ? null : response.json()) as T;
}

const unique = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;

const productInput = (overrides: Partial<ProductInput> = {}): ProductInput => ({
  title: unique('Audited Product '),
  price: 19.99,
  category: 'plugins',
  product_type: 'single',
  description: 'A product the audit test changes.',
  detailed_description: 'It exists to be edited, archived and given keys and files.',
  images: [],
  features: ['One', 'Two'],
  system_requirements: { OS: 'Linux' },
  stock_quantity: 5,
  ...overrides,
});

const createProduct = (overrides: Partial<ProductInput> = {}) =>
  ok<{ id: string; title: string }>({ method: 'POST', url: '/api/admin/products', payload: productInput(overrides) });

const guestInvoice = {
  email: 'guest.buyer@example.com',
  name: 'Guest Buyer',
  address: '1 Main St',
  city: 'Leeds',
  country: 'United Kingdom',
};

async function guestOrder(productId: string): Promise<{ id: string; status: string }> {
  const response = await t.request({
    method: 'POST',
    url: '/api/orders',
    payload: { items: [{ product_id: productId, quantity: 1 }], invoice_data: guestInvoice },
  });
  if (response.statusCode !== 201) throw new Error(`order failed: ${response.body}`);
  return response.json();
}

/** A multipart body with one file in the field `file`, as a browser sends it. */
async function multipart(data: Buffer, filename: string, type: string): Promise<Pick<InjectOptions, 'payload' | 'headers'>> {
  const form = new FormData();
  form.append('file', new Blob([data], { type }), filename);
  const request = new Request('http://store.test/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

/** The bytes of the file `productWithFile` puts on a product. */
const KIT = Buffer.from('PK\u0003\u0004 a deliverable');

async function productWithFile() {
  const product = await createProduct();
  const file = await ok<{ id: string }>({
    method: 'POST',
    url: `/api/admin/products/${product.id}/files`,
    ...(await multipart(KIT, 'kit.zip', 'application/zip')),
  });
  return { product, file };
}

/**
 * A shopper's subscription bought through the sandbox and confirmed on its return page, with its first payment
 * recorded as the sale's webhook would (this test does not listen for webhooks): a refundable PayPal sale.
 */
async function paidSubscription(): Promise<{ id: string; paymentId: string }> {
  const product = await createProduct({ product_type: 'subscription', billing_interval: 'month', key_mode: 'generated' });
  const shopper = await t.registerUser();
  const created = await t.request({ method: 'POST', url: '/api/subscriptions', token: shopper.token, payload: { product_id: product.id } });
  if (created.statusCode !== 201) throw new Error(`subscribe failed: ${created.body}`);
  const { id, paypal_subscription_id: paypalId } = created.json<{ id: string; paypal_subscription_id: string }>();
  await sandbox.state.approveSubscription(paypalId);
  await t.request({ method: 'POST', url: `/api/subscriptions/${id}/confirm`, token: shopper.token });
  const sale = [...sandbox.state.sales.values()].find((made) => made.subscriptionId === paypalId)!;
  const payment = await t.app.db
    .insertInto('subscription_payments')
    .values({ subscription_id: id, paypal_sale_id: sale.id, amount_cents: 1999, currency: 'USD', paid_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, paymentId: payment.id };
}

/** Every entry of the trail for an action, newest first, read from the table itself. */
async function entriesOf(action: string) {
  return t.app.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('at', 'desc').orderBy('id', 'desc').execute();
}

/** The list route's answer for a query string. */
const listAudit = async (query = '', token?: string) => ok<AuditLog>({ method: 'GET', url: `/api/admin/audit${query}` }, token);

interface AuditCase {
  /** The call under test, made as the admin once the case's own data exists. */
  request: AdminRequest;
  /** The entry's expected target id: known beforehand, or read from the answer (a product just created). */
  targetId: string | null | ((answer: Record<string, unknown>) => string);
  targetType: string;
  /** What the entry must say changed. */
  changes: (changes: AuditChanges | null) => void;
  /** Who makes the call, when not the bootstrap admin: staff's own two-factor changes use a staff account of their own. */
  as?: Staff;
}

/** A staff member's own two-factor change: their account is the target, and only on or off is recorded. */
const ownTwoFactorCase = (staff: Staff, request: AdminRequest, field: string, before: unknown, after: unknown): AuditCase => ({
  as: staff,
  request,
  targetId: staff.id,
  targetType: 'users',
  changes: (changes) => expect(changes).toEqual({ [field]: { before, after } }),
});

/**
 * A case for every route with admin access and a method that writes. `Record<AuditedRouteName, ...>` makes a
 * new such route without a case a compile error, and the first test below fails on it at run time too.
 */
const cases: Record<AuditedRouteName, () => Promise<AuditCase>> = {
  upload: async () => ({
    request: { method: 'POST', url: '/api/upload', ...(await multipart(tinyPng(), 'logo.png', 'image/png')) },
    targetId: (answer) => String(answer.url).replace('/uploads/', ''),
    targetType: 'images',
    changes: (changes) =>
      expect(changes).toMatchObject({ url: { after: expect.stringMatching(/^\/uploads\//) }, content_type: { after: 'image/png' } }),
  }),
  adminAddLicenseKeys: async () => {
    const product = await createProduct({ stock_quantity: 0 });
    return {
      request: {
        method: 'POST',
        url: `/api/admin/products/${product.id}/keys`,
        payload: { keys: 'AUDIT-KEY-ONE-0001\nAUDIT-KEY-TWO-0002\nAUDIT-KEY-ONE-0001' },
      },
      targetId: product.id,
      targetType: 'products',
      changes: (changes) => {
        expect(changes).toEqual({
          available_keys: { before: 0, after: 2 },
          keys_added: { after: 2 },
          duplicates_skipped: { after: 1 },
        });
        expect(JSON.stringify(changes)).not.toContain('AUDIT-KEY');
      },
    };
  },
  adminUploadProductFile: async () => {
    const product = await createProduct();
    const data = Buffer.from('PK\u0003\u0004 the installer');
    return {
      request: {
        method: 'POST',
        url: `/api/admin/products/${product.id}/files`,
        ...(await multipart(data, 'installer.zip', 'application/zip')),
      },
      targetId: product.id,
      targetType: 'products',
      changes: (changes) =>
        expect(changes).toMatchObject({
          file_name: { after: 'installer.zip' },
          file_size: { after: data.length },
          content_type: { after: 'application/zip' },
        }),
    };
  },
  adminDeleteProductFile: async () => {
    const { product, file } = await productWithFile();
    return {
      request: { method: 'DELETE', url: `/api/admin/products/${product.id}/files/${file.id}` },
      targetId: product.id,
      targetType: 'products',
      changes: (changes) =>
        expect(changes).toEqual({ file_id: { before: file.id }, file_name: { before: 'kit.zip' }, file_size: { before: KIT.length } }),
    };
  },
  adminCreateProduct: async () => {
    const input = productInput({ title: unique('Created '), price: 42 });
    return {
      request: { method: 'POST', url: '/api/admin/products', payload: input },
      targetId: (answer) => String(answer.id),
      targetType: 'products',
      changes: (changes) => {
        expect(changes).toMatchObject({ title: { after: input.title }, price: { after: 42 }, features: { after: ['One', 'Two'] } });
        expect(changes?.title).not.toHaveProperty('before');
        expect(changes).not.toHaveProperty('rating');
      },
    };
  },
  adminUpdateProduct: async () => {
    const product = await createProduct({ price: 10 });
    return {
      request: { method: 'PUT', url: `/api/admin/products/${product.id}`, payload: productInput({ title: product.title, price: 12.5 }) },
      targetId: product.id,
      targetType: 'products',
      changes: (changes) => expect(changes).toEqual({ price: { before: 10, after: 12.5 } }),
    };
  },
  adminDeleteProduct: async () => {
    const product = await createProduct();
    return {
      request: { method: 'DELETE', url: `/api/admin/products/${product.id}` },
      targetId: product.id,
      targetType: 'products',
      changes: (changes) => expect(changes).toEqual({ archived: { before: false, after: true } }),
    };
  },
  adminSetOrderStatus: async () => {
    const order = await guestOrder((await createProduct()).id);
    return {
      request: { method: 'PATCH', url: `/api/admin/orders/${order.id}/status?status=rejected` },
      targetId: order.id,
      targetType: 'orders',
      changes: (changes) => expect(changes).toEqual({ status: { before: 'pending', after: 'rejected' } }),
    };
  },
  adminRefundOrder: async () => {
    // A free product's order is completed when placed: refunded without PayPal.
    const product = await createProduct({ price: 0, stock_quantity: 0 });
    await ok({ method: 'POST', url: `/api/admin/products/${product.id}/keys`, payload: { keys: unique('REFUND-AUDIT-') } });
    const order = await guestOrder(product.id);
    return {
      request: { method: 'POST', url: `/api/admin/orders/${order.id}/refund`, payload: { reason: '  Bought by mistake ' } },
      targetId: order.id,
      targetType: 'orders',
      changes: (changes) =>
        expect(changes).toEqual({
          status: { before: 'completed', after: 'refunded' },
          refund_reason: { after: 'Bought by mistake' },
          amount: { after: 0 },
        }),
    };
  },
  adminCancelSubscription: async () => {
    const { id } = await paidSubscription();
    return {
      request: { method: 'POST', url: `/api/admin/subscriptions/${id}/cancel`, payload: { at: 'period_end' } },
      targetId: id,
      targetType: 'subscriptions',
      changes: (changes) =>
        expect(changes).toEqual({ status: { before: 'active', after: 'cancelled' }, at: { after: 'period_end' } }),
    };
  },
  adminRefundSubscriptionPayment: async () => {
    const { id, paymentId } = await paidSubscription();
    return {
      request: { method: 'POST', url: `/api/admin/subscriptions/${id}/refund-last-payment`, payload: { reason: '  Charged twice ' } },
      targetId: id,
      targetType: 'subscriptions',
      changes: (changes) =>
        expect(changes).toEqual({
          status: { before: 'active', after: 'expired' },
          payment_status: { before: 'completed', after: 'refunded' },
          payment_id: { after: paymentId },
          amount: { after: 19.99 },
          refund_reason: { after: 'Charged twice' },
        }),
    };
  },
  adminCreateDiscount: async () => {
    const code = unique('SALE').toUpperCase();
    return {
      request: { method: 'POST', url: '/api/admin/discounts', payload: { code, kind: 'percent', value: 15, max_uses: 100 } },
      targetId: (answer) => String(answer.id),
      targetType: 'discounts',
      changes: (changes) => {
        expect(changes).toMatchObject({ code: { after: code }, kind: { after: 'percent' }, value: { after: 15 }, max_uses: { after: 100 } });
        expect(changes?.code).not.toHaveProperty('before');
        // Running figures are not rules: they are not kept.
        expect(changes).not.toHaveProperty('uses');
      },
    };
  },
  adminUpdateDiscount: async () => {
    const code = unique('EDIT').toUpperCase();
    const created = await ok<{ id: string }>({ method: 'POST', url: '/api/admin/discounts', payload: { code, kind: 'fixed', value: 5 } });
    return {
      request: { method: 'PUT', url: `/api/admin/discounts/${created.id}`, payload: { code, kind: 'fixed', value: 7.5, max_uses_per_buyer: 1 } },
      targetId: created.id,
      targetType: 'discounts',
      changes: (changes) => expect(changes).toEqual({ value: { before: 5, after: 7.5 }, max_uses_per_buyer: { before: null, after: 1 } }),
    };
  },
  adminCreateApiKey: async () => ({
    request: { method: 'POST', url: '/api/admin/api-keys', payload: { name: 'Audit sync', scopes: ['orders:read'] } },
    targetId: (answer) => String((answer.key as { id: string }).id),
    targetType: 'api-keys',
    // What the key may do, never its secret.
    changes: (changes) => {
      expect(changes).toMatchObject({ name: { after: 'Audit sync' }, scopes: { after: ['orders:read'] }, prefix: { after: expect.stringMatching(/^kv_live_/) } });
      expect(JSON.stringify(changes)).not.toMatch(/kv_live_[A-Za-z0-9_-]{20,}/);
    },
  }),
  adminRevokeApiKey: async () => {
    const created = await ok<{ key: { id: string } }>({ method: 'POST', url: '/api/admin/api-keys', payload: { name: 'Audit revoke', scopes: ['orders:read'] } });
    return {
      request: { method: 'DELETE', url: `/api/admin/api-keys/${created.key.id}` },
      targetId: created.key.id,
      targetType: 'api-keys',
      changes: (changes) => expect(changes).toMatchObject({ revoked_at: { after: expect.any(String) } }),
    };
  },
  adminCreateWebhook: async () => ({
    request: { method: 'POST', url: '/api/admin/webhooks', payload: { url: 'http://127.0.0.1:9/audit', events: ['order.paid'] } },
    targetId: (answer) => String((answer.endpoint as { id: string }).id),
    targetType: 'webhooks',
    changes: (changes) => {
      expect(changes).toMatchObject({ url: { after: 'http://127.0.0.1:9/audit' }, events: { after: ['order.paid'] }, enabled: { after: true } });
      expect(JSON.stringify(changes)).not.toContain('whsec_');
    },
  }),
  adminUpdateWebhook: async () => {
    const created = await ok<{ endpoint: { id: string } }>({ method: 'POST', url: '/api/admin/webhooks', payload: { url: 'http://127.0.0.1:9/a', events: ['order.paid'] } });
    return {
      request: { method: 'PUT', url: `/api/admin/webhooks/${created.endpoint.id}`, payload: { url: 'http://127.0.0.1:9/a', events: ['order.paid'], enabled: false } },
      targetId: created.endpoint.id,
      targetType: 'webhooks',
      changes: (changes) => expect(changes).toEqual({ enabled: { before: true, after: false } }),
    };
  },
  adminDeleteWebhook: async () => {
    const created = await ok<{ endpoint: { id: string } }>({ method: 'POST', url: '/api/admin/webhooks', payload: { url: 'http://127.0.0.1:9/d', events: ['order.paid'] } });
    return {
      request: { method: 'DELETE', url: `/api/admin/webhooks/${created.endpoint.id}` },
      targetId: created.endpoint.id,
      targetType: 'webhooks',
      changes: (changes) => expect(changes).toMatchObject({ url: { before: 'http://127.0.0.1:9/d' } }),
    };
  },
  adminTestWebhook: async () => {
    const created = await ok<{ endpoint: { id: string } }>({ method: 'POST', url: '/api/admin/webhooks', payload: { url: 'http://127.0.0.1:9/t', events: ['order.paid'] } });
    return {
      request: { method: 'POST', url: `/api/admin/webhooks/${created.endpoint.id}/test` },
      targetId: created.endpoint.id,
      targetType: 'webhooks',
      changes: (changes) => expect(changes).toMatchObject({ status: { after: 'failed' } }),
    };
  },
  adminResendWebhookDelivery: async () => {
    const created = await ok<{ endpoint: { id: string } }>({ method: 'POST', url: '/api/admin/webhooks', payload: { url: 'http://127.0.0.1:9/r', events: ['order.paid'] } });
    const delivery = await ok<{ id: string }>({ method: 'POST', url: `/api/admin/webhooks/${created.endpoint.id}/test` });
    return {
      request: { method: 'POST', url: `/api/admin/webhooks/${created.endpoint.id}/deliveries/${delivery.id}/resend` },
      targetId: created.endpoint.id,
      targetType: 'webhooks',
      changes: (changes) => expect(changes).toMatchObject({ delivery: { after: delivery.id } }),
    };
  },
  adminSetDiscountDisabled: async () => {
    const created = await ok<{ id: string }>({ method: 'POST', url: '/api/admin/discounts', payload: { code: unique('OFF').toUpperCase(), kind: 'percent', value: 10 } });
    return {
      request: { method: 'PATCH', url: `/api/admin/discounts/${created.id}`, payload: { disabled: true } },
      targetId: created.id,
      targetType: 'discounts',
      changes: (changes) => expect(changes).toEqual({ disabled: { before: false, after: true } }),
    };
  },
  twoFactorSetup: async () => {
    const staff = await createStaff(t);
    return ownTwoFactorCase(staff, { method: 'POST', url: '/api/auth/2fa/setup', payload: { password: staff.password } }, 'two_factor_setup', false, true);
  },
  twoFactorEnable: async () => {
    const staff = await createStaff(t);
    const { secret } = await ok<{ secret: string }>({ method: 'POST', url: '/api/auth/2fa/setup', payload: { password: staff.password } }, staff.token);
    return ownTwoFactorCase(staff, { method: 'POST', url: '/api/auth/2fa/enable', payload: { password: staff.password, code: totpCode(secret) } }, 'two_factor', false, true);
  },
  twoFactorDisable: async () => {
    const staff = await createEnrolledStaff(t);
    const payload = { password: staff.password, recovery_code: staff.recoveryCodes[0] };
    return ownTwoFactorCase(staff, { method: 'POST', url: '/api/auth/2fa/disable', payload }, 'two_factor', true, false);
  },
  twoFactorRecoveryCodes: async () => {
    const staff = await createEnrolledStaff(t);
    const request: AdminRequest = { method: 'POST', url: '/api/auth/2fa/recovery-codes', payload: { password: staff.password, recovery_code: staff.recoveryCodes[0] } };
    return ownTwoFactorCase(staff, request, 'recovery_codes', 'earlier set', 'new set of ten');
  },
  adminSetUserActive: async () => {
    const { user } = await t.registerUser();
    return {
      request: { method: 'PATCH', url: `/api/admin/users/${user.id}`, payload: { is_active: false } },
      targetId: user.id,
      targetType: 'users',
      changes: (changes) => expect(changes).toEqual({ is_active: { before: true, after: false } }),
    };
  },
  adminSetReviewHidden: async () => {
    const { token } = await t.registerUser();
    const product = await createProduct();
    const order = await t.request({
      method: 'POST',
      url: '/api/orders',
      token,
      payload: { items: [{ product_id: product.id, quantity: 1 }] },
    });
    await ok({ method: 'PATCH', url: `/api/admin/orders/${order.json<{ id: string }>().id}/status?status=confirmed` });
    const review = await t.request({
      method: 'PUT',
      url: `/api/products/${product.id}/review`,
      token,
      payload: { rating: 1, body: 'Spam' },
    });
    const reviewId = review.json<{ review: { id: string } }>().review.id;
    return {
      request: { method: 'PATCH', url: `/api/admin/reviews/${reviewId}`, payload: { hidden: true } },
      targetId: reviewId,
      targetType: 'reviews',
      changes: (changes) => expect(changes).toEqual({ hidden: { before: false, after: true } }),
    };
  },
  adminUpdateSettings: async () => ({
    request: { method: 'PUT', url: '/api/admin/settings', payload: { site_name: unique('Audited Store ') } },
    targetId: null,
    targetType: 'settings',
    changes: (changes) =>
      expect(changes).toEqual({ site_name: { before: expect.any(String), after: expect.stringMatching(/^Audited Store /) } }),
  }),
  adminTestCoingate: async () => {
    await ok({ method: 'PUT', url: '/api/admin/settings', payload: { coingate_api_key: 'sandbox-coingate-key' } });
    return {
      request: { method: 'POST', url: '/api/admin/test-coingate' },
      targetId: null,
      targetType: 'settings',
      changes: (changes) => expect(changes).toEqual({ coingate_test: { after: 'success' }, coingate_environment: { after: 'sandbox' } }),
    };
  },
  adminExportOrders: async () => {
    // Two orders of one buyer, found by the export's search: the entry says who took them, the filter and how many.
    const product = await createProduct();
    const email = `${unique('exported-')}@example.com`;
    for (let n = 0; n < 2; n += 1) {
      const placed = await t.request({
        method: 'POST',
        url: '/api/orders',
        payload: { items: [{ product_id: product.id, quantity: 1 }], invoice_data: { ...guestInvoice, email } },
      });
      expect(placed.statusCode, placed.body).toBe(201);
    }
    return {
      request: { method: 'GET', url: `/api/admin/orders/export.csv?search=${encodeURIComponent(email)}&status=pending` },
      targetId: null,
      targetType: 'orders',
      changes: (changes) =>
        expect(changes).toEqual({
          search: { after: email },
          status: { after: 'pending' },
          dispute: { after: null },
          rows: { after: 2 },
          complete: { after: true },
        }),
    };
  },
  adminTestEmail: async () => {
    await ok({
      method: 'PUT',
      url: '/api/admin/settings',
      payload: { smtp_host: '127.0.0.1', smtp_port: peer.port, smtp_use_tls: false, smtp_from_email: 'shop@example.com' },
    });
    return {
      request: { method: 'POST', url: '/api/admin/test-email', payload: { test_email: 'staff@example.com' } },
      targetId: null,
      targetType: 'settings',
      changes: (changes) => expect(changes).toEqual({ sent_to: { after: 'staff@example.com' }, smtp_host: { after: '127.0.0.1' } }),
    };
  },
};

describe('every staff change is recorded (the list comes from the route table)', () => {
  it('has a case for every admin route whose method writes and every admin export, and the API audits exactly those', () => {
    const writing = routeNames.filter((name) => routes[name].access === 'admin' && !['GET', 'HEAD'].includes(routes[name].method));
    expect(writing.length).toBeGreaterThan(10);
    // Reads are not changes; an export of every buyer's data is marked to be recorded all the same.
    const exports = routeNames.filter((name) => routes[name].access === 'admin' && (routes[name] as RouteDefinition).auditedRead === true);
    expect(exports).toEqual(['adminExportOrders']);
    expect(Object.keys(cases).sort()).toEqual([...writing, ...exports].sort());
    expect([...auditedRouteNames].sort()).toEqual([...writing, ...exports].sort());
  });

  it.each(Object.keys(cases) as AuditedRouteName[])(
    '%s writes one entry with its action, actor, address, browser and target',
    async (name) => {
      const made = await cases[name]();
      const count = (await entriesOf(name)).length;
      const response = await asAdmin(made.request, made.as?.token);
      expect(response.statusCode, response.body).toBe(routes[name].status);
      // A streamed answer (an export) is recorded as its stream ends, just after the answer.
      await auditWritesSettled(t.app);

      const entries = await entriesOf(name);
      expect(entries).toHaveLength(count + 1);
      const answer = String(response.headers['content-type']).startsWith('application/json') ? response.json<Record<string, unknown>>() : {};
      const targetId = typeof made.targetId === 'function' ? made.targetId(answer) : made.targetId;
      expect(entries[0]).toMatchObject({
        action: name,
        actor_id: made.as?.id ?? adminId,
        actor_username: made.as?.username ?? 'admin',
        ip: '127.0.0.1',
        user_agent: STAFF_BROWSER,
        method: routes[name].method,
        path: made.request.url.split('?')[0],
        target_type: made.targetType,
        target_id: targetId,
        status_code: routes[name].status,
        error_code: null,
      });
      made.changes(entries[0]!.changes);
      // The kind it stores is one the screen has a name for (never shown as a table name like 'discounts').
      expect(Object.keys(AUDIT_TARGET_TYPES)).toContain(made.targetType);
    },
  );
});

describe('what a change changed', () => {
  it('keeps only the product fields that changed, before and after, and cuts a long text with a marker', async () => {
    const product = await createProduct({ price: 10, features: ['Old'] });
    // The longest description the form takes: the trail keeps a few hundred characters of it.
    const long = `Start ${'x'.repeat(19_000)} end`;
    await ok({
      method: 'PUT',
      url: `/api/admin/products/${product.id}`,
      payload: productInput({ title: product.title, price: 11, features: ['Old', 'New'], detailed_description: long }),
    });
    const [entry] = await entriesOf('adminUpdateProduct');
    expect(entry).toMatchObject({ target_id: product.id, target_label: product.title });
    expect(Object.keys(entry!.changes ?? {}).sort()).toEqual(['detailed_description', 'features', 'price']);
    expect(entry!.changes).toMatchObject({ price: { before: 10, after: 11 }, features: { before: ['Old'], after: ['Old', 'New'] } });
    const after = entry!.changes?.detailed_description?.after as string;
    expect(after.startsWith('Start xxx')).toBe(true);
    expect(after).toMatch(/… \[\d+ more characters\]$/);
    expect(after.length).toBeLessThan(CHANGE_LIMITS.text + 40);
    const { size } = (
      await sql<{ size: number }>`SELECT length(changes::text) AS size FROM audit_log WHERE id = ${entry!.id}`.execute(t.app.db)
    ).rows[0]!;
    expect(size).toBeLessThan(2_000);
  });

  it('records settings secrets only as set or not set, never their values', async () => {
    await ok({ method: 'PUT', url: '/api/admin/settings', payload: { smtp_password: '', paypal_client_secret: '' } });
    await ok({
      method: 'PUT',
      url: '/api/admin/settings',
      payload: { smtp_password: 'hunter2-smtp-secret', paypal_client_secret: 'paypal-secret-value-1', smtp_username: 'mailer' },
    });
    let [entry] = await entriesOf('adminUpdateSettings');
    expect(entry!.changes).toEqual({
      smtp_password: { before: '', after: SECRET_MASK, masked: true },
      paypal_client_secret: { before: '', after: SECRET_MASK, masked: true },
      smtp_username: { before: '', after: 'mailer' },
    });

    // The mask sent back keeps the stored secret (no change); a new secret shows as changed, still masked.
    await ok({
      method: 'PUT',
      url: '/api/admin/settings',
      payload: { smtp_password: SECRET_MASK, paypal_client_secret: 'paypal-secret-value-2' },
    });
    [entry] = await entriesOf('adminUpdateSettings');
    expect(entry!.changes).toEqual({ paypal_client_secret: { before: SECRET_MASK, after: SECRET_MASK, masked: true } });

    const stored = await sql<{ text: string }>`SELECT coalesce(string_agg(changes::text, ' '), '') AS text FROM audit_log`.execute(
      t.app.db,
    );
    expect(stored.rows[0]!.text).not.toMatch(/hunter2|paypal-secret-value/);
    const listed = JSON.stringify(await listAudit('?action=adminUpdateSettings&limit=100'));
    expect(listed).not.toMatch(/hunter2|paypal-secret-value/);
  });

  it('never keeps a licence key: only how many were added', async () => {
    const product = await createProduct({ stock_quantity: 0 });
    const keys = [unique('NEVER-LOGGED-'), unique('NEVER-LOGGED-')];
    await ok({ method: 'POST', url: `/api/admin/products/${product.id}/keys`, payload: { keys: keys.join('\n') } });
    const rows = await sql<{ row: string }>`SELECT to_jsonb(a)::text AS row FROM audit_log a`.execute(t.app.db);
    for (const { row } of rows.rows) for (const key of keys) expect(row).not.toContain(key);
    const [entry] = await entriesOf('adminAddLicenseKeys');
    expect(entry).toMatchObject({ target_id: product.id, changes: { keys_added: { after: 2 } } });
  });

  it('records a refused change with its status and error code, and no changes', async () => {
    const order = await guestOrder((await createProduct()).id);
    await ok({ method: 'PATCH', url: `/api/admin/orders/${order.id}/status?status=confirmed` });
    const refused = await asAdmin({ method: 'PATCH', url: `/api/admin/orders/${order.id}/status?status=rejected` });
    expect(refused.statusCode).toBe(409);
    const [entry] = await entriesOf('adminSetOrderStatus');
    expect(entry).toMatchObject({ target_id: order.id, status_code: 409, error_code: 'invalid_status_change', changes: null });

    const invalid = await asAdmin({ method: 'PATCH', url: '/api/admin/users/not-a-uuid', payload: { is_active: 'yes' } });
    expect(invalid.statusCode).toBe(400);
    const [bad] = await entriesOf('adminSetUserActive');
    expect(bad).toMatchObject({ status_code: 400, error_code: 'validation_error', target_id: 'not-a-uuid', changes: null });
  });

  it('records nothing for a shopper or a caller without a token: no staff change happened', async () => {
    const { token } = await t.registerUser();
    const before = (await entriesOf('adminCreateProduct')).length;
    expect((await t.request({ method: 'POST', url: '/api/admin/products', token, payload: productInput() })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/admin/products', payload: productInput() })).statusCode).toBe(401);
    expect(await entriesOf('adminCreateProduct')).toHaveLength(before);
  });

  it('answers the change even when its entry cannot be written (the entry goes to the error log)', async () => {
    await sql`CREATE FUNCTION audit_test_refuse_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit store down'; END $$`.execute(
      t.app.db,
    );
    await sql`CREATE TRIGGER audit_test_refuse_insert BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_test_refuse_insert()`.execute(
      t.app.db,
    );
    try {
      const product = await createProduct({ price: 3 });
      expect(product.title).toMatch(/^Audited Product /);
      const stored = await t.app.db.selectFrom('products').select('price_cents').where('id', '=', product.id).executeTakeFirst();
      expect(stored).toEqual({ price_cents: 300 });
      expect((await entriesOf('adminCreateProduct')).some((entry) => entry.target_id === product.id)).toBe(false);
    } finally {
      await sql`DROP TRIGGER audit_test_refuse_insert ON audit_log`.execute(t.app.db);
      await sql`DROP FUNCTION audit_test_refuse_insert()`.execute(t.app.db);
    }
  });
});

describe('the trail cannot be rewritten', () => {
  it('is refused by the database: UPDATE, DELETE and TRUNCATE of audit_log raise', async () => {
    await createProduct();
    const [entry] = await entriesOf('adminCreateProduct');
    await expect(sql`UPDATE audit_log SET actor_username = 'someone else' WHERE id = ${entry!.id}`.execute(t.app.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`UPDATE audit_log SET actor_id = NULL WHERE id = ${entry!.id}`.execute(t.app.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_log WHERE id = ${entry!.id}`.execute(t.app.db)).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE audit_log`.execute(t.app.db)).rejects.toThrow(/append-only/);
    expect((await entriesOf('adminCreateProduct')).find((row) => row.id === entry!.id)).toMatchObject({ actor_username: 'admin' });
  });

  it("keeps a deleted staff account's entries, with its username", async () => {
    const { token, user } = await t.registerUser();
    await t.app.db.updateTable('users').set({ role: 'admin' }).where('id', '=', user.id).execute();
    const product = await ok<{ id: string }>({ method: 'POST', url: '/api/admin/products', payload: productInput() }, token);
    await sql`DELETE FROM users WHERE id = ${user.id}`.execute(t.app.db);
    const entry = (await entriesOf('adminCreateProduct')).find((row) => row.target_id === product.id);
    expect(entry).toMatchObject({ actor_id: null, actor_username: user.username });
  });

  it('offers no route that edits or removes an entry', async () => {
    const auditRoutes = routeNames.filter((name) => routes[name].path.startsWith('/api/admin/audit'));
    expect(auditRoutes).toEqual(['adminListAudit']);
    for (const name of auditRoutes) expect(routes[name].method).toBe('GET');
    const [entry] = await entriesOf('adminCreateProduct');
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      for (const url of ['/api/admin/audit', `/api/admin/audit/${entry!.id}`]) {
        const response = await asAdmin({ method, url, payload: {} });
        expect([404, 405], `${method} ${url}`).toContain(response.statusCode);
      }
    }
    expect((await entriesOf('adminCreateProduct')).some((row) => row.id === entry!.id)).toBe(true);
  });
});

describe('GET /api/admin/audit', () => {
  it('lists entries newest first with the action in words, filtered by actor, action, target, dates and result, and paged', async () => {
    const { token, user } = await t.registerUser();
    await t.app.db.updateTable('users').set({ role: 'admin' }).where('id', '=', user.id).execute();
    const start = new Date(Date.now() - 1000).toISOString();
    const product = await ok<{ id: string }>({ method: 'POST', url: '/api/admin/products', payload: productInput() }, token);
    await ok({ method: 'PUT', url: `/api/admin/products/${product.id}`, payload: productInput({ price: 77 }) }, token);
    await asAdmin({ method: 'PATCH', url: `/api/admin/orders/${randomUUID()}/status?status=confirmed` }, token);

    const mine = await listAudit(`?actor=${user.username.toUpperCase()}`);
    expect(mine.total).toBe(3);
    expect(mine.entries.map((entry) => entry.action)).toEqual(['adminSetOrderStatus', 'adminUpdateProduct', 'adminCreateProduct']);
    const [refused, updated, created] = mine.entries as [AuditEntry, AuditEntry, AuditEntry];
    expect(created).toMatchObject({
      actor_id: user.id,
      actor_username: user.username,
      action_label: 'Created product',
      action_area: 'Products',
      target_type: 'products',
      target_type_label: 'Product',
      target_id: product.id,
      ip: '127.0.0.1',
      status_code: 201,
    });
    expect(updated).toMatchObject({ action_label: 'Edited product', changes: { price: { before: 19.99, after: 77 } } });
    expect(refused).toMatchObject({ status_code: 404, error_code: 'order_not_found', changes: null });
    expect(mine.actions).toContainEqual({ value: 'adminRefundOrder', label: 'Refunded order', area: 'Orders' });
    expect(mine.actions.map((action) => action.value).sort()).toEqual([...auditedRouteNames].sort());

    const byAction = await listAudit(`?actor=${user.username}&action=adminUpdateProduct`);
    expect(byAction.entries.map((entry) => entry.id)).toEqual([updated.id]);
    expect((await listAudit(`?actor=${user.username}&area=Products`)).entries.map((entry) => entry.id)).toEqual([updated.id, created.id]);
    expect((await listAudit(`?actor=${user.username}&area=Orders`)).entries.map((entry) => entry.id)).toEqual([refused.id]);
    expect((await listAudit(`?actor=${user.username}&area=Discounts`)).total).toBe(0);
    const byTarget = await listAudit(`?target_type=products&target_id=${product.id}`);
    expect(byTarget.entries.map((entry) => entry.id)).toEqual([updated.id, created.id]);
    expect((await listAudit(`?actor=${user.username}&result=refused`)).entries.map((entry) => entry.id)).toEqual([refused.id]);
    expect((await listAudit(`?actor=${user.username}&result=done`)).total).toBe(2);
    expect((await listAudit(`?actor=${user.username}&from=${encodeURIComponent(start)}`)).total).toBe(3);
    expect((await listAudit(`?actor=${user.username}&to=${encodeURIComponent(start)}`)).total).toBe(0);
    expect((await listAudit(`?actor=${user.username}&from=2000-01-01T00:00:00Z&to=2001-01-01T00:00:00Z`)).total).toBe(0);

    const page = await listAudit(`?actor=${user.username}&limit=1&offset=1`);
    expect(page).toMatchObject({ total: 3, entries: [{ id: updated.id }] });
    expect((await listAudit('?actor=nobody-of-that-name')).total).toBe(0);
  });

  it('words an entry written before the labels from its stored route name, and one whose route is gone without that name', async () => {
    const actor = unique('old');
    const row = { actor_id: null, actor_username: actor, ip: null, user_agent: null, method: 'POST', error_code: null, changes: null, status_code: 201 };
    await t.app.db
      .insertInto('audit_log')
      .values([
        { ...row, action: 'adminCreateDiscount', path: '/api/admin/discounts', target_type: 'discounts', target_id: null, target_label: 'LAUNCH5' },
        { ...row, action: 'adminRetiredLongAgo', path: '/api/admin/gift-cards', target_type: 'gift_cards', target_id: null, target_label: null },
      ])
      .execute();
    const { entries } = await listAudit(`?actor=${actor}`);
    const byAction = Object.fromEntries(entries.map((entry) => [entry.action, entry]));
    expect(byAction.adminCreateDiscount).toMatchObject({
      action_label: 'Created discount code',
      action_area: 'Discounts',
      target_type_label: 'Discount code',
      target_label: 'LAUNCH5',
    });
    expect(byAction.adminRetiredLongAgo).toMatchObject({ action_label: 'Earlier action (no longer offered)', action_area: 'Other', target_type_label: 'Gift cards' });
    expect(JSON.stringify(entries.map(({ action_label, action_area, target_type_label }) => [action_label, action_area, target_type_label]))).not.toMatch(
      /admin[A-Z]|discounts|gift_cards/,
    );
  });

  it('refuses bad filters with 400', async () => {
    for (const query of ['?from=0001-01-01T00:00:00Z', '?area=Nowhere', '?action=drop%20table', '?target_id=%3Cscript%3E', '?limit=1000', '?result=maybe']) {
      const response = await asAdmin({ method: 'GET', url: `/api/admin/audit${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_error' });
    }
  });

  it('is for staff only: a shopper gets 403, no token 401', async () => {
    const { token } = await t.registerUser();
    expect((await t.request({ method: 'GET', url: '/api/admin/audit', token })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
  });

  it('is not itself recorded: reading the trail changes nothing', async () => {
    await listAudit();
    expect(await entriesOf('adminListAudit')).toEqual([]);
  });
});
