import { createFileRoute } from '@tanstack/react-router';
import { CheckoutPage } from '../../features/checkout/checkout-page.tsx';
import { privatePage } from '../../features/seo/route-heads.ts';

export const Route = createFileRoute('/_authenticated/checkout')({
  ...privatePage('Checkout'),
  component: CheckoutPage,
});
