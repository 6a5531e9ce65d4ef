import { aProduct, aProductList } from '@store/api-fake';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WHOLE_APP_TIMEOUT_MS, setupShopApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';

/* "What's included" on a package's page (docs/decisions/038-packages.md). */

const api = setupShopApi();

const writer = aProduct({ title: 'Aurora Writer' });
const guide = aProduct({ title: 'Prompt Guide' });
const bundle = aProduct({
  title: 'Starter Bundle',
  product_type: 'package',
  stock_quantity: 3,
  package_items: [
    { product_id: writer.id, quantity: 1, title: 'Aurora Writer' },
    { product_id: guide.id, quantity: 2, title: 'Prompt Guide' },
  ],
});

function stub(...products: ReturnType<typeof aProduct>[]) {
  api.on('getProduct', ({ params }) => products.find((product) => product.id === params.id) ?? api.error(404, 'Product not found', 'product_not_found'));
  api.on('listProducts', aProductList(products));
}

describe("a package's product page", { timeout: WHOLE_APP_TIMEOUT_MS }, () => {
  it("lists what's included, with quantities, each linked to its own page", async () => {
    stub(bundle, writer, guide);
    renderApp(`/products/${bundle.id}`);
    const included = await screen.findByRole('region', { name: "What's included" });
    const items = within(included).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Aurora Writer', '2 × Prompt Guide']);
    expect(within(included).getByRole('link', { name: 'Aurora Writer' })).toHaveAttribute('href', `/products/${writer.id}`);
    expect(within(included).getByRole('link', { name: 'Prompt Guide' })).toHaveAttribute('href', `/products/${guide.id}`);
  });

  it('shows no such section for a product that is not a package', async () => {
    stub(writer);
    renderApp(`/products/${writer.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Aurora Writer' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: "What's included" })).toBeNull();
  });
});
