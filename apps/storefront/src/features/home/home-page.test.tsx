import { aProduct, aProductList, never } from '@store/api-fake';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WHOLE_APP_TIMEOUT_MS, setupShopApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';

const api = setupShopApi();

describe('the home page', { timeout: WHOLE_APP_TIMEOUT_MS }, () => {
  it('shows the hero at once and nine skeleton cards while the featured products load', async () => {
    api.on('listProducts', () => never());
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    const skeletons = await screen.findByTestId('featured-skeletons');
    expect(within(skeletons).getAllByTestId('product-card-skeleton')).toHaveLength(9);
  });

  it('shows the three feature cards and the fixed figures', async () => {
    api.on('listProducts', () => never());
    renderApp('/');

    for (const title of ['AI-powered tools', 'Secure payment', 'Premium quality']) {
      expect(await screen.findByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }
    const figures = screen.getByRole('region', { name: 'The shop in numbers' });
    expect(
      within(figures)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['500+', '10k+', '99.9%', '24/7']);
  });

  it('shows the nine newest products', async () => {
    api.on(
      'listProducts',
      aProductList(
        Array.from({ length: 9 }, (_, index) => aProduct({ title: `Featured ${index + 1}` })),
        14,
      ),
    );
    renderApp('/');

    const featured = await screen.findByRole('region', { name: 'Featured Products' });
    expect(await within(featured).findAllByTestId('product-card')).toHaveLength(9);
    expect(api.calls('listProducts')[0]?.query).toEqual({ limit: 9, sort: 'newest' });
    expect(within(featured).getByRole('link', { name: /View all products/ })).toHaveAttribute('href', '/products');
  });

  it("says 'Products loading...' when there are none, and quietly on a failure", async () => {
    api.on('listProducts', aProductList([], 0));
    const { unmount } = renderApp('/');
    expect(await screen.findByText('Products loading...')).toBeInTheDocument();
    unmount();

    api.on('listProducts', api.error(400, 'Bad request', 'bad_request'));
    renderApp('/');
    expect(await screen.findByText('Products loading...')).toBeInTheDocument();
    expect(screen.queryByText(/error/i)).toBeNull();
  });

  it('ends with a call to sign up and to browse the products', async () => {
    api.on('listProducts', () => never());
    renderApp('/');

    const cta = await screen.findByRole('region', { name: 'Ready to get started?' });
    expect(within(cta).getByRole('link', { name: 'Sign Up Free' })).toHaveAttribute('href', '/register');
    expect(within(cta).getByRole('link', { name: 'Explore Products' })).toHaveAttribute('href', '/products');
  });
});
