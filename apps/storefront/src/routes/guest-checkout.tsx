import { createFileRoute } from '@tanstack/react-router';
import { GuestCheckoutPage } from '../features/checkout/guest-checkout-page.tsx';
import { privatePage } from '../features/seo/route-heads.ts';

export const Route = createFileRoute('/guest-checkout')({
  ...privatePage('Checkout'),
  component: GuestCheckoutPage,
});
