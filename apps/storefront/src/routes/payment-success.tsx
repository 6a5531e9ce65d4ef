import { createFileRoute } from '@tanstack/react-router';
import { PaymentDonePage } from '../features/orders/payment-done-page.tsx';

/** Reached after a payment with its data in the navigation state (`navigate({ to, state: { payment } })`). */
export const Route = createFileRoute('/payment-success')({
  component: PaymentDonePage,
});
