import { expect, orderRef, placeOrder, test } from './support/fixtures.ts';
import { snap } from './support/screenshots.ts';

test('an admin confirms one new order and rejects another, and only the allowed changes are offered', async ({ page, api, signInAsAdmin }) => {
  const shopper = await api.registerUser();
  const product = await api.firstProductWithStock();
  const toConfirm = await placeOrder(api, shopper, product);
  const toReject = await placeOrder(api, shopper, product);
  await signInAsAdmin();

  await page.goto('/admin/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(page.getByRole('button', { name: `View order ${orderRef(toConfirm)}` })).toBeVisible();

  // The search narrows the list and stays in the address.
  await page.getByLabel('Search orders').fill(toConfirm.id);
  await expect(page).toHaveURL(new RegExp(`search=${toConfirm.id}`));
  await expect(page.getByRole('button', { name: /^View order / })).toHaveCount(1);

  const view = page.getByRole('button', { name: `View order ${orderRef(toConfirm)}` });
  await view.click();
  const dialog = page.getByRole('dialog', { name: `Order ${orderRef(toConfirm)}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(product.title)).toBeVisible();
  // A pending order offers exactly Confirm and Reject.
  await expect(dialog.getByRole('button', { name: /Order$/ })).toHaveText(['Confirm Order', 'Reject Order']);
  await snap(page, 'orders-modal');

  await dialog.getByRole('button', { name: 'Confirm Order' }).click();
  await expect(page.getByText('Order status updated to completed')).toBeVisible();
  await expect(dialog).toBeHidden();
  // Confirming delivers the order's goods in the same step, so the list shows it completed.
  const row = page.getByRole('row').filter({ has: view });
  await expect(row).toContainText('Completed');

  // A confirmed (and delivered) order offers no further change.
  await view.click();
  await expect(dialog.getByText('No status change is offered for this order here.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Order$/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close order details' }).click();
  await expect(dialog).toBeHidden();

  // The other one, filtered by status and rejected.
  await page.getByLabel('Search orders').fill(toReject.id);
  await page.getByLabel('Status').selectOption('pending');
  await expect(page).toHaveURL(/status=pending/);
  await page.getByRole('button', { name: `View order ${orderRef(toReject)}` }).click();
  const rejectDialog = page.getByRole('dialog', { name: `Order ${orderRef(toReject)}` });
  await rejectDialog.getByRole('button', { name: 'Reject Order' }).click();
  await expect(page.getByText('Order status updated to rejected')).toBeVisible();
  // Rejected no longer matches the pending filter.
  await expect(page.getByText('No orders found')).toBeVisible();

  await page.getByLabel('Status').selectOption('rejected');
  await page.getByRole('button', { name: `View order ${orderRef(toReject)}` }).click();
  // A rejected order can still be confirmed, and nothing else.
  await expect(rejectDialog.getByRole('button', { name: /Order$/ })).toHaveText(['Confirm Order']);

  await page.keyboard.press('Escape');
  await expect(rejectDialog).toBeHidden();
  await page.getByLabel('Search orders').fill('');
  await page.getByLabel('Status').selectOption('');
  await expect(page.getByRole('button', { name: `View order ${orderRef(toConfirm)}` })).toBeVisible();
  await snap(page, 'orders');
});

test('an order paid through the payment sandbox carries a Test badge for staff', async ({ page, api, signInAsAdmin }) => {
  const shopper = await api.registerUser();
  const product = await api.firstProductWithStock();
  const order = await placeOrder(api, shopper, product);
  const auth = { Authorization: `Bearer ${shopper.access_token}` };
  // Paid as the storefront pays: the payment is created, approved on the sandbox's page, then captured.
  const created = await api.request.post(`/api/payments/create?order_id=${order.id}`, { headers: auth });
  expect(created.ok()).toBe(true);
  const paypalOrderId = new URL(((await created.json()) as { payment_url: string }).payment_url).searchParams.get('token')!;
  expect((await api.request.post(`/sandbox/checkoutnow/${paypalOrderId}/approve`, { maxRedirects: 0 })).status()).toBe(303);
  expect((await api.request.post(`/api/paypal/capture-order/${paypalOrderId}`, { headers: auth })).ok()).toBe(true);

  await signInAsAdmin();
  await page.goto(`/admin/orders?search=${order.id}`);
  const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `View order ${orderRef(order)}` }) });
  await expect(row).toContainText('Completed');
  await expect(row.getByText('Test', { exact: true })).toHaveAttribute('title', 'Paid through the payment sandbox: no real money');
  await snap(page, 'orders-test-badge');
});
