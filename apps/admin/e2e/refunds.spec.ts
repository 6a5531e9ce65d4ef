import { randomBytes } from 'node:crypto';
import type { DashboardStats, GuestOrderView, LicenseStatus, Order } from '@store/contracts';
import { SANDBOX_CREDENTIALS } from '@store/payment-sandbox/credentials';
import { expect, orderRef, test, type StoreApi } from './support/fixtures.ts';
import { snap } from './support/screenshots.ts';

/** A product of the test's own, sold by licence key: one key in its pool. */
async function keyedProduct(api: StoreApi, title: string, price: number): Promise<{ id: string; key: string }> {
  const admin = await api.loginAdmin();
  const product = await api.createProduct(
    {
      title,
      price,
      description: 'Sold by licence key',
      detailed_description: 'One key per copy.',
      images: [],
      features: [],
      stock_quantity: 1,
      category: 'software',
    },
    admin,
  );
  const key = `RF-${randomBytes(6).toString('hex').toUpperCase()}`;
  const added = await api.request.post(`/api/admin/products/${product.id}/keys`, {
    data: { keys: key },
    headers: { Authorization: `Bearer ${admin.access_token}` },
  });
  expect(added.ok(), await added.text()).toBe(true);
  return { id: product.id, key };
}

/**
 * A guest buys `productId` and pays as the storefront pays: the PayPal payment is created, approved on the
 * sandbox's page and captured, so the order is completed with a PayPal capture (a refundable payment).
 */
async function paidGuestOrder(api: StoreApi, productId: string): Promise<Order> {
  const created = await api.request.post('/api/orders', {
    data: {
      items: [{ product_id: productId, quantity: 1 }],
      invoice_data: { email: 'refund-buyer@example.com', name: 'Rita Buyer', address: '1 Road', city: 'Leeds', country: 'UK' },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()) as Order;
  const payment = await api.request.post(`/api/payments/create?order_id=${order.id}`);
  expect(payment.ok(), await payment.text()).toBe(true);
  const paypalOrderId = new URL(((await payment.json()) as { payment_url: string }).payment_url).searchParams.get('token')!;
  expect((await api.request.post(`/sandbox/checkoutnow/${paypalOrderId}/approve`, { maxRedirects: 0 })).status()).toBe(303);
  const captured = await api.request.post(`/api/paypal/capture-order/${paypalOrderId}`);
  expect(captured.ok(), await captured.text()).toBe(true);
  return order;
}

async function guestOrder(api: StoreApi, order: Order): Promise<GuestOrderView> {
  const response = await api.request.get(`/api/guest/orders/${order.id}?token=${order.access_token}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as GuestOrderView;
}

async function checkLicense(api: StoreApi, key: string, productId: string): Promise<LicenseStatus> {
  const response = await api.request.post('/api/licenses/validate', { data: { key, product_id: productId } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as LicenseStatus;
}

async function openDisputes(api: StoreApi): Promise<number> {
  const admin = await api.loginAdmin();
  const response = await api.request.get('/api/admin/stats', { headers: { Authorization: `Bearer ${admin.access_token}` } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as DashboardStats).open_disputes;
}

// The webhook id the store verifies the local sandbox's events with while no PayPal webhook id is set
// (LOCAL_WEBHOOK_ID in apps/api/src/payments/payment-service.ts).
const LOCAL_WEBHOOK_ID = 'LOCAL-SANDBOX-WEBHOOK';

/**
 * PayPal opens a dispute over a capture: the store's own payment sandbox delivers CUSTOMER.DISPUTE.CREATED,
 * signed, to the store's webhook (its simulate-event route: the sandbox's state lives in the store's process).
 */
async function openDispute(
  api: StoreApi,
  baseURL: string,
  captureId: string,
  reason: string,
): Promise<{ dispute_id: string; delivery_status: number }> {
  const credentials = Buffer.from(`${SANDBOX_CREDENTIALS.clientId}:${SANDBOX_CREDENTIALS.clientSecret}`).toString('base64');
  const token = await api.request.post('/sandbox/v1/oauth2/token', {
    form: { grant_type: 'client_credentials' },
    headers: { Authorization: `Basic ${credentials}` },
  });
  expect(token.ok(), await token.text()).toBe(true);
  const response = await api.request.post('/sandbox/v1/notifications/simulate-event', {
    data: {
      url: new URL('/api/paypal/webhook', baseURL).toString(),
      webhook_id: LOCAL_WEBHOOK_ID,
      event_type: 'CUSTOMER.DISPUTE.CREATED',
      resource: { capture_id: captureId, reason },
    },
    headers: { Authorization: `Bearer ${((await token.json()) as { access_token: string }).access_token}` },
  });
  expect(response.status(), await response.text()).toBe(202);
  return (await response.json()) as { dispute_id: string; delivery_status: number };
}

test('staff refund a PayPal-paid order from its details: it shows Refunded, its key is revoked and the buyer no longer gets the goods', async ({
  page,
  api,
  signInAsAdmin,
}) => {
  const product = await keyedProduct(api, `Refundable Suite ${Date.now()}`, 12.5);
  const order = await paidGuestOrder(api, product.id);
  const before = await guestOrder(api, order);
  expect(before.status).toBe('completed');
  expect(before.goods_included).toBe(true);
  expect(JSON.stringify(before.items)).toContain(product.key);
  expect((await checkLicense(api, product.key, product.id)).status).toBe('active');

  await signInAsAdmin();
  await page.goto(`/admin/orders?search=${order.id}`);
  const view = page.getByRole('button', { name: `View order ${orderRef(order)}` });
  const row = page.getByRole('row').filter({ has: view });
  await expect(row).toContainText('Completed');
  await view.click();
  const details = page.getByRole('dialog', { name: `Order ${orderRef(order)}` });
  await details.getByRole('button', { name: 'Refund', exact: true }).click();

  const confirm = page.getByRole('dialog', { name: `Refund order ${orderRef(order)}` });
  await expect(confirm).toContainText('The buyer gets $12.50 back in full through PayPal.');
  await expect(confirm).toContainText('Its licence keys are revoked.');
  // Nothing is sent without a reason.
  await confirm.getByRole('button', { name: 'Refund $12.50' }).click();
  await expect(confirm.getByText('Give a reason of 3 to 500 characters')).toBeVisible();
  await confirm.getByLabel('Reason').fill('Bought the wrong edition');
  await snap(page, 'refund-confirm');
  await confirm.getByRole('button', { name: 'Refund $12.50' }).click();

  await expect(page.getByText('Order refunded')).toBeVisible();
  await expect(confirm).toBeHidden();
  const refund = details.getByRole('region', { name: 'Refund' });
  await expect(refund).toContainText('Staff');
  await expect(refund).toContainText('Bought the wrong edition');
  await expect(details.getByRole('button', { name: 'Refund', exact: true })).toHaveCount(0);
  await expect(row).toContainText('Refunded');
  await snap(page, 'refund-done');

  // The buyer's order page no longer hands out the key, and the seller's software is told it is revoked.
  const after = await guestOrder(api, order);
  expect(after.status).toBe('refunded');
  expect(after.goods_included).toBe(false);
  expect(JSON.stringify(after)).not.toContain(product.key);
  const license = await checkLicense(api, product.key, product.id);
  expect(license.status).toBe('revoked');
  expect(license.valid).toBe(false);
});

test('a PayPal dispute arriving by webhook is counted on the dashboard, and the order shows it with its delivery log to export', async ({
  page,
  api,
  baseURL,
  signInAsAdmin,
}) => {
  const product = await keyedProduct(api, `Disputed Suite ${Date.now()}`, 9.99);
  const order = await paidGuestOrder(api, product.id);
  const paid = await guestOrder(api, order);
  const captureId = 'payment_id' in paid ? paid.payment_id : null;
  if (!captureId) throw new Error('The paid order has no PayPal capture');
  const openBefore = await openDisputes(api);

  const dispute = await openDispute(api, baseURL!, captureId, 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED');
  expect(dispute.delivery_status).toBe(200);
  expect(await openDisputes(api)).toBe(openBefore + 1);

  await signInAsAdmin();
  await page.goto('/admin/');
  const disputes = page.getByRole('link', { name: 'Open disputes' });
  const card = page.locator('[data-tone]', { has: disputes });
  await expect(card.locator('dd')).toHaveText(String(openBefore + 1));
  await expect(card).toHaveAttribute('data-tone', 'warning');
  await snap(page, 'dashboard-open-disputes');

  await disputes.click();
  await expect(page).toHaveURL(/\/admin\/orders\?dispute=open$/);
  await expect(page.getByLabel('Disputes')).toHaveValue('open');
  const view = page.getByRole('button', { name: `View order ${orderRef(order)}` });
  await expect(page.getByRole('row').filter({ has: view })).toContainText('Disputed');
  await view.click();
  const details = page.getByRole('dialog', { name: `Order ${orderRef(order)}` });
  const panel = details.getByRole('region', { name: 'PayPal dispute' });
  await expect(panel).toContainText('Open');
  await expect(panel).toContainText('Item not received');
  await expect(panel).toContainText(dispute.dispute_id);
  await expect(details.getByRole('region', { name: 'Delivery log' })).toBeVisible();
  await snap(page, 'order-dispute');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'Export delivery log (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`delivery-log-${order.id.slice(-8)}.csv`);
});
