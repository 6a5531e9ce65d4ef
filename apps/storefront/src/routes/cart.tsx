import { createFileRoute } from '@tanstack/react-router';
import { CartPage } from '../features/cart/cart-page.tsx';
import { privatePageHead } from '../features/seo/route-heads.ts';

export const Route = createFileRoute('/cart')({
  ssr: false,
  head: privatePageHead('Cart'),
  component: CartPage,
});
