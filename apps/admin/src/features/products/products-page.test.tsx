import { anAdminProduct, aProductList as list } from '@store/api-fake';
import { LIMITS } from '@store/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setupAdminApi, signInAsAdmin } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';
import { DELETE_CONFIRMATION } from './products-page.tsx';

const api = setupAdminApi();

beforeEach(() => {
  signInAsAdmin(api);
});

describe('the products screen', () => {
  it('lists each product with its thumbnail, category, type, price, stock and named actions', async () => {
    const writer = anAdminProduct({
      title: 'Aurora Writer',
      category: 'ai_tools',
      product_type: 'subscription',
      price: 49.5,
      stock_quantity: 12,
      images: ['/uploads/cover.png'],
      image: '/uploads/cover.png',
    });
    const empty = anAdminProduct({ title: 'Sold Out Pack', images: [], image: null, stock_quantity: 0 });
    api.on('adminListProducts', list([writer, empty]));

    renderApp('/admin/products');

    expect(await screen.findByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    const row = (await screen.findByText('Aurora Writer')).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('AI Tools')).toBeInTheDocument();
    expect(within(row).getByText('Subscription')).toBeInTheDocument();
    expect(within(row).getByText('$49.50')).toBeInTheDocument();
    expect(within(row).getByText('12')).toBeInTheDocument();
    expect(row.querySelector('img')?.getAttribute('src')).toBe(`${window.location.origin}/uploads/cover.png`);
    expect(screen.getByRole('button', { name: 'Edit Aurora Writer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Aurora Writer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Licence keys of Aurora Writer' })).toBeInTheDocument();
    expect(screen.getByText('Out of stock')).toBeInTheDocument();
    expect(screen.getByTestId('product-count')).toHaveTextContent('Showing 2 of 2 products');
    expect(api.calls('adminListProducts')[0]?.query.limit).toBe(LIMITS.pageSize);
  });

  it('searches after a pause in typing, with the term in the address', async () => {
    api.on('adminListProducts', ({ query }) => list(query.search === 'vpn' ? [anAdminProduct({ title: 'Warden VPN' })] : [anAdminProduct({ title: 'Other' })]));
    const user = userEvent.setup();
    const { router } = renderApp('/admin/products');
    await screen.findByText('Other');

    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'vpn');

    expect(await screen.findByText('Warden VPN')).toBeInTheDocument();
    expect(router.state.location.search).toMatchObject({ search: 'vpn' });
    const searches = api.calls('adminListProducts').map((call) => call.query.search);
    // Debounced: no request for 'v' or 'vp'.
    expect(searches).toEqual([undefined, 'vpn']);
  });

  it('filters by category', async () => {
    api.on('adminListProducts', list([anAdminProduct()]));
    const user = userEvent.setup();
    const { router } = renderApp('/admin/products');
    await screen.findByRole('button', { name: /^Edit / });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'courses');

    await waitFor(() => expect(api.calls('adminListProducts').at(-1)?.query.category).toBe('courses'));
    expect(router.state.location.search).toMatchObject({ category: 'courses' });
  });

  it('loads the next 50 products with Load more, from the cursor the last page gave', async () => {
    const first = Array.from({ length: LIMITS.pageSize }, () => anAdminProduct());
    const last = anAdminProduct({ title: 'The last one' });
    const cursor = `n_${first.at(-1)!.id}`;
    api.on('adminListProducts', ({ query }) => (query.after === cursor ? list([last], 51) : list(first, 51, { next_after: cursor })));
    const user = userEvent.setup();
    renderApp('/admin/products');

    // Text queries: role queries over 150 buttons are slow in jsdom.
    await user.click(await screen.findByText('Load more'));

    expect(await screen.findByText('The last one')).toBeInTheDocument();
    expect(screen.getByTestId('product-count')).toHaveTextContent('Showing 51 of 51 products');
    expect(screen.queryByText('Load more')).not.toBeInTheDocument();
    expect(api.calls('adminListProducts').map((call) => [call.query.after, call.query.offset])).toEqual([
      [undefined, undefined],
      [cursor, undefined],
    ]);
  }, 30_000);

  it('says "of 1,000+ products" when the search matched more than the API counts', async () => {
    const shown = Array.from({ length: 3 }, () => anAdminProduct());
    api.on('adminListProducts', list(shown, LIMITS.searchCountBound, { total_is_lower_bound: true, next_after: `r1_${shown.at(-1)!.id}` }));
    renderApp('/admin/products?search=pro');

    await waitFor(() => expect(screen.getByTestId('product-count')).toHaveTextContent('Showing 3 of 1,000+ products'));
    expect(screen.getByText('Load more')).toBeInTheDocument();
  });

  it('deletes nothing when the confirmation is cancelled', async () => {
    const product = anAdminProduct({ title: 'Keep Me' });
    api.on('adminListProducts', list([product]));
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const user = userEvent.setup();
    renderApp('/admin/products');

    await user.click(await screen.findByRole('button', { name: 'Delete Keep Me' }));

    expect(confirm).toHaveBeenCalledWith(DELETE_CONFIRMATION);
    expect(DELETE_CONFIRMATION).toBe('Are you sure you want to delete this product?');
    expect(api.calls('adminDeleteProduct')).toHaveLength(0);
  });

  it('deletes a confirmed product and reloads the list', async () => {
    const product = anAdminProduct({ title: 'Old Plugin' });
    let deleted = false;
    api.on('adminListProducts', () => list(deleted ? [] : [product]));
    api.on('adminDeleteProduct', () => {
      deleted = true;
      return null;
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderApp('/admin/products');

    await user.click(await screen.findByRole('button', { name: 'Delete Old Plugin' }));

    expect(await screen.findByText('Product deleted successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Old Plugin')).not.toBeInTheDocument());
    expect(screen.getByText('No products found')).toBeInTheDocument();
    expect(api.calls('adminDeleteProduct')[0]?.params.id).toBe(product.id);
    expect(api.calls('adminListProducts').length).toBeGreaterThanOrEqual(2);
  });

  it("says why a delete failed, with the server's detail", async () => {
    const product = anAdminProduct({ title: 'Stuck' });
    api.on('adminListProducts', list([product]));
    api.on('adminDeleteProduct', api.error(404, 'Product not found', 'product_not_found'));
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderApp('/admin/products');

    await user.click(await screen.findByRole('button', { name: 'Delete Stuck' }));

    expect(await screen.findByText('Error deleting product: Product not found')).toBeInTheDocument();
    expect(screen.getByText('Stuck')).toBeInTheDocument();
  });

  it('toasts when the list cannot be loaded', async () => {
    api.on('adminListProducts', api.error(400, 'search is too long', 'validation_error'));

    renderApp('/admin/products');

    expect(await screen.findByText('Error loading products: search is too long')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Products could not be loaded' })).toBeInTheDocument();
  });

  it('opens the Add Product form from the address (?new=1), and drops the flag when it closes', async () => {
    api.on('adminListProducts', list([]));
    const user = userEvent.setup();
    const { router } = renderApp('/admin/products?new=1');

    const dialog = await screen.findByRole('dialog', { name: 'Add Product' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.search).not.toHaveProperty('new');
  });

  it('opens the Add Product form from its button', async () => {
    api.on('adminListProducts', list([]));
    const user = userEvent.setup();
    renderApp('/admin/products');

    await user.click(await screen.findByRole('button', { name: 'Add Product' }));

    expect(await screen.findByRole('dialog', { name: 'Add Product' })).toBeInTheDocument();
  });
});
