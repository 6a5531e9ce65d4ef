import { createFileRoute } from '@tanstack/react-router';
import { adminSystemStatusQueryOptions } from '../../features/system/queries.ts';
import { SystemPage } from '../../features/system/system-page.tsx';

// `settings_`: /settings/system is a screen of its own beside the settings form, not drawn inside it.
export const Route = createFileRoute('/_authed/settings_/system')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(adminSystemStatusQueryOptions());
  },
  component: SystemPage,
});
