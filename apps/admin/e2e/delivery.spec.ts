import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { DeliveryLog, Order } from '@store/contracts';
import { expect, test } from './support/fixtures.ts';
import { snap } from './support/screenshots.ts';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

test("a seller uploads a course in the admin; the buyer downloads the exact bytes from the shop's Download button, and the log shows it", async ({
  page,
  api,
  signInAsAdmin,
}) => {
  const title = `Course With Files ${Date.now()}`;
  const product = await api.createProduct({
    title,
    price: 0,
    description: 'A course with a real file',
    detailed_description: 'Chapters and a workbook.',
    images: [],
    features: [],
    stock_quantity: 5,
    category: 'courses',
  });
  // 3 MiB of random bytes: big enough that the upload shows its progress, small enough for a test.
  const bytes = randomBytes(3 * 1024 * 1024);

  await signInAsAdmin();
  await page.goto(`/admin/products?search=${encodeURIComponent(title)}`);
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Product' });
  await edit.getByLabel('Download limit').fill('3');
  await edit.getByLabel('Upload file').setInputFiles({ name: 'Kurs – Kapitel 1.zip', mimeType: 'application/zip', buffer: bytes });
  const files = edit.getByRole('list', { name: 'Product files' });
  await expect(files.getByText('Kurs – Kapitel 1.zip')).toBeVisible();
  await expect(files.getByText(sha256(bytes).slice(0, 12))).toBeVisible();
  await files.scrollIntoViewIfNeeded();
  await snap(page, 'product-files');
  await edit.getByRole('button', { name: 'Update Product' }).click();
  await expect(edit).toBeHidden();

  // A free order of it, placed as a guest would; then the shop's order page with its access token.
  const created = await api.request.post('/api/orders', {
    data: {
      items: [{ product_id: product.id, quantity: 1 }],
      invoice_data: { email: 'course-buyer@example.com', name: 'Cora Buyer', address: '1 Road', city: 'Leeds', country: 'UK' },
    },
  });
  expect(created.status()).toBe(201);
  const order = (await created.json()) as Order;
  await page.goto(`/order-success/${order.id}?token=${order.access_token}`);
  const goods = page.getByRole('region', { name: 'Your products' });
  await expect(goods.getByText('Downloaded 0 of 3 times')).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    goods.getByRole('link', { name: 'Download Kurs – Kapitel 1.zip' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Kurs – Kapitel 1.zip');
  expect(sha256(await readFile(await download.path()))).toBe(sha256(bytes));
  await expect(goods.getByText('Downloaded 1 of 3 times')).toBeVisible();
  await snap(page, 'order-downloads');

  // The admin's order details: the download in the delivery log, with the buyer's address.
  const admin = await api.loginAdmin();
  const log = (await (
    await api.request.get(`/api/admin/orders/${order.id}/delivery-log`, { headers: { Authorization: `Bearer ${admin.access_token}` } })
  ).json()) as DeliveryLog;
  expect(log.events.filter((event) => event.kind === 'download')).toHaveLength(1);
  await page.goto(`/admin/orders?search=${order.id}`);
  await page
    .getByRole('button', { name: /^View order #/ })
    .first()
    .click();
  const details = page.getByRole('dialog');
  await expect(details.getByText('Kurs – Kapitel 1.zip')).toBeVisible();
  await details.getByRole('list', { name: /^Delivery log of order/ }).scrollIntoViewIfNeeded();
  await snap(page, 'order-delivery-log');
});
