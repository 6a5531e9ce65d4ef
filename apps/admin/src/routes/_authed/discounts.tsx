import { createFileRoute } from '@tanstack/react-router';
import { DiscountsPage } from '../../features/discounts/discounts-page.tsx';

export const Route = createFileRoute('/_authed/discounts')({
  component: DiscountsPage,
});
