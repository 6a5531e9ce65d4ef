import { createFileRoute } from '@tanstack/react-router';
import { validateUsersSearch } from '../../features/users/search.ts';
import { UsersPage } from '../../features/users/users-page.tsx';

export const Route = createFileRoute('/_authed/users')({
  validateSearch: validateUsersSearch,
  component: UsersPage,
});
