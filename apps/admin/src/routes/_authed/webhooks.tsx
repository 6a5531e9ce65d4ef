import { createFileRoute } from '@tanstack/react-router';
import { adminWebhooksQueryOptions } from '../../features/webhooks/queries.ts';
import { WebhooksPage } from '../../features/webhooks/webhooks-page.tsx';

export const Route = createFileRoute('/_authed/webhooks')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(adminWebhooksQueryOptions());
  },
  component: WebhooksPage,
});
