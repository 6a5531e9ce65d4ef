import type { Locator, Page } from '@playwright/test';
import type { ProductInput } from '@store/contracts';
import { approveSandboxPayment, expect, test, uniqueName, type Session, type StoreApi } from './support/fixtures.ts';
import { withMailbox } from './support/mailbox.ts';
import { snap } from './support/screenshots.ts';

/*
 * A shopper buys a package (docs/decisions/038-packages.md): the product page lists what it includes, the
 * sandbox takes the payment, and the payment page, the account and the receipt show each product's keys and
 * files under its own name. The package and its products are made here, so no other spec's purchases matter.
 */

const member = (title: string): ProductInput => ({
  title,
  price: 25,
  category: 'software',
  product_type: 'single',
  description: 'A package member',
  detailed_description: 'A product the end-to-end test sells in a package.',
  images: [],
  features: [],
  stock_quantity: 10,
});

interface Bundle {
  id: string;
  title: string;
  keyed: { title: string; keys: string[] };
  files: { title: string; file: string };
}

/** A package of 2 units of a product sold by pasted keys and 1 of a product sold as a file, made by staff through the API. */
async function makeBundle(api: StoreApi, admin: Session): Promise<Bundle> {
  const tag = uniqueName('Pkg');
  const headers = { Authorization: `Bearer ${admin.access_token}` };
  const keyed = await api.createProduct(member(`E2E ${tag} Studio`), admin);
  const keys = Array.from({ length: 3 }, (_, index) => `${tag.toUpperCase()}-KEY-${index}`);
  const pasted = await api.request.post(`/api/admin/products/${keyed.id}/keys`, { data: { keys: keys.join('\n') }, headers });
  expect(pasted.ok(), await pasted.text()).toBe(true);
  const files = await api.createProduct(member(`E2E ${tag} Handbook`), admin);
  const file = `${tag}-handbook.pdf`;
  await api.uploadProductFile(files.id, { name: file, buffer: Buffer.from(`The handbook of ${tag}`) }, admin);
  const bundle = await api.createProduct(
    {
      ...member(`E2E ${tag} Bundle`),
      price: 40,
      product_type: 'package',
      package_items: [
        { product_id: keyed.id, quantity: 2 },
        { product_id: files.id, quantity: 1 },
      ],
    },
    admin,
  );
  return { id: bundle.id, title: bundle.title, keyed: { title: keyed.title, keys }, files: { title: files.title, file } };
}

/** The package line's goods in `goods`: each product under its own name, with only its own keys or file. */
async function expectGrouped(goods: Locator, bundle: Bundle): Promise<void> {
  const contents = goods.getByRole('list', { name: `Contents of ${bundle.title}` });
  const products = contents.locator(':scope > li');
  await expect(products).toHaveCount(2);
  const [keyed, files] = [products.nth(0), products.nth(1)];
  await expect(keyed.locator('p').first()).toHaveText(new RegExp(`^${bundle.keyed.title}\\s*× 2$`));
  const keys = keyed.getByRole('list', { name: `Licence keys for ${bundle.keyed.title}` });
  await expect(keys.getByRole('button', { name: 'Copy key' })).toHaveCount(2);
  for (const key of await keys.locator('code').allTextContents()) expect(bundle.keyed.keys).toContain(key.trim());
  await expect(keyed.getByRole('link', { name: /^Download / })).toHaveCount(0);
  await expect(files.locator('p').first()).toHaveText(bundle.files.title);
  await expect(
    files.getByRole('list', { name: `Files for ${bundle.files.title}` }).getByRole('link', { name: `Download ${bundle.files.file}` }),
  ).toBeVisible();
  await expect(files.getByRole('button', { name: 'Copy key' })).toHaveCount(0);
  // Nothing is shown under the package's own name: its goods are its products'.
  await expect(goods.getByRole('list', { name: `Licence keys for ${bundle.title}` })).toHaveCount(0);
}

/** The keys the page shows for the package's keyed product. */
const shownKeys = async (page: Page, bundle: Bundle) =>
  (
    await page
      .getByRole('list', { name: `Licence keys for ${bundle.keyed.title}` })
      .first()
      .locator('code')
      .allTextContents()
  ).map((key) => key.trim());

test("a shopper buys a package through the sandbox and finds every product's keys and files under its own name", async ({
  page,
  api,
  loginAs,
}) => {
  test.setTimeout(90_000);
  const admin = await api.loginAdmin();
  const bundle = await makeBundle(api, admin);
  const shopper = await api.registerUser();
  await loginAs(page, shopper);

  // The product page says what the package includes, with quantities and links.
  await page.goto(`/products/${bundle.id}`);
  await expect(page.getByRole('heading', { level: 1, name: bundle.title })).toBeVisible();
  const included = page.getByRole('region', { name: "What's included" });
  await expect(included.getByRole('listitem')).toHaveText([`2 × ${bundle.keyed.title}`, bundle.files.title]);
  await expect(included.getByRole('link', { name: bundle.keyed.title })).toHaveAttribute('href', /\/products\/[0-9a-f-]{36}$/);
  await snap(page, 'package-product');
  await page.getByRole('button', { name: 'Add to Cart' }).click();

  await withMailbox(api, async (mailbox) => {
    await page.goto('/checkout');
    await expect(page.getByText('Checking current prices…')).toBeHidden();
    await page.getByRole('checkbox', { name: /all sales of digital products are final/ }).check();
    await page.getByRole('button', { name: 'Pay with PayPal' }).click();
    await approveSandboxPayment(page);

    // The payment page: the one package line, its products' goods grouped under their names. The capture and
    // the delivery of both products run before it shows: slower than one product's on a busy machine.
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('region', { name: 'Order details' }).getByTestId('order-total')).toHaveText('$40.00');
    await expectGrouped(page.getByRole('region', { name: 'Your products' }), bundle);
    const keys = await shownKeys(page, bundle);
    expect(new Set(keys).size).toBe(2);
    await page.getByText('PayPal payment completed! Your products are available for download.').waitFor({ state: 'hidden' });
    await snap(page, 'package-payment-success');

    // The account shows the same order, grouped the same way, with the same keys.
    await page.getByRole('link', { name: 'View My Orders' }).click();
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
    const latest = page.getByRole('article').first();
    await expect(latest.getByText('Completed')).toBeVisible();
    await expectGrouped(latest, bundle);
    expect(await shownKeys(page, bundle)).toEqual(keys);
    await snap(page, 'package-account');

    // The receipt lists each product under the package, the keys under theirs.
    await expect
      .poll(() => mailbox.messages.filter((message) => message.includes(shopper.user.email) && message.includes(bundle.title)).length, {
        message: 'the receipt of the package order',
      })
      .toBe(1);
    const receipt = mailbox.messages.find((message) => message.includes(shopper.user.email) && message.includes(bundle.title))!;
    expect(receipt).toContain(`1 x ${bundle.title}`);
    const text = receipt.slice(receipt.indexOf(`1 x ${bundle.title}`));
    const keyedAt = text.indexOf(`   2 x ${bundle.keyed.title}`);
    const filesAt = text.indexOf(`   1 x ${bundle.files.title}`);
    expect(keyedAt).toBeGreaterThan(0);
    expect(filesAt).toBeGreaterThan(keyedAt);
    // Each key under its product, before the next product's line.
    for (const key of keys) {
      const at = text.indexOf(`Licence key: ${key}`);
      expect(at).toBeGreaterThan(keyedAt);
      expect(at).toBeLessThan(filesAt);
    }
  });
});
