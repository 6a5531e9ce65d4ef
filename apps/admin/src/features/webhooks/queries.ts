import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** Every admin query about webhooks: invalidated together after an endpoint or a delivery changes. */
export const ADMIN_WEBHOOKS_KEY = ['admin', 'webhooks'] as const;

/** Every endpoint, with its events, state and pending deliveries (never its secret). */
export function adminWebhooksQueryOptions() {
  return queryOptions({
    queryKey: [...ADMIN_WEBHOOKS_KEY, 'list'],
    queryFn: ({ signal }) => api.adminListWebhooks(undefined, { signal }),
  });
}

/** An endpoint's last deliveries, newest first. */
export function adminWebhookDeliveriesQueryOptions(endpointId: string) {
  return queryOptions({
    queryKey: [...ADMIN_WEBHOOKS_KEY, 'deliveries', endpointId],
    queryFn: ({ signal }) => api.adminListWebhookDeliveries({ params: { id: endpointId } }, { signal }),
  });
}
