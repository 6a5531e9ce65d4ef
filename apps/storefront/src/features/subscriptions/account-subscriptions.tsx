import { Button, Notice, Skeleton } from '@store/ui';
import { useQuery } from '@tanstack/react-query';
import * as styles from '../orders/orders.css.ts';
import { mySubscriptionsQueryOptions } from './queries.ts';
import { SubscriptionCard } from './subscription-card.tsx';

/** /account's Subscriptions: shown once the shopper has one (or when the list could not be loaded). */
export function AccountSubscriptions() {
  const subscriptions = useQuery(mySubscriptionsQueryOptions());
  if (subscriptions.data?.subscriptions.length === 0) return null;

  return (
    <section aria-labelledby="subscriptions-title" className={styles.stack}>
      <h2 id="subscriptions-title" className={styles.cardTitle}>
        My Subscriptions
      </h2>
      {subscriptions.isPending && <Skeleton width="100%" height="6rem" />}
      {subscriptions.isError && (
        <Notice tone="danger" live="none" title="Your subscriptions could not be loaded.">
          <p>
            <Button variant="secondary" size="sm" loading={subscriptions.isFetching} onClick={() => void subscriptions.refetch()}>
              Try again
            </Button>
          </p>
        </Notice>
      )}
      {subscriptions.data && (
        <ul className={styles.orderList} aria-busy={subscriptions.isFetching || undefined}>
          {subscriptions.data.subscriptions.map((subscription) => (
            <li key={subscription.id}>
              <SubscriptionCard subscription={subscription} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
