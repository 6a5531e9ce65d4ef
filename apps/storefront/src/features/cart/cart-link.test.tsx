import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../test/render.tsx';
import { CartLink } from './cart-link.tsx';

describe('CartLink', () => {
  it('is an icon link to the cart with an accessible name and no badge when the cart is empty', async () => {
    await renderWithRouter(<CartLink count={0} />);

    expect(screen.getByRole('link', { name: 'Cart' }).getAttribute('href')).toBe('/cart');
    expect(screen.queryByTestId('cart-count')).toBeNull();
  });

  it('shows the count badge and says the count when the cart has items', async () => {
    await renderWithRouter(<CartLink count={3} />);

    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeTruthy();
    expect(screen.getByTestId('cart-count').textContent).toBe('3');
  });

  it('caps the badge at 99+', async () => {
    await renderWithRouter(<CartLink count={120} />);

    expect(screen.getByTestId('cart-count').textContent).toBe('99+');
  });
});
