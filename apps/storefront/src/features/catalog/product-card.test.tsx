import { aProduct } from '@store/api-fake';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppToaster } from '@store/ui';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../test/render.tsx';
import { cartStore } from '../cart/cart-store.ts';
import { ProductCard } from './product-card.tsx';


function imageOfCard(card: HTMLElement) {
  return card.querySelector('img');
}

describe('the product card', () => {
  afterEach(() => cartStore.getState().clear());

  it('shows the first of the images, else the single image, else a placeholder', async () => {
    await renderWithRouter(
      <>
        <ProductCard
          product={aProduct({ title: 'Many', images: ['/uploads/first.jpg', '/uploads/second.jpg'], image: '/uploads/single.jpg' })}
        />
        <ProductCard product={aProduct({ title: 'Single', images: [], image: '/uploads/single.jpg' })} />
        <ProductCard product={aProduct({ title: 'None', images: [], image: null })} />
      </>,
    );
    const [many, single, none] = screen.getAllByTestId('product-card') as [HTMLElement, HTMLElement, HTMLElement];

    expect(imageOfCard(many)?.getAttribute('src')).toBe(`/uploads/first.jpg`);
    expect(imageOfCard(single)?.getAttribute('src')).toBe(`/uploads/single.jpg`);
    expect(imageOfCard(none)).toBeNull();
    expect(within(none).getByTestId('image-placeholder')).toBeInTheDocument();
  });

  it('reserves the image box with explicit dimensions and loads lazily unless told it is above the fold', async () => {
    await renderWithRouter(
      <>
        <ProductCard product={aProduct({ title: 'Lazy' })} />
        <ProductCard product={aProduct({ title: 'Eager' })} eager />
      </>,
    );
    const lazy = screen.getByRole('img', { name: 'Lazy' });
    expect(lazy).toHaveAttribute('width', '800');
    expect(lazy).toHaveAttribute('height', '600');
    expect(lazy).toHaveAttribute('loading', 'lazy');
    expect(lazy).toHaveAttribute('decoding', 'async');
    expect(screen.getByRole('img', { name: 'Eager' })).toHaveAttribute('loading', 'eager');
  });

  it('keeps a data URL as it is', async () => {
    const dataUrl = 'data:image/png;base64,iVBORw0KGgo=';
    await renderWithRouter(<ProductCard product={aProduct({ title: 'Inline', images: [dataUrl] })} />);

    expect(screen.getByRole('img', { name: 'Inline' })).toHaveAttribute('src', dataUrl);
  });

  it('shows the category and product type labels, the title linking to the detail and a named view link', async () => {
    const product = aProduct({ title: 'Aurora AI Writer', category: 'ai_tools', product_type: 'subscription' });
    await renderWithRouter(<ProductCard product={product} />);

    const card = screen.getByRole('article', { name: 'Aurora AI Writer' });
    expect(within(card).getByText('AI Tools')).toBeInTheDocument();
    expect(within(card).getByText('Subscription')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Aurora AI Writer' })).toHaveAttribute('href', `/products/${product.id}`);
    expect(within(card).getByRole('link', { name: 'View Aurora AI Writer' })).toHaveAttribute('href', `/products/${product.id}`);
    expect(within(card).getByRole('heading', { level: 3, name: 'Aurora AI Writer' })).toBeInTheDocument();
  });

  it('shows the first two features and how many more there are', async () => {
    await renderWithRouter(
      <>
        <ProductCard product={aProduct({ title: 'Five', features: ['One', 'Two', 'Three', 'Four', 'Five'] })} />
        <ProductCard product={aProduct({ title: 'Two', features: ['Alpha', 'Beta'] })} />
      </>,
    );

    const five = within(screen.getByRole('article', { name: 'Five' }));
    expect(five.getByText('One')).toBeInTheDocument();
    expect(five.getByText('Two')).toBeInTheDocument();
    expect(five.queryByText('Three')).toBeNull();
    expect(five.getByText('+3 more')).toBeInTheDocument();

    const two = within(screen.getByRole('article', { name: 'Two' }));
    expect(two.getByText('Beta')).toBeInTheDocument();
    expect(two.queryByText(/more$/)).toBeNull();
  });

  it('says "No reviews yet" without stars for a product without reviews, and the real figures otherwise', async () => {
    await renderWithRouter(
      <>
        <ProductCard product={aProduct({ title: 'Unrated', rating: null, reviews_count: 0 })} />
        <ProductCard product={aProduct({ title: 'Rated', rating: 3.9, reviews_count: 1284 })} />
        <ProductCard product={aProduct({ title: 'Once', rating: 5, reviews_count: 1 })} />
      </>,
    );

    const unrated = within(screen.getByRole('article', { name: 'Unrated' }));
    expect(unrated.getByText('No reviews yet')).toBeInTheDocument();
    expect(unrated.queryByRole('img', { name: /^Rated/ })).toBeNull();
    expect(unrated.queryByText(/reviews?\)/)).toBeNull();
    const rated = within(screen.getByRole('article', { name: 'Rated' }));
    expect(rated.getByRole('img', { name: 'Rated 3.9 out of 5' })).toBeInTheDocument();
    expect(rated.getByText('3.9')).toBeInTheDocument();
    expect(rated.getByText('(1,284 reviews)')).toBeInTheDocument();
    expect(rated.queryByText('No reviews yet')).toBeNull();
    const once = within(screen.getByRole('article', { name: 'Once' }));
    expect(once.getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    expect(once.getByText('5.0')).toBeInTheDocument();
    expect(once.getByText('(1 review)')).toBeInTheDocument();
  });

  it('shows whole-dollar prices without decimals and keeps cents', async () => {
    await renderWithRouter(
      <>
        <ProductCard product={aProduct({ title: 'Whole', price: 149 })} />
        <ProductCard product={aProduct({ title: 'Cents', price: 19.99 })} />
      </>,
    );

    expect(within(screen.getByRole('article', { name: 'Whole' })).getByText('$149')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Cents' })).getByText('$19.99')).toBeInTheDocument();
  });

  it('adds one to the cart from either button and says so in a toast', async () => {
    const user = userEvent.setup();
    const product = aProduct({ title: 'Aurora AI Writer', price: 19.99 });
    await renderWithRouter(
      <>
        <ProductCard product={product} />
        <AppToaster />
      </>,
    );

    await user.click(screen.getByRole('button', { name: 'Add Aurora AI Writer to cart' }));
    expect(await screen.findByText('Aurora AI Writer added to cart!')).toBeInTheDocument();
    expect(cartStore.getState().items).toEqual([expect.objectContaining({ id: product.id, quantity: 1, price: 19.99 })]);

    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(cartStore.getState().items).toEqual([expect.objectContaining({ id: product.id, quantity: 2 })]);
  });

  it('cannot add a sold-out product', async () => {
    await renderWithRouter(<ProductCard product={aProduct({ title: 'Gone', stock_quantity: 0 })} />);

    expect(screen.getByRole('button', { name: 'Out of stock' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add Gone to cart' })).toBeDisabled();
  });
});
