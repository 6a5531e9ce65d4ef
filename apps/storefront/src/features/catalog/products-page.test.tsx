import { LIMITS, type ProductList } from '@store/contracts';
import { aProduct, aProductList, deferred, never } from '@store/api-fake';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { WHOLE_APP_TIMEOUT_MS, setupShopApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';
import { PRODUCT_SKELETONS } from './products-page.tsx';

const page = (count: number, prefix = 'Item') => Array.from({ length: count }, (_, index) => aProduct({ title: `${prefix} ${index + 1}` }));

const api = setupShopApi({
  listCategories: [
    { value: 'ai_tools', label: 'AI Tools' },
    { value: 'software', label: 'Software' },
    { value: 'courses', label: 'Courses' },
  ],
});
const searches = () => api.calls('listProducts').map((call) => call.query);

describe('the products page', { timeout: WHOLE_APP_TIMEOUT_MS }, () => {
  it('shows six skeleton cards while the first page loads', async () => {
    api.on('listProducts', () => never());
    renderApp('/products');

    const skeletons = await screen.findByTestId('product-skeletons');
    expect(within(skeletons).getAllByTestId('product-card-skeleton')).toHaveLength(PRODUCT_SKELETONS);
    expect(screen.getByRole('heading', { level: 1, name: 'All Products' })).toBeInTheDocument();
  });

  it('shows the cards and the count of all matching products', async () => {
    api.on('listProducts', aProductList(page(3), 3));
    renderApp('/products');

    expect(await screen.findByText('3 products')).toBeInTheDocument();
    expect(screen.getAllByTestId('product-card')).toHaveLength(3);
    expect(screen.getByRole('heading', { level: 2, name: 'Item 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More Products' })).toBeNull();
  });

  it('has a labelled search box, category filter with the server categories, and the four sorts', async () => {
    api.on('listProducts', aProductList(page(1)));
    renderApp('/products');
    await screen.findByText('1 product');

    expect(screen.getByRole('searchbox', { name: 'Search products' })).toBeInTheDocument();
    const category = screen.getByRole('combobox', { name: 'Category' });
    await waitFor(() =>
      expect(
        within(category)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['All categories', 'AI Tools', 'Software', 'Courses']),
    );
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Newest', 'Price: Low to High', 'Price: High to Low', 'Name: A-Z']);
    expect(screen.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('searches after typing pauses and keeps the filters in the address', async () => {
    const user = userEvent.setup();
    api.on('listProducts', ({ query }) => aProductList(query.search === 'writer' ? [aProduct({ title: 'Aurora AI Writer' })] : page(4)));
    const { router } = renderApp('/products');
    await screen.findByText('4 products');

    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'writer');
    expect(await screen.findByText('1 product')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ search: 'writer' });
    // One request for the whole word, not one per letter.
    expect(searches().map((query) => query.search)).toEqual([undefined, 'writer']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'software');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price_asc');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'writer', category: 'software', sort: 'price_asc' }));
    expect(searches().at(-1)).toEqual({ search: 'writer', category: 'software', sort: 'price_asc', limit: 50, offset: 0 });
  });

  it('reads the filters from the address', async () => {
    api.on('listProducts', aProductList(page(2)));
    renderApp('/products?search=pro&category=courses&sort=name');

    await screen.findByText('2 products');
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('pro');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('courses');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('name');
    expect(searches()[0]?.category).toBe('courses');
  });

  it("says 'No results found' with a hint, and clears the filters on request", async () => {
    const user = userEvent.setup();
    api.on('listProducts', ({ query }) => (query.search ? aProductList([], 0) : aProductList(page(5))));
    const { router } = renderApp('/products?search=nothing-matches&category=courses');

    expect(await screen.findByRole('heading', { name: 'No results found' })).toBeInTheDocument();
    expect(screen.getByText('0 products')).toBeInTheDocument();
    expect(screen.getByText(/try a different search term/i)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('5 products')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('');
    expect(router.state.location.search).toEqual({});
    expect(searches().at(-1)).toEqual({ limit: 50, offset: 0 });
  });

  it('loads the next page with Load More Products until all are shown', async () => {
    const user = userEvent.setup();
    const first = page(LIMITS.pageSize, 'First');
    const second = page(10, 'Second');
    const secondPage = deferred<ProductList>();
    api.on('listProducts', ({ query }) => (query.offset === 0 ? aProductList(first, 60) : secondPage.promise));
    renderApp('/products');

    expect(await screen.findByText('60 products')).toBeInTheDocument();
    expect(screen.getAllByTestId('product-card')).toHaveLength(50);

    await user.click(screen.getByRole('button', { name: 'Load More Products' }));
    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeDisabled();
    expect(searches().at(-1)).toMatchObject({ offset: 50, limit: 50 });

    secondPage.resolve(aProductList(second, 60));
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(60));
    expect(screen.getByRole('heading', { name: 'Second 10' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Load More Products|Loading/ })).toBeNull();
    // Fifty cards and then sixty take a while to render in jsdom.
  }, 40_000);

  it("toasts 'Error loading products' when the list cannot be loaded", async () => {
    api.on('listProducts', api.error(400, 'Bad request', 'bad_request'));
    renderApp('/products');

    expect(await screen.findByText('Error loading products')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('switches between the grid and the list view', async () => {
    const user = userEvent.setup();
    api.on('listProducts', aProductList(page(2)));
    renderApp('/products');
    await screen.findByText('2 products');

    await user.click(screen.getByRole('button', { name: 'List view' }));
    expect(screen.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByTestId('product-card').every((card) => card.dataset.variant === 'list')).toBe(true);
  });
});
