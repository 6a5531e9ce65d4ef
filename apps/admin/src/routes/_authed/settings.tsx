import { createFileRoute } from '@tanstack/react-router';
import { adminSettingsQueryOptions } from '../../features/settings/queries.ts';
import { SettingsPage } from '../../features/settings/settings-page.tsx';

export const Route = createFileRoute('/_authed/settings')({
  // Starts the request while the page's code loads; the page shows its placeholders until it answers.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(adminSettingsQueryOptions());
  },
  component: SettingsPage,
});
