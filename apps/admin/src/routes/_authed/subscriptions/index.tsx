import { createFileRoute } from '@tanstack/react-router';
import { validateSubscriptionsSearch } from '../../../features/subscriptions/search.ts';
import { SubscriptionsPage } from '../../../features/subscriptions/subscriptions-page.tsx';

export const Route = createFileRoute('/_authed/subscriptions/')({
  validateSearch: validateSubscriptionsSearch,
  component: SubscriptionsPage,
});
