import { deflateSync } from 'node:zlib';
import type { Dialog, Page } from '@playwright/test';
import type { ProductList, ProductSummary } from '@store/contracts';
import { expect, test, uniqueName, type StoreApi } from './support/fixtures.ts';
import { snap } from './support/screenshots.ts';

/* A real PNG of one colour, made here: the API checks an upload's first bytes, and the page shows it. */

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    let c = (crc ^ byte) & 0xff;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function solidPng([r, g, b]: [number, number, number], size = 64): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(pixels)), pngChunk('IEND', Buffer.alloc(0))]);
}

/** Answers the page's prompts and confirmations in order (null dismisses one), and records their messages. */
function answerDialogs(page: Page, answers: (string | null)[]): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog: Dialog) => {
    messages.push(dialog.message());
    const answer = answers.shift();
    void (answer === null || answer === undefined ? dialog.dismiss() : dialog.accept(answer));
  });
  return messages;
}

async function findProduct(api: StoreApi, title: string): Promise<ProductSummary | undefined> {
  const response = await api.request.get(`/api/products?${new URLSearchParams({ search: title, limit: '50' })}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as ProductList).products.find((product) => product.title === title);
}

test('an admin creates a product with images, features and requirements, sees it in the shop, edits it and deletes it', async ({
  page,
  api,
  signInAsAdmin,
  pageErrors,
}) => {
  test.setTimeout(120_000);
  // The server refusing a file that only claims to be an image is part of the test.
  pageErrors.allow(/status of 415/);
  const title = `E2E ${uniqueName('Product')}`;
  const dialogs = answerDialogs(page, ['Offline mode', '   ', 'OS', 'Windows 11', 'RAM', null, 'Priority support', null, '']);
  await signInAsAdmin();

  await page.goto('/admin/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Products' }).getByRole('row').nth(1)).toBeVisible();
  await expect(page).toHaveTitle(/^Products · /);
  await snap(page, 'products');

  await page.getByRole('button', { name: 'Add Product' }).click();
  const form = page.getByRole('dialog', { name: 'Add Product' });
  await expect(page).toHaveURL(/[?&]new=1/);

  // Required fields are named before anything is sent.
  await form.getByRole('button', { name: 'Create Product' }).click();
  await expect(form.getByText('Product name is required')).toBeVisible();
  await expect(form.getByText('Detailed description is required')).toBeVisible();

  await form.getByLabel('Product name').fill(title);
  await form.getByLabel('Price (USD)').fill('19.99');
  await form.getByLabel('Category', { exact: true }).selectOption('templates');
  await form.getByLabel('Product type').selectOption('subscription');
  await form.getByLabel('Billing interval').selectOption('month');
  await form.getByLabel('Short description').fill('Made by the end-to-end test');
  await form.getByLabel('Detailed description').fill('A product created through the admin screen, with two images.');
  await form.getByLabel('Stock quantity').fill('25');

  const images = form.getByLabel('Upload images');
  await images.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(form.getByText('notes.txt is not an image: choose a PNG, JPEG, GIF or WebP file')).toBeVisible();
  await images.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('plain text in disguise') });
  await expect(page.getByText('Error uploading image: Only PNG, JPEG, GIF or WebP images are accepted')).toBeVisible();
  await images.setInputFiles([
    { name: 'violet.png', mimeType: 'image/png', buffer: solidPng([139, 92, 246]) },
    { name: 'amber.png', mimeType: 'image/png', buffer: solidPng([245, 158, 11]) },
  ]);
  await expect(form.getByRole('button', { name: 'Remove image 2' })).toBeVisible();
  await expect(form.getByRole('img', { name: 'Product image 2' })).toHaveJSProperty('naturalWidth', 64);

  const addFeature = form.getByRole('button', { name: 'Add feature' });
  await addFeature.click();
  await addFeature.click(); // a blank answer adds nothing
  const addRequirement = form.getByRole('button', { name: 'Add requirement' });
  await addRequirement.click();
  await addRequirement.click(); // a name without a value adds nothing
  await expect(form.getByRole('list', { name: 'Features' }).getByRole('listitem')).toHaveCount(1);
  await expect(form.getByRole('list', { name: 'System requirements' })).toHaveText('OS: Windows 11');
  expect(dialogs.slice(0, 3)).toEqual(['Enter feature', 'Enter feature', 'Enter requirement name (e.g. OS, RAM, Storage)']);
  await snap(page, 'products-form');

  await form.getByRole('button', { name: 'Create Product' }).click();
  await expect(page.getByText('Product created successfully!')).toBeVisible();
  await expect(form).toBeHidden();
  await expect(page).not.toHaveURL(/new=1/);

  await page.getByRole('searchbox', { name: 'Search products' }).fill(title);
  await expect(page).toHaveURL(/[?&]search=/);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Templates');
  await expect(row).toContainText('Subscription');
  await expect(row).toContainText('$19.99');
  await expect(row).toContainText('25');

  const created = await findProduct(api, title);
  expect(created).toMatchObject({ price: 19.99, features: ['Offline mode'], system_requirements: { OS: 'Windows 11' }, stock_quantity: 25 });
  expect(created?.images).toHaveLength(2);

  // The shop shows it at once, on the same server.
  await page.goto(`/products?search=${encodeURIComponent(title)}`);
  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await card.getByRole('link', { name: `View ${title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('region', { name: /features/i })).toContainText('Offline mode');
  await expect(page.getByRole('region', { name: /requirements/i })).toContainText('Windows 11');

  // Edit: every field comes back; drop the first image, add a feature, change the price.
  await page.goto(`/admin/products?search=${encodeURIComponent(title)}`);
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Product' });
  await expect(edit.getByLabel('Product name')).toHaveValue(title);
  await expect(edit.getByLabel('Price (USD)')).toHaveValue('19.99');
  await expect(edit.getByLabel('Category', { exact: true })).toHaveValue('templates');
  await expect(edit.getByRole('img')).toHaveCount(2);
  await edit.getByRole('button', { name: 'Remove image 1' }).click();
  await edit.getByRole('button', { name: 'Add feature' }).click();
  await edit.getByLabel('Price (USD)').fill('24.5');
  await edit.getByRole('button', { name: 'Update Product' }).click();
  await expect(page.getByText('Product updated successfully!')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText('$24.50');
  const edited = await findProduct(api, title);
  expect(edited).toMatchObject({ price: 24.5, features: ['Offline mode', 'Priority support'], images: [created?.images[1]] });

  // Delete: cancelling the confirmation keeps it; confirming removes it from the admin and the shop.
  await page.getByRole('button', { name: `Delete ${title}` }).click();
  await expect(page.getByRole('row').filter({ hasText: title })).toBeVisible();
  await page.getByRole('button', { name: `Delete ${title}` }).click();
  await expect(page.getByText('Product deleted successfully!')).toBeVisible();
  await expect(page.getByText('No products found')).toBeVisible();
  expect(dialogs.filter((message) => message === 'Are you sure you want to delete this product?')).toHaveLength(2);
  expect(await findProduct(api, title)).toBeUndefined();
});

test('pasting licence keys counts them, refuses duplicates, and the stock follows the keys', async ({ page, api, signInAsAdmin }) => {
  test.setTimeout(60_000);
  const title = `E2E ${uniqueName('Keys')}`;
  const admin = await signInAsAdmin();
  const product = await api.createProduct({
    title,
    price: 9,
    category: 'licenses',
    product_type: 'single',
    description: 'Sold by key',
    detailed_description: 'A product whose keys the test pastes.',
    images: [],
    features: [],
    stock_quantity: 3,
  }, admin);

  try {
    await page.goto(`/admin/products?search=${encodeURIComponent(title)}`);
    await page.getByRole('button', { name: `Licence keys of ${title}` }).click();
    const keys = page.getByRole('dialog', { name: `Licence keys: ${title}` });
    await expect(keys.getByTestId('keys-available')).toHaveText('0');
    await expect(keys.getByTestId('keys-shop-stock')).toHaveText('3');
    await expect(keys.getByText('This product sells from a counted stock')).toBeVisible();

    await keys.getByLabel('Licence keys', { exact: true }).fill('KEY-AAA-1\nKEY-BBB-2\n\n  \nKEY-CCC-3\nKEY-AAA-1');
    await expect(keys.getByText(/4 keys to add/)).toBeVisible();
    await keys.getByRole('button', { name: 'Add keys' }).click();
    await expect(keys.getByText('3 keys added')).toBeVisible();
    await expect(keys.getByRole('list', { name: 'Refused duplicates' })).toHaveText('KEY-AAA-1');
    await expect(keys.getByTestId('keys-available')).toHaveText('3');
    // Switched to key delivery: the stock is now the keys, not the 3 typed in the form.
    await expect(keys.getByTestId('keys-shop-stock')).toHaveText('3');

    await keys.getByLabel('Licence keys', { exact: true }).fill('KEY-BBB-2\nKEY-DDD-4\nKEY-EEE-5');
    await keys.getByRole('button', { name: 'Add keys' }).click();
    await expect(keys.getByText('2 keys added')).toBeVisible();
    await expect(keys.getByTestId('keys-shop-stock')).toHaveText('5');
    await snap(page, 'products-keys');
    await keys.getByRole('button', { name: 'Close' }).click();

    await expect(page.getByRole('row').filter({ hasText: title })).toContainText('5');
    expect((await findProduct(api, title))?.stock_quantity).toBe(5);

    // The form says the stock comes from the keys and does not let it be typed.
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Product' });
    await expect(edit.getByLabel('Stock quantity')).toBeDisabled();
    await expect(edit.getByText(/Counted from licence keys: 5 unsold/)).toBeVisible();
  } finally {
    await api.request.delete(`/api/admin/products/${product.id}`, { headers: { Authorization: `Bearer ${admin.access_token}` } });
  }
});
