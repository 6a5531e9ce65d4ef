import { aProduct, aProductList } from '@store/api-fake';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { WHOLE_APP_TIMEOUT_MS, setupShopApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';
import { cartStore } from '../cart/cart-store.ts';
import { paragraphsOf } from './product-detail.tsx';
import { requirementIconKind } from './system-requirements.tsx';

const api = setupShopApi();


const product = aProduct({
  title: 'Synapta Local AI Toolkit',
  description: 'Run open models on your own machine.',
  detailed_description: 'First paragraph.\nWith a second line.\n\nSecond paragraph <b>not bold</b>.',
  price: 149,
  category: 'ai_tools',
  product_type: 'package',
  images: ['/uploads/one.jpg', '/uploads/two.jpg', '/uploads/three.jpg'],
  features: ['Offline inference', 'Model manager', 'GPU acceleration'],
  system_requirements: { OS: 'Windows 11', ram: '16 GB', STORAGE: '20 GB', GPU: 'Optional' },
  stock_quantity: 5,
  rating: 4.7,
  reviews_count: 12,
});

function stubProduct(answer = product) {
  api.on('getProduct', ({ params }) => (params.id === answer.id ? answer : api.error(404, 'Product not found', 'product_not_found')));
  api.on('listProducts', aProductList([answer]));
}

describe('the product detail page', { timeout: WHOLE_APP_TIMEOUT_MS }, () => {
  afterEach(() => cartStore.getState().clear());

  it("shows the badges, title, the rating and review count from buyers' reviews, price, description, features and notes", async () => {
    stubProduct();
    renderApp(`/products/${product.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Synapta Local AI Toolkit' })).toBeInTheDocument();
    expect(screen.getByText('AI Tools')).toBeInTheDocument();
    expect(screen.getByText('Package')).toBeInTheDocument();
    expect(screen.getByText('4.7')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '(12 reviews)' })).toHaveAttribute('href', '#reviews');
    expect(screen.getAllByRole('img', { name: 'Rated 4.7 out of 5' }).length).toBeGreaterThan(0);
    expect(screen.queryByText('No reviews yet')).toBeNull();
    expect(screen.getByText('$149')).toBeInTheDocument();

    const description = screen.getByRole('region', { name: 'Description' });
    const paragraphs = within(description).getAllByText(/paragraph/);
    expect(paragraphs.map((paragraph) => paragraph.textContent)).toEqual([
      'First paragraph.\nWith a second line.',
      'Second paragraph <b>not bold</b>.',
    ]);
    expect(description.querySelector('b')).toBeNull();

    const features = screen.getByRole('region', { name: 'Key features' });
    expect(
      within(features)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(product.features);

    for (const note of ['Instant download after payment', '30-day warranty', 'Free support']) {
      expect(screen.getByText(note)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Back to products' })).toHaveAttribute('href', '/products');
  });

  it('says "No reviews yet" and shows no stars for a product without reviews, in place of the spec\'s fixed 4.0 (250+ users)', async () => {
    const unreviewed = aProduct({ title: 'Fresh Release', rating: null, reviews_count: 0 });
    stubProduct(unreviewed);
    renderApp(`/products/${unreviewed.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Fresh Release' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'No reviews yet' })).toHaveAttribute('href', '#reviews');
    expect(within(screen.getByRole('region', { name: 'Reviews' })).getByText('No reviews yet')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^Rated/ })).toBeNull();
    expect(screen.queryByText(/250\+|4\.0|reviews?\)/)).toBeNull();
  });

  it('lists the system requirements with icons for OS, RAM and Storage in any case', async () => {
    stubProduct();
    renderApp(`/products/${product.id}`);

    const requirements = await screen.findByRole('region', { name: 'System requirements' });
    const terms = within(requirements).getAllByRole('term');
    expect(terms.map((term) => [term.textContent, term.querySelector('svg')?.dataset.icon])).toEqual([
      ['OS', 'os'],
      ['ram', 'ram'],
      ['STORAGE', 'storage'],
      ['GPU', 'other'],
    ]);
    expect(
      within(requirements)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['Windows 11', '16 GB', '20 GB', 'Optional']);
  });

  it('shows the main image and switches it with the named thumbnails', async () => {
    const user = userEvent.setup();
    stubProduct();
    renderApp(`/products/${product.id}`);

    const main = await screen.findByRole('img', { name: 'Synapta Local AI Toolkit, image 1 of 3' });
    expect(main).toHaveAttribute('src', `/uploads/one.jpg`);
    expect(main).toHaveAttribute('width', '800');
    expect(screen.getByRole('button', { name: 'Show image 1 of 3' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Show image 3 of 3' }));
    expect(screen.getByRole('img', { name: 'Synapta Local AI Toolkit, image 3 of 3' })).toHaveAttribute(
      'src',
      `/uploads/three.jpg`,
    );
    expect(screen.getByRole('button', { name: 'Show image 3 of 3' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('falls back to the single image, then to a placeholder, without thumbnails', async () => {
    const single = aProduct({ title: 'Single', images: [], image: '/uploads/only.jpg' });
    stubProduct(single);
    const { unmount } = renderApp(`/products/${single.id}`);
    expect(await screen.findByRole('img', { name: 'Single' })).toHaveAttribute('src', `/uploads/only.jpg`);
    expect(screen.queryByRole('button', { name: /Show image/ })).toBeNull();
    unmount();

    const none = aProduct({ title: 'Bare', images: [], image: null });
    stubProduct(none);
    renderApp(`/products/${none.id}`);
    expect(await screen.findByRole('img', { name: 'Bare (no image)' })).toBeInTheDocument();
  });

  it('adds the product to the cart with a toast', async () => {
    const user = userEvent.setup();
    stubProduct();
    renderApp(`/products/${product.id}`);

    await user.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Synapta Local AI Toolkit added to cart!')).toBeInTheDocument();
    expect(cartStore.getState().items).toEqual([expect.objectContaining({ id: product.id, quantity: 1 })]);
  });

  it("disables the button with 'Out of stock' when none is left", async () => {
    const soldOut = aProduct({ title: 'Sold Out Thing', stock_quantity: 0 });
    stubProduct(soldOut);
    renderApp(`/products/${soldOut.id}`);

    expect(await screen.findByRole('button', { name: 'Out of stock' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
  });

  it('shows "Product not found" with a link back to the products for an unknown id', async () => {
    api.on('getProduct', api.error(404, 'Product not found', 'product_not_found'));
    renderApp('/products/00000000-0000-4000-8000-999999999999');

    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to products' })).toHaveAttribute('href', '/products');
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('shows the not-found page for an id that is not an id, without asking the API', async () => {
    api.on('getProduct', api.error(400, 'Invalid id', 'validation_error'));
    renderApp('/products/not-a-uuid');

    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
    expect(api.calls('getProduct')).toEqual([]);
  });

  it("toasts 'Error loading product' and goes to the products for any other failure", async () => {
    api.on('listProducts', aProductList([aProduct({ title: 'Listed' })]));
    api.on('getProduct', api.error(403, 'Forbidden', 'forbidden'));
    const { router } = renderApp(`/products/${product.id}`);

    expect(await screen.findByText('Error loading product')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    expect(await screen.findByRole('heading', { name: 'Listed' })).toBeInTheDocument();
  });
});

describe('detail helpers', () => {
  it('gives OS, RAM and Storage their icons whatever the case, and others the generic one', () => {
    expect(['OS', 'os', ' Ram ', 'RAM', 'Storage', 'storage', 'GPU', 'Internet'].map(requirementIconKind)).toEqual([
      'os',
      'os',
      'ram',
      'ram',
      'storage',
      'storage',
      'other',
      'other',
    ]);
  });

  it('splits the detailed description into paragraphs at blank lines', () => {
    expect(paragraphsOf('One.\n\nTwo,\nstill two.\r\n\r\n\n Three. ')).toEqual(['One.', 'Two,\nstill two.', 'Three.']);
    expect(paragraphsOf('')).toEqual([]);
  });
});
