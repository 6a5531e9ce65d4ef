import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionDetailsPage } from '../../../features/subscriptions/subscription-details-page.tsx';

export const Route = createFileRoute('/_authed/subscriptions/$id')({
  component: SubscriptionDetailsPage,
});
