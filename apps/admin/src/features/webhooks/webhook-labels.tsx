import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES, labelOf, type WebhookDelivery, type WebhookEndpoint } from '@store/contracts';
import { Badge } from '@store/ui';
import { ADMIN_LOCALE, formatAdminDate } from '../site/format.ts';
import * as styles from './webhooks.css.ts';

/** An endpoint as a sentence names it: its description, or its address when it has none. */
export const endpointName = (endpoint: Pick<WebhookEndpoint, 'url' | 'description'>) => endpoint.description || endpoint.url;

/** An event in words, as the contract names it ('An order is paid'); the test event has none there. */
export const eventLabel = (event: string) => (event === 'webhook.test' ? 'A test sent by staff' : labelOf(WEBHOOK_EVENT_TYPES, event));

/** On, Off (staff turned it off), or Turned off with the store's reason (it kept failing). */
export function WebhookStateBadge({ endpoint }: { endpoint: Pick<WebhookEndpoint, 'enabled' | 'disabled_reason'> }) {
  if (endpoint.enabled) return <Badge tone="green">On</Badge>;
  if (endpoint.disabled_reason) {
    const text = `Turned off: ${endpoint.disabled_reason}`;
    return (
      <Badge tone="red" title={text}>
        {text}
      </Badge>
    );
  }
  return (
    <Badge tone="gray" title="Turned off by staff">
      Off
    </Badge>
  );
}

/** Where a delivery stands, in its tone. */
export function DeliveryStatusBadge({ status }: { status: WebhookDelivery['status'] }) {
  const entry = WEBHOOK_DELIVERY_STATUSES.find((candidate) => candidate.value === status);
  return <Badge tone={entry?.tone ?? 'gray'}>{entry?.label ?? status}</Badge>;
}

const DAY = new Intl.DateTimeFormat(ADMIN_LOCALE, { day: 'numeric', month: 'short', year: 'numeric' });
const TIME = new Intl.DateTimeFormat(ADMIN_LOCALE, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** A time as the admin writes it in a narrow column: the day over the hour (seconds: deliveries come fast). */
export function When({ at, none }: { at: string | null; none: string }) {
  if (!at) return <>{none}</>;
  const date = new Date(at);
  return (
    <time dateTime={at} title={formatAdminDate(at)}>
      <span className={styles.day}>{DAY.format(date)}</span> <span className={styles.day}>{TIME.format(date)}</span>
    </time>
  );
}
