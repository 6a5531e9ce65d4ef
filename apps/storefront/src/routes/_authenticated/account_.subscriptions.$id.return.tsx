import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionReturnPage } from '../../features/subscriptions/subscription-return-page.tsx';
import { privatePage } from '../../features/seo/route-heads.ts';

/** PayPal's return address for a subscription the shopper approved (its `subscription_id` parameter is PayPal's; ours is in the path). */
export const Route = createFileRoute('/_authenticated/account_/subscriptions/$id/return')({
  ...privatePage('Subscription'),
  component: function SubscriptionReturnRoute() {
    const { id } = Route.useParams();
    return <SubscriptionReturnPage subscriptionId={id} />;
  },
});
