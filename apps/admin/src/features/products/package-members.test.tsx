import { anAdminProduct, aProductList } from '@store/api-fake';
import type { AdminProduct, ProductInput } from '@store/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setupAdminApi, signInAsAdmin } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';

/*
 * The product form's package contents (docs/decisions/038-packages.md): members found by a search, each
 * with a quantity, removable, 2 to 20 of them, checked before anything is sent.
 */

const api = setupAdminApi();
beforeEach(() => signInAsAdmin(api));

const alpha = anAdminProduct({ title: 'Alpha Writer' });
const beta = anAdminProduct({ title: 'Alpha Backup' });
const gamma = anAdminProduct({ title: 'Alpha Office' });
const bundle = anAdminProduct({ title: 'Alpha Bundle', product_type: 'package' });
const monthly = anAdminProduct({ title: 'Alpha Monthly', product_type: 'subscription' });

/** The catalogue; the list's search answers the products whose title holds the term. */
function fakeCatalogue(products: AdminProduct[]) {
  api.on('adminListProducts', ({ query }) =>
    aProductList(products.filter((product) => !query.search || product.title.toLowerCase().includes(query.search.toLowerCase()))),
  );
  api.on('adminLicenseKeyStock', { available: 0, sold: 0, reserved: 0 });
  api.on('adminListProductFiles', { files: [] });
}

async function openPackageForm(user: UserEvent) {
  renderApp('/admin/products');
  await user.click(await screen.findByRole('button', { name: 'Add Product' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Product' });
  await user.type(within(dialog).getByLabelText('Product name'), 'Starter Bundle');
  await user.type(within(dialog).getByLabelText('Price (USD)'), '49');
  await user.type(within(dialog).getByLabelText('Short description'), 'Three tools');
  await user.type(within(dialog).getByLabelText('Detailed description'), 'Three tools together.');
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Product type' }), 'package');
  return dialog;
}

async function addMember(user: UserEvent, dialog: HTMLElement, term: string, title: string) {
  const search = within(dialog).getByLabelText('Find a product to add');
  await user.clear(search);
  await user.type(search, term);
  await user.click(await within(dialog).findByRole('button', { name: `Add ${title}` }));
}

describe('the package contents of the product form', { timeout: 30_000 }, () => {
  it('shows only for a package, with the stock taken from the products', async () => {
    fakeCatalogue([alpha]);
    const user = userEvent.setup();
    renderApp('/admin/products');
    await user.click(await screen.findByRole('button', { name: 'Add Product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Product' });
    expect(within(dialog).queryByRole('group', { name: 'Package contents' })).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Product type' }), 'package');
    expect(within(dialog).getByRole('group', { name: 'Package contents' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Stock quantity')).toBeDisabled();
    expect(within(dialog).getByText("A package's stock is what its products allow: set theirs.")).toBeInTheDocument();
  });

  it('finds products to add, never packages, subscriptions or members already in it, and sends the members with their quantities', async () => {
    fakeCatalogue([alpha, beta, gamma, bundle, monthly]);
    api.on('adminCreateProduct', ({ body }: { body: ProductInput }) => ({
      ...anAdminProduct(),
      ...body,
      package_items: (body.package_items ?? []).map((item) => ({ ...item, title: 'Member' })),
    }));
    const user = userEvent.setup();
    const dialog = await openPackageForm(user);

    await user.type(within(dialog).getByLabelText('Find a product to add'), 'alpha');
    const offered = await within(dialog).findByRole('list', { name: 'Products to add' });
    await within(offered).findByRole('button', { name: 'Add Alpha Writer' });
    expect(within(offered).getAllByRole('button').map((button) => button.textContent?.trim())).toEqual([
      'Add Alpha Writer',
      'Add Alpha Backup',
      'Add Alpha Office',
    ]);
    await user.click(within(offered).getByRole('button', { name: 'Add Alpha Writer' }));
    await addMember(user, dialog, 'alpha', 'Alpha Backup');
    // A member already in the package is not offered again.
    await user.type(within(dialog).getByLabelText('Find a product to add'), 'alpha');
    await within(dialog).findByRole('button', { name: 'Add Alpha Office' });
    expect(within(dialog).queryByRole('button', { name: 'Add Alpha Writer' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add Alpha Office' }));

    const contents = within(dialog).getByRole('list', { name: 'Package contents' });
    expect(within(contents).getAllByRole('listitem')).toHaveLength(3);
    const quantity = within(dialog).getByLabelText('Quantity of Alpha Backup');
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Remove Alpha Office from the package' }));
    expect(within(contents).getAllByRole('listitem')).toHaveLength(2);

    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(api.calls('adminCreateProduct')).toHaveLength(1));
    expect(api.calls('adminCreateProduct')[0]?.body).toMatchObject({
      product_type: 'package',
      package_items: [
        { product_id: alpha.id, quantity: 1 },
        { product_id: beta.id, quantity: 3 },
      ],
    });
  });

  it('says what is wrong before sending: fewer than 2 products, a quantity out of 1..100, or more units than an order holds', async () => {
    fakeCatalogue([alpha, beta]);
    const user = userEvent.setup();
    const dialog = await openPackageForm(user);
    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));
    expect(await within(dialog).findByText('A package has 2 to 20 products; add them with the search below (0 now)')).toBeInTheDocument();

    await addMember(user, dialog, 'writer', 'Alpha Writer');
    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));
    expect(await within(dialog).findByText('A package has 2 to 20 products; add them with the search below (1 now)')).toBeInTheDocument();

    await addMember(user, dialog, 'backup', 'Alpha Backup');
    const quantity = within(dialog).getByLabelText('Quantity of Alpha Backup');
    await user.clear(quantity);
    await user.type(quantity, '101');
    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/quantity/i);

    // Each quantity in bounds, but more units together than one order may hold.
    await user.clear(quantity);
    await user.type(quantity, '100');
    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('these products add up to 101');
    expect(api.calls('adminCreateProduct')).toHaveLength(0);
  });

  it('opens a saved package with its members, and keeps them when the type goes back to package', async () => {
    const saved = anAdminProduct({
      title: 'Saved Bundle',
      product_type: 'package',
      package_items: [
        { product_id: alpha.id, quantity: 2, title: 'Alpha Writer' },
        { product_id: beta.id, quantity: 1, title: 'Alpha Backup' },
      ],
    });
    fakeCatalogue([saved, alpha, beta]);
    const user = userEvent.setup();
    renderApp('/admin/products');
    await user.click(await screen.findByRole('button', { name: 'Edit Saved Bundle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
    expect(within(dialog).getByLabelText('Quantity of Alpha Writer')).toHaveValue(2);
    expect(within(dialog).getByLabelText('Quantity of Alpha Backup')).toHaveValue(1);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Product type' }), 'single');
    expect(within(dialog).queryByLabelText('Quantity of Alpha Writer')).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Product type' }), 'package');
    expect(within(dialog).getByLabelText('Quantity of Alpha Writer')).toHaveValue(2);
  });
});
