import { createFileRoute } from '@tanstack/react-router';
import { twoFactorStatusQueryOptions } from '../../features/security/queries.ts';
import { SecurityPage } from '../../features/security/security-page.tsx';

export const Route = createFileRoute('/_authed/security')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(twoFactorStatusQueryOptions());
  },
  component: SecurityPage,
});
