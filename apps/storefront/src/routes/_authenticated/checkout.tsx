import { createFileRoute } from '@tanstack/react-router';
import { CheckoutPage } from '../../features/checkout/checkout-page.tsx';
import { privatePageHead } from '../../features/seo/route-heads.ts';

export const Route = createFileRoute('/_authenticated/checkout')({
  ssr: false,
  head: privatePageHead('Checkout'),
  component: CheckoutPage,
});
