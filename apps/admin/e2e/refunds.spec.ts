import { randomBytes } from 'node:crypto';
import type { GuestOrderView, LicenseStatus, Order } from '@store/contracts';
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
