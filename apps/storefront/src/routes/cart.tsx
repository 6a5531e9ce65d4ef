import { createFileRoute } from '@tanstack/react-router';
import { CartPage } from '../features/cart/cart-page.tsx';
import { privatePage } from '../features/seo/route-heads.ts';

export const Route = createFileRoute('/cart')({
  ...privatePage('Cart'),
  component: CartPage,
});
