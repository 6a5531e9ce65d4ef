import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '../../features/orders/account-page.tsx';
import { validateAccountSearch } from '../../features/orders/account-search.ts';
import { privatePageHead } from '../../features/seo/route-heads.ts';

export const Route = createFileRoute('/_authenticated/account')({
  ssr: false,
  head: privatePageHead('My Account'),
  validateSearch: validateAccountSearch,
  component: AccountPage,
});
