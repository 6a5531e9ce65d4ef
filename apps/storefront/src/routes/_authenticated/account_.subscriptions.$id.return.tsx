import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionReturnPage } from '../../features/subscriptions/subscription-return-page.tsx';

/** PayPal's return address for a subscription the shopper approved (its `subscription_id` parameter is PayPal's; ours is in the path). */
export const Route = createFileRoute('/_authenticated/account_/subscriptions/$id/return')({
  component: function SubscriptionReturnRoute() {
    const { id } = Route.useParams();
    return <SubscriptionReturnPage subscriptionId={id} />;
  },
});
