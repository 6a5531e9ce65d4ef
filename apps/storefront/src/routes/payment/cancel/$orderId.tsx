import { createFileRoute } from '@tanstack/react-router';
import { PaymentCancelPage } from '../../../features/orders/payment-cancel-page.tsx';
import { privatePage } from '../../../features/seo/route-heads.ts';

/** PayPal's cancel address: the buyer left the approval page without paying. */
export const Route = createFileRoute('/payment/cancel/$orderId')({
  ...privatePage('Payment Cancelled'),
  component: function PaymentCancelRoute() {
    const { orderId } = Route.useParams();
    return <PaymentCancelPage orderId={orderId} />;
  },
});
