/** What the product form's tests share: the catalogue behind the form, opening it, its required fields. Imported by tests only. */
import { anAdminProduct, aProductList, type FakeApi } from '@store/api-fake';
import type { AdminProduct, ProductInput } from '@store/contracts';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { renderApp } from './render.tsx';

export function productFormHelpers(api: FakeApi) {
  /** The catalogue the list shows; an edited product's key pool is empty and it has no files unless a test says otherwise. */
  function fakeCatalogue(products: AdminProduct[] = []) {
    api.on('adminListProducts', aProductList(products));
    api.on('adminLicenseKeyStock', { available: 0, sold: 0, reserved: 0 });
    api.on('adminListProductFiles', { files: [] });
  }

  async function openAddForm(user: UserEvent) {
    renderApp('/admin/products');
    await user.click(await screen.findByRole('button', { name: 'Add Product' }));
    return screen.findByRole('dialog', { name: 'Add Product' });
  }

  async function fillRequired(user: UserEvent, dialog: HTMLElement, fields: { title?: string; price?: string } = {}) {
    await user.type(within(dialog).getByLabelText('Product name'), fields.title ?? 'Nimbus Notes');
    await user.type(within(dialog).getByLabelText('Price (USD)'), fields.price ?? '19.99');
    await user.type(within(dialog).getByLabelText('Short description'), 'Notes that sync');
    await user.type(within(dialog).getByLabelText('Detailed description'), 'Everything about Nimbus Notes.');
  }

  /** The product the API answers a create with. */
  const created = (body: ProductInput): AdminProduct => ({
    ...anAdminProduct(),
    ...body,
    image: null,
    rating: null,
    reviews_count: 0,
    package_items: (body.package_items ?? []).map((item) => ({ ...item, title: `Member ${item.product_id.slice(-4)}` })),
  });

  return { fakeCatalogue, openAddForm, fillRequired, created };
}
