import { aProduct, aProductList, deferred, searchSuggestions } from '@store/api-fake';
import type { SearchSuggestions } from '@store/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { WHOLE_APP_TIMEOUT_MS, setupShopApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';
import { SUGGEST_DEBOUNCE_MS } from './search-suggest-box.tsx';

const studio = aProduct({ title: 'Lumora Image Studio', price: 49 });
const brushes = aProduct({ title: 'Lumora Brush Pack', price: 12, image: null, images: [] });
const LUMORA = searchSuggestions([studio, brushes], [{ value: 'plugins', label: 'Plugins' }]);

const api = setupShopApi({ listProducts: aProductList([aProduct({ title: 'Anything' })]) });
const suggested = () => api.calls('suggestSearch').map((call) => call.query.q);

const box = () => screen.getByRole('combobox', { name: 'Search products' });
const optionNames = () =>
  within(screen.getByRole('listbox', { name: 'Suggestions' }))
    .getAllByRole('option')
    .map((option) => option.textContent);

/** The /products page with its search box, suggestions answered by `answer`, once the first list has arrived. */
async function openProducts(answer: SearchSuggestions | ((q: string) => SearchSuggestions | Promise<SearchSuggestions>) = LUMORA) {
  api.on('suggestSearch', ({ query }) => (typeof answer === 'function' ? answer(query.q ?? '') : answer));
  const user = userEvent.setup();
  const rendered = renderApp('/products');
  await screen.findByText('1 product');
  return { user, ...rendered };
}

describe('the search box suggestions', { timeout: WHOLE_APP_TIMEOUT_MS }, () => {
  it('is a combobox that controls a list of the suggested products and categories, and says how many there are', async () => {
    const { user } = await openProducts();
    const input = box();
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    const listId = input.getAttribute('aria-controls');
    expect(listId).toBeTruthy();
    expect(input).not.toHaveAttribute('aria-activedescendant');

    await user.type(input, 'lumo');

    const listbox = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(listbox.id).toBe(listId);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(optionNames()).toEqual(['Lumora Image Studio$49', 'Lumora Brush Pack$12', 'Plugins']);
    expect(within(listbox).getByRole('group', { name: 'Products' })).toBeInTheDocument();
    expect(within(listbox).getByRole('group', { name: 'Categories' })).toBeInTheDocument();
    expect(
      within(listbox)
        .getAllByRole('option')
        .every((option) => option.getAttribute('aria-selected') === 'false'),
    ).toBe(true);
    expect(screen.getByRole('status')).toHaveTextContent('3 suggestions: up and down arrows to choose');
    expect(input).toHaveFocus();
  });

  it('moves the active option with the arrows, wrapping round, and opens the active product with Enter', async () => {
    api.on('getProduct', ({ params }) => (params.id === studio.id ? studio : api.error(404, 'Product not found', 'product_not_found')));
    const { user, router } = await openProducts();
    await user.type(box(), 'lumo');
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');

    await user.keyboard('{ArrowDown}');
    expect(box()).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box()).toHaveAttribute('aria-activedescendant', options[2]!.id);
    await user.keyboard('{ArrowDown}');
    expect(box()).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowUp}');
    expect(box()).toHaveAttribute('aria-activedescendant', options[2]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(box()).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(box()).toHaveFocus();

    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/products/${studio.id}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lumora Image Studio' })).toBeInTheDocument();
  });

  it('applies a chosen category as the filter, in place of the words typed', async () => {
    const { user, router } = await openProducts();
    await user.type(box(), 'plug');
    await screen.findByRole('listbox');

    await user.keyboard('{ArrowUp}{Enter}');

    await waitFor(() => expect(router.state.location.search).toEqual({ category: 'plugins' }));
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('plugins');
    expect(box()).toHaveValue('');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
  });

  it('searches the text as typed with Enter when no option is active, and closes the list', async () => {
    const { user, router } = await openProducts();
    await user.type(box(), 'lumo');
    await screen.findByRole('listbox');

    await user.keyboard('{Enter}');

    expect(router.state.location.search).toEqual({ search: 'lumo' });
    expect(router.state.location.pathname).toBe('/products');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('closes with Escape and keeps the text; the arrows open it again', async () => {
    const { user } = await openProducts();
    await user.type(box(), 'lumo');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}');

    await user.keyboard('{Escape}');

    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(box()).not.toHaveAttribute('aria-activedescendant');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box()).toHaveValue('lumo');

    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    expect(box()).not.toHaveAttribute('aria-activedescendant');
  });

  it('closes when Tab leaves the box', async () => {
    const { user } = await openProducts();
    await user.type(box(), 'lumo');
    await screen.findByRole('listbox');

    await user.tab();

    expect(box()).not.toHaveFocus();
    expect(box()).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens a product on a click', async () => {
    api.on('getProduct', ({ params }) => (params.id === brushes.id ? brushes : api.error(404, 'Product not found', 'product_not_found')));
    const { user, router } = await openProducts();
    await user.type(box(), 'lumo');

    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: /Lumora Brush Pack/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/products/${brushes.id}`));
  });

  it('asks once typing pauses, not at every letter, and nothing for a single letter', async () => {
    const { user } = await openProducts();

    await user.type(box(), 'l');
    await new Promise((resolve) => setTimeout(resolve, SUGGEST_DEBOUNCE_MS * 3));
    expect(suggested()).toEqual([]);

    await user.type(box(), 'umo');
    await screen.findByRole('listbox');
    expect(suggested()).toEqual(['lumo']);
  });

  it('shows only the answer to the latest text: an older answer that arrives late is ignored', async () => {
    const late = deferred<SearchSuggestions>();
    const { user } = await openProducts((q) => (q === 'lu' ? late.promise : searchSuggestions([studio])));

    await user.type(box(), 'lu');
    await waitFor(() => expect(suggested()).toEqual(['lu']));
    await user.type(box(), 'mora');
    await waitFor(() => expect(optionNames()).toEqual(['Lumora Image Studio$49']));

    late.resolve(searchSuggestions([aProduct({ title: 'Lucid Late Answer' })]));
    await new Promise((resolve) => setTimeout(resolve, SUGGEST_DEBOUNCE_MS * 2));
    expect(optionNames()).toEqual(['Lumora Image Studio$49']);
    expect(screen.queryByText('Lucid Late Answer')).toBeNull();
  });

  it('stays closed, and says so, when nothing is suggested', async () => {
    const { user } = await openProducts(searchSuggestions());
    await user.type(box(), 'zzzz');

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No suggestions'));
    expect(box()).toHaveAttribute('aria-expanded', 'false');
  });
});
