import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '../../features/orders/account-page.tsx';
import { validateAccountSearch } from '../../features/orders/account-search.ts';

export const Route = createFileRoute('/_authenticated/account')({
  validateSearch: validateAccountSearch,
  component: AccountPage,
});
