import { createFileRoute } from '@tanstack/react-router';
import { PaymentDonePage } from '../features/orders/payment-done-page.tsx';
import { privatePage } from '../features/seo/route-heads.ts';

/** Reached after a payment with its data in the navigation state (`navigate({ to, state: { payment } })`). */
export const Route = createFileRoute('/payment-success')({
  ...privatePage('Payment'),
  component: PaymentDonePage,
});
