import type { WebhookDelivery, WebhookEndpoint } from '@store/contracts';
import { withDetail } from '@store/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { api } from '../../lib/api.ts';
import { endpointName } from './webhook-labels.tsx';
import { ADMIN_WEBHOOKS_KEY } from './queries.ts';

/** What the receiver did with a delivery, in words: its HTTP status, or why there was none. */
export function deliveryOutcome(delivery: Pick<WebhookDelivery, 'last_status_code' | 'last_error'>): string {
  if (delivery.last_error) return delivery.last_error;
  return delivery.last_status_code === null ? 'no answer' : `HTTP ${delivery.last_status_code}`;
}

/** Says how a delivery sent at staff's request went: delivered with the receiver's status, or why it failed. */
export function toastDelivery(what: string, delivery: WebhookDelivery) {
  if (delivery.status === 'delivered') {
    toast.success(`${what} delivered: the endpoint answered ${delivery.last_status_code ?? 'with no status'}`);
  } else {
    toast.error(`${what} failed: ${deliveryOutcome(delivery)}`);
  }
}

/**
 * Send test: the store sends a `webhook.test` event to the endpoint now and answers its delivery. The toast
 * tells the outcome; the endpoint's deliveries and the list (pending, last delivery) are fetched again.
 */
export function useSendTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpoint: WebhookEndpoint) => api.adminTestWebhook({ params: { id: endpoint.id } }),
    onSuccess: (delivery) => toastDelivery('Test event', delivery),
    onError: (failure, endpoint) => toast.error(withDetail(`The test event could not be sent to ${endpointName(endpoint)}`, failure)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_WEBHOOKS_KEY }),
  });
}
