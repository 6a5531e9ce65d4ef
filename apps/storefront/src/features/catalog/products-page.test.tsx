import { LIMITS, type ProductList } from '@store/contracts';
import { aProduct, aProductList, deferred, never, searchSuggestions } from '@store/api-fake';
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
  // Typing in the search box asks for suggestions too (search-suggest-box.test.tsx tests them).
  suggestSearch: searchSuggestions(),
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

    expect(screen.getByRole('combobox', { name: 'Search products' })).toBeInTheDocument();
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

    await user.type(screen.getByRole('combobox', { name: 'Search products' }), 'writer');
    expect(await screen.findByText('1 product')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ search: 'writer' });
    // One request for the whole word, not one per letter.
    expect(searches().map((query) => query.search)).toEqual([undefined, 'writer']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'software');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price_asc');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'writer', category: 'software', sort: 'price_asc' }));
    expect(searches().at(-1)).toEqual({ search: 'writer', category: 'software', sort: 'price_asc', limit: 50 });
  });

  it('reads the filters from the address', async () => {
    api.on('listProducts', aProductList(page(2)));
    renderApp('/products?search=pro&category=courses&sort=name');

    await screen.findByText('2 products');
    expect(screen.getByRole('combobox', { name: 'Search products' })).toHaveValue('pro');
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
    expect(screen.getByRole('combobox', { name: 'Search products' })).toHaveValue('');
    expect(router.state.location.search).toEqual({});
    expect(searches().at(-1)).toEqual({ limit: 50 });
  });

  it('loads the next page with Load More Products from the cursor the last page gave, until a page has none', async () => {
    const user = userEvent.setup();
    const first = page(LIMITS.pageSize, 'First');
    const second = page(10, 'Second');
    const cursor = `n_${first.at(-1)!.id}`;
    const secondPage = deferred<ProductList>();
    api.on('listProducts', ({ query }) => (query.after === cursor ? secondPage.promise : aProductList(first, 60, { next_after: cursor })));
    renderApp('/products');

    expect(await screen.findByText('60 products')).toBeInTheDocument();
    expect(screen.getAllByTestId('product-card')).toHaveLength(50);

    await user.click(screen.getByRole('button', { name: 'Load More Products' }));
    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeDisabled();
    expect(searches().map((query) => query.after)).toEqual([undefined, cursor]);
    expect(searches().every((query) => query.offset === undefined && query.limit === LIMITS.pageSize)).toBe(true);

    secondPage.resolve(aProductList(second, 60));
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(60));
    expect(screen.getByRole('heading', { name: 'Second 10' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Load More Products|Loading/ })).toBeNull();
    // Fifty cards and then sixty take a while to render in jsdom.
  }, 40_000);

  it('offers no Load More when the last page says there is no next one, whatever the total', async () => {
    api.on('listProducts', aProductList(page(3), 60));
    renderApp('/products');

    expect(await screen.findByText('60 products')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More Products' })).toBeNull();
  });

  it('says "1,000+ products" when a search matched more than the API counts', async () => {
    api.on('listProducts', aProductList(page(2), LIMITS.searchCountBound, { total_is_lower_bound: true }));
    renderApp('/products?search=pro');

    expect(await screen.findByText('1,000+ products')).toBeInTheDocument();
  });

  it('says which search was answered when the words typed were corrected, and keeps the words typed in the box', async () => {
    api.on('listProducts', ({ query }) =>
      query.search === 'lumra' ? aProductList([aProduct({ title: 'Lumora Image Studio' })], 1, { corrected_search: 'lumora' }) : aProductList(page(4)),
    );
    renderApp('/products?search=lumra');

    expect(await screen.findByTestId('corrected-search')).toHaveTextContent('Showing results for “lumora”');
    expect(screen.getByRole('heading', { level: 2, name: 'Lumora Image Studio' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Search products' })).toHaveValue('lumra');
  });

  it('says nothing of a correction when the search was answered as typed', async () => {
    api.on('listProducts', aProductList([aProduct({ title: 'Lumora Image Studio' })]));
    renderApp('/products?search=lumora');

    expect(await screen.findByText('1 product')).toBeInTheDocument();
    expect(screen.queryByTestId('corrected-search')).toBeNull();
  });

  it('offers Best match only while a search is given, and then as the default the address leaves out', async () => {
    const user = userEvent.setup();
    api.on('listProducts', aProductList(page(2)));
    const { router } = renderApp('/products?search=studio');
    await screen.findByText('2 products');

    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(within(sort).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Best match',
      'Newest',
      'Price: Low to High',
      'Price: High to Low',
      'Name: A-Z',
    ]);
    expect(sort).toHaveValue('relevance');
    // The API's default for a search: the list asks for no sort.
    expect(searches()[0]).toEqual({ search: 'studio', limit: 50 });

    // Newest is no default while searching: it is kept in the address; Best match again leaves it out.
    await user.selectOptions(sort, 'newest');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'studio', sort: 'newest' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'relevance');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'studio' }));

    // Without a search there is no best match: Newest is the default again.
    await user.clear(screen.getByRole('combobox', { name: 'Search products' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    const plain = screen.getByRole('combobox', { name: 'Sort by' });
    expect(within(plain).queryByRole('option', { name: 'Best match' })).toBeNull();
    expect(plain).toHaveValue('newest');
  });

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
