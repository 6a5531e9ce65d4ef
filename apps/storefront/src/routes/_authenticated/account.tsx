import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '../../features/orders/account-page.tsx';
import { validateAccountSearch } from '../../features/orders/account-search.ts';
import { privatePage } from '../../features/seo/route-heads.ts';

export const Route = createFileRoute('/_authenticated/account')({
  ...privatePage('My Account'),
  validateSearch: validateAccountSearch,
  component: AccountPage,
});
