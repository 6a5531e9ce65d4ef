import type { ProductInput, ProductSummary } from '@store/contracts';
import { expect, orderRef, placeOrder, test, uniqueName } from './support/fixtures.ts';

/* Staff make a package of two products in the admin, and the shop shows what it includes (docs/decisions/038-packages.md). */

const product = (title: string, stock: number): ProductInput => ({
  title,
  price: 10,
  category: 'templates',
  product_type: 'single',
  description: 'A package member',
  detailed_description: 'A product the end-to-end test puts in a package.',
  images: [],
  features: [],
  stock_quantity: stock,
});

test('staff create a package in the admin: its products are found, counted and checked, and the shop lists what is included', async ({
  page,
  api,
  signInAsAdmin,
  pageErrors,
}) => {
  test.setTimeout(90_000);
  // The refused deletion of a member is part of the test.
  pageErrors.allow(/status of 409/);
  const tag = uniqueName('Pack');
  const admin = await signInAsAdmin();
  const first = await api.createProduct(product(`E2E ${tag} Planner`, 9), admin);
  const second = await api.createProduct(product(`E2E ${tag} Journal`, 20), admin);
  const title = `E2E ${tag} Bundle`;

  await page.goto('/admin/products');
  await page.getByRole('button', { name: 'Add Product' }).click();
  const form = page.getByRole('dialog', { name: 'Add Product' });
  await form.getByLabel('Product name').fill(title);
  await form.getByLabel('Price (USD)').fill('15');
  await form.getByLabel('Product type').selectOption('package');
  await form.getByLabel('Short description').fill('Two tools together');
  await form.getByLabel('Detailed description').fill('A package made by the end-to-end test.');
  await expect(form.getByLabel('Stock quantity')).toBeDisabled();

  // Fewer than two products is named before anything is sent.
  await form.getByRole('button', { name: 'Create Product' }).click();
  await expect(form.getByText('A package has 2 to 20 products; add them with the search below (0 now)')).toBeVisible();

  const search = form.getByLabel('Find a product to add');
  await search.fill(`${tag} Planner`);
  await form.getByRole('button', { name: `Add ${first.title}` }).click();
  await search.fill(`${tag} Journal`);
  await form.getByRole('button', { name: `Add ${second.title}` }).click();
  await form.getByLabel(`Quantity of ${first.title}`).fill('3');
  await form.getByRole('button', { name: 'Create Product' }).click();
  await expect(page.getByText('Product created successfully!')).toBeVisible();

  // Its stock is what its products allow: floor(9 / 3) = 3, against 20 of the other.
  await page.getByRole('searchbox', { name: 'Search products' }).fill(title);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Package');
  await expect(row).toContainText('3');

  const found = await api.request.get(`/api/products?${new URLSearchParams({ search: title })}`);
  const [created] = (await found.json()).products as ProductSummary[];
  expect(created).toMatchObject({
    stock_quantity: 3,
    package_items: [
      { product_id: first.id, quantity: 3, title: first.title },
      { product_id: second.id, quantity: 1, title: second.title },
    ],
  });

  // A product in the package cannot be deleted while it is in it.
  await page.getByRole('searchbox', { name: 'Search products' }).fill(first.title);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: `Delete ${first.title}` }).click();
  await expect(page.getByText(/is in the package/)).toBeVisible();

  // An unpaid order of two packages: staff's details show what it holds before any delivery.
  const unpaid = await placeOrder(api, await api.registerUser(), created!, 2);
  await page.goto('/admin/orders');
  await page.getByLabel('Search orders').fill(unpaid.id);
  await page.getByRole('button', { name: `View order ${orderRef(unpaid)}` }).click();
  const details = page.getByRole('dialog', { name: `Order ${orderRef(unpaid)}` });
  await expect(details.getByRole('button', { name: /Order$/ })).toHaveText(['Confirm Order', 'Reject Order']);
  await expect(details.getByRole('list', { name: `Contents of ${title}` }).getByRole('listitem')).toHaveText([
    `6 × ${first.title}`,
    `2 × ${second.title}`,
  ]);

  await page.goto(`/products/${created!.id}`);
  const included = page.getByRole('region', { name: "What's included" });
  await expect(included.getByRole('listitem')).toHaveText([`3 × ${first.title}`, second.title]);
  await included.getByRole('link', { name: second.title }).click();
  await expect(page.getByRole('heading', { level: 1, name: second.title })).toBeVisible();
});
