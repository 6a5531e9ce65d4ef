import { createFileRoute } from '@tanstack/react-router';
import { GuestCheckoutPage } from '../features/checkout/guest-checkout-page.tsx';
import { privatePageHead } from '../features/seo/route-heads.ts';

export const Route = createFileRoute('/guest-checkout')({
  ssr: false,
  head: privatePageHead('Checkout'),
  component: GuestCheckoutPage,
});
