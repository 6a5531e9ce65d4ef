import { PagePending } from '@store/ui';
import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { currentUser } from '../features/session/session-store.ts';

/**
 * Pages for signed-in shoppers (/checkout, /account). The guard waits for the session check of start-up,
 * showing a loading indicator meanwhile (spec section 4), then sends a guest to /login and back after.
 */
export const Route = createFileRoute('/_authenticated')({
  // Signed-in pages render in the browser alone: the session lives there (docs/decisions/044-server-rendering.md).
  ssr: false,
  beforeLoad: async ({ location }) => {
    const user = await currentUser();
    if (!user) throw redirect({ to: '/login', search: { redirect: location.href } });
    return { user };
  },
  pendingMs: 0,
  pendingComponent: () => <PagePending label="Checking your session…" />,
  component: Outlet,
});
