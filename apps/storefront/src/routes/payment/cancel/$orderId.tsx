import { createFileRoute } from '@tanstack/react-router';
import { PaymentCancelPage } from '../../../features/orders/payment-cancel-page.tsx';

/** PayPal's cancel address: the buyer left the approval page without paying. */
export const Route = createFileRoute('/payment/cancel/$orderId')({
  component: function PaymentCancelRoute() {
    const { orderId } = Route.useParams();
    return <PaymentCancelPage orderId={orderId} />;
  },
});
