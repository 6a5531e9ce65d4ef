import { createFileRoute } from '@tanstack/react-router';
import { OrdersPage } from '../../features/orders/orders-page.tsx';
import { validateOrdersSearch } from '../../features/orders/search.ts';

export const Route = createFileRoute('/_authed/orders')({
  validateSearch: validateOrdersSearch,
  component: OrdersPage,
});
