import { createFileRoute } from '@tanstack/react-router';
import { PaymentSuccessPage } from '../../../features/orders/payment-success-page.tsx';
import { privatePage } from '../../../features/seo/route-heads.ts';

/** PayPal's return address: `?token=<PayPal order id>&PayerID=...` after the buyer approved. */
export const Route = createFileRoute('/payment/success/$orderId')({
  ...privatePage('Payment'),
  component: function PaymentSuccessRoute() {
    const { orderId } = Route.useParams();
    return <PaymentSuccessPage orderId={orderId} />;
  },
});
