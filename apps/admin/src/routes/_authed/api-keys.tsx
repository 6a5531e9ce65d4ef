import { createFileRoute } from '@tanstack/react-router';
import { adminApiKeysQueryOptions } from '../../features/api-keys/queries.ts';
import { ApiKeysPage } from '../../features/api-keys/api-keys-page.tsx';

export const Route = createFileRoute('/_authed/api-keys')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(adminApiKeysQueryOptions());
  },
  component: ApiKeysPage,
});
