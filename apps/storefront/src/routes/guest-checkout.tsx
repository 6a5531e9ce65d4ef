import { createFileRoute } from '@tanstack/react-router';
import { GuestCheckoutPage } from '../features/checkout/guest-checkout-page.tsx';

export const Route = createFileRoute('/guest-checkout')({
  component: GuestCheckoutPage,
});
