import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../test/render.tsx';
import { listOf, makeProduct, never, productListCalls, stubApi } from '../catalog/testing.ts';

// The whole app renders here; the first render compiles it, which can take seconds on a busy machine.
const APP_TEST_TIMEOUT = 20_000;
configure({ asyncUtilTimeout: 5_000 });

describe('the home page', { timeout: APP_TEST_TIMEOUT }, () => {
  it('shows the hero at once and nine skeleton cards while the featured products load', async () => {
    stubApi((url) => (url.pathname === '/api/products' ? never<Response>() : undefined));
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    const skeletons = await screen.findByTestId('featured-skeletons');
    expect(within(skeletons).getAllByTestId('product-card-skeleton')).toHaveLength(9);
  });

  it('shows the three feature cards and the fixed figures', async () => {
    stubApi((url) => (url.pathname === '/api/products' ? never<Response>() : undefined));
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
    const fetchMock = stubApi((url) =>
      url.pathname === '/api/products'
        ? jsonResponse(
            listOf(
              Array.from({ length: 9 }, (_, index) => makeProduct({ title: `Featured ${index + 1}` })),
              14,
            ),
          )
        : undefined,
    );
    renderApp('/');

    const featured = await screen.findByRole('region', { name: 'Featured Products' });
    expect(await within(featured).findAllByTestId('product-card')).toHaveLength(9);
    expect(Object.fromEntries(productListCalls(fetchMock)[0]!.searchParams)).toEqual({ limit: '9', sort: 'newest' });
    expect(within(featured).getByRole('link', { name: /View all products/ })).toHaveAttribute('href', '/products');
  });

  it("says 'Products loading...' when there are none, and quietly on a failure", async () => {
    stubApi((url) => (url.pathname === '/api/products' ? jsonResponse(listOf([], 0)) : undefined));
    const { unmount } = renderApp('/');
    expect(await screen.findByText('Products loading...')).toBeInTheDocument();
    unmount();

    stubApi((url) => (url.pathname === '/api/products' ? jsonResponse({ detail: 'Bad request', code: 'bad_request' }, 400) : undefined));
    renderApp('/');
    expect(await screen.findByText('Products loading...')).toBeInTheDocument();
    expect(screen.queryByText(/error/i)).toBeNull();
  });

  it('ends with a call to sign up and to browse the products', async () => {
    stubApi((url) => (url.pathname === '/api/products' ? never<Response>() : undefined));
    renderApp('/');

    const cta = await screen.findByRole('region', { name: 'Ready to get started?' });
    expect(within(cta).getByRole('link', { name: 'Sign Up Free' })).toHaveAttribute('href', '/register');
    expect(within(cta).getByRole('link', { name: 'Explore Products' })).toHaveAttribute('href', '/products');
  });
});
