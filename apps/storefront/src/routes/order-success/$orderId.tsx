import { createFileRoute } from '@tanstack/react-router';
import { OrderSuccessPage } from '../../features/orders/order-success-page.tsx';
import { privatePage } from '../../features/seo/route-heads.ts';

/** The guest order page; the receipt mail links here with the order's access token as `?token=`. */
export const Route = createFileRoute('/order-success/$orderId')({
  ...privatePage('Order Placed'),
  component: function OrderSuccessRoute() {
    const { orderId } = Route.useParams();
    return <OrderSuccessPage orderId={orderId} />;
  },
});
