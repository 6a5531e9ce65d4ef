import { LIMITS, type ProductList } from '@store/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render.tsx';
import { DELETE_CONFIRMATION } from './products-page.tsx';
import { apiError, makeProduct, signInAsAdmin, stubApi } from './testing.ts';

beforeEach(() => {
  signInAsAdmin();
});

const list = (products: ProductList['products'], total = products.length): ProductList => ({ products, total });

describe('the products screen', () => {
  it('lists each product with its thumbnail, category, type, price, stock and named actions', async () => {
    const writer = makeProduct({ title: 'Aurora Writer', category: 'ai_tools', product_type: 'subscription', price: 49.5, stock_quantity: 12 });
    const empty = makeProduct({ title: 'Sold Out Pack', images: [], image: null, stock_quantity: 0 });
    const api = stubApi({ 'GET /api/admin/products': () => list([writer, empty]) });

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
    expect(api.callsTo('GET /api/admin/products')[0]?.url.searchParams.get('limit')).toBe(String(LIMITS.pageSize));
  });

  it('searches after a pause in typing, with the term in the address', async () => {
    const api = stubApi({
      'GET /api/admin/products': ({ url }) => list(url.searchParams.get('search') === 'vpn' ? [makeProduct({ title: 'Warden VPN' })] : [makeProduct({ title: 'Other' })]),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/admin/products');
    await screen.findByText('Other');

    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'vpn');

    expect(await screen.findByText('Warden VPN')).toBeInTheDocument();
    expect(router.state.location.search).toMatchObject({ search: 'vpn' });
    const searches = api.callsTo('GET /api/admin/products').map((call) => call.url.searchParams.get('search'));
    // Debounced: no request for 'v' or 'vp'.
    expect(searches).toEqual([null, 'vpn']);
  });

  it('filters by category', async () => {
    const api = stubApi({ 'GET /api/admin/products': () => list([makeProduct()]) });
    const user = userEvent.setup();
    const { router } = renderApp('/admin/products');
    await screen.findByRole('button', { name: /^Edit / });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'courses');

    await waitFor(() => expect(api.callsTo('GET /api/admin/products').at(-1)?.url.searchParams.get('category')).toBe('courses'));
    expect(router.state.location.search).toMatchObject({ category: 'courses' });
  });

  it('loads the next 50 products with Load more', async () => {
    const first = Array.from({ length: LIMITS.pageSize }, () => makeProduct());
    const last = makeProduct({ title: 'The last one' });
    const api = stubApi({
      'GET /api/admin/products': ({ url }) => (url.searchParams.get('offset') === '50' ? list([last], 51) : list(first, 51)),
    });
    const user = userEvent.setup();
    renderApp('/admin/products');

    // Text queries: role queries over 150 buttons are slow in jsdom.
    await user.click(await screen.findByText('Load more'));

    expect(await screen.findByText('The last one')).toBeInTheDocument();
    expect(screen.getByTestId('product-count')).toHaveTextContent('Showing 51 of 51 products');
    expect(screen.queryByText('Load more')).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/admin/products').map((call) => call.url.searchParams.get('offset'))).toEqual(['0', '50']);
  }, 30_000);

  it('deletes nothing when the confirmation is cancelled', async () => {
    const product = makeProduct({ title: 'Keep Me' });
    const api = stubApi({ 'GET /api/admin/products': () => list([product]) });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const user = userEvent.setup();
    renderApp('/admin/products');

    await user.click(await screen.findByRole('button', { name: 'Delete Keep Me' }));

    expect(confirm).toHaveBeenCalledWith(DELETE_CONFIRMATION);
    expect(DELETE_CONFIRMATION).toBe('Are you sure you want to delete this product?');
    expect(api.callsTo(`DELETE /api/admin/products/${product.id}`)).toHaveLength(0);
  });

  it('deletes a confirmed product and reloads the list', async () => {
    const product = makeProduct({ title: 'Old Plugin' });
    let deleted = false;
    const api = stubApi({
      'GET /api/admin/products': () => list(deleted ? [] : [product]),
      [`DELETE /api/admin/products/${product.id}`]: () => {
        deleted = true;
        return new Response(null, { status: 204 });
      },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderApp('/admin/products');

    await user.click(await screen.findByRole('button', { name: 'Delete Old Plugin' }));

    expect(await screen.findByText('Product deleted successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Old Plugin')).not.toBeInTheDocument());
    expect(screen.getByText('No products found')).toBeInTheDocument();
    expect(api.callsTo('GET /api/admin/products').length).toBeGreaterThanOrEqual(2);
  });

  it("says why a delete failed, with the server's detail", async () => {
    const product = makeProduct({ title: 'Stuck' });
    stubApi({
      'GET /api/admin/products': () => list([product]),
      [`DELETE /api/admin/products/${product.id}`]: () => apiError(404, 'Product not found'),
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderApp('/admin/products');

    await user.click(await screen.findByRole('button', { name: 'Delete Stuck' }));

    expect(await screen.findByText('Error deleting product: Product not found')).toBeInTheDocument();
    expect(screen.getByText('Stuck')).toBeInTheDocument();
  });

  it('toasts when the list cannot be loaded', async () => {
    stubApi({ 'GET /api/admin/products': () => apiError(400, 'search is too long') });

    renderApp('/admin/products');

    expect(await screen.findByText('Error loading products: search is too long')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Products could not be loaded' })).toBeInTheDocument();
  });

  it('opens the Add Product form from the address (?new=1), and drops the flag when it closes', async () => {
    stubApi({ 'GET /api/admin/products': () => list([]) });
    const user = userEvent.setup();
    const { router } = renderApp('/admin/products?new=1');

    const dialog = await screen.findByRole('dialog', { name: 'Add Product' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.search).not.toHaveProperty('new');
  });

  it('opens the Add Product form from its button', async () => {
    stubApi({ 'GET /api/admin/products': () => list([]) });
    const user = userEvent.setup();
    renderApp('/admin/products');

    await user.click(await screen.findByRole('button', { name: 'Add Product' }));

    expect(await screen.findByRole('dialog', { name: 'Add Product' })).toBeInTheDocument();
  });
});
