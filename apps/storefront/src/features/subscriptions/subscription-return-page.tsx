import type { Subscription } from '@store/contracts';
import { AlertIcon, Button, CheckIcon, ClockIcon, Container, PagePending, buttonClassName, withDetail } from '@store/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { api } from '../../lib/api.ts';
import { cartStore } from '../cart/cart-store.ts';
import { OrderHero } from '../orders/order-hero.tsx';
import * as styles from '../orders/orders.css.ts';
import { subscriptionKeys } from './queries.ts';
import { periodText } from './subscription-card.tsx';
import { SubscriptionGoods } from './subscription-goods.tsx';
import { SubscriptionPrice } from './subscription-price.tsx';

/** While PayPal has not told the store of the approval, the page asks again this often, this many times. */
export const CONFIRM_POLL_MS = 3000;
export const CONFIRM_POLL_ATTEMPTS = 10;

/** Statuses in which the subscription has started and gives its key and files. */
function hasStarted(subscription: Subscription): boolean {
  return subscription.status === 'active' || subscription.status === 'past_due';
}

/**
 * PayPal's return page (/account/subscriptions/{id}/return?subscription_id=...): asks the store to confirm the
 * subscription with PayPal (the store activates it once, whether this or PayPal's webhook comes first) and
 * shows the result: active with its key, still waiting for PayPal (asked again a few times, then on request),
 * or why it did not start. Once active, the product leaves the cart if it was there.
 */
export function SubscriptionReturnPage({ subscriptionId }: { subscriptionId: string }) {
  const queryClient = useQueryClient();
  const confirm = useQuery({
    queryKey: [...subscriptionKeys.all, 'confirm', subscriptionId],
    queryFn: () => api.confirmSubscription({ params: { id: subscriptionId } }),
    staleTime: 0,
    refetchOnWindowFocus: false,
    refetchInterval: (query) =>
      query.state.data?.status === 'approval_pending' && query.state.dataUpdateCount < CONFIRM_POLL_ATTEMPTS ? CONFIRM_POLL_MS : false,
  });
  const startedProduct = confirm.data && hasStarted(confirm.data) ? confirm.data.product_id : null;

  useEffect(() => {
    if (!startedProduct) return;
    cartStore.getState().remove(startedProduct);
    void queryClient.invalidateQueries({ queryKey: subscriptionKeys.mine() });
  }, [startedProduct, queryClient]);

  if (confirm.isPending) return <PagePending label="Confirming your subscription with PayPal…" />;

  if (confirm.isError) {
    return (
      <Container className={styles.page}>
        <OrderHero icon={<AlertIcon size={32} />} tone="danger" title="We could not confirm your subscription">
          <p>{withDetail('PayPal did not confirm it', confirm.error)}</p>
        </OrderHero>
        <div className={styles.actions}>
          <Button loading={confirm.isFetching} onClick={() => void confirm.refetch()}>
            Try again
          </Button>
          <Link to="/account" className={buttonClassName({ variant: 'secondary' })}>
            My Account
          </Link>
        </div>
      </Container>
    );
  }

  const subscription = confirm.data;
  if (subscription.status === 'approval_pending') {
    return (
      <Container className={styles.page}>
        <OrderHero icon={<ClockIcon size={32} />} tone="warning" title="Waiting for PayPal">
          <p>PayPal has not confirmed your subscription yet. This page checks again on its own; it usually takes a few seconds.</p>
        </OrderHero>
        <div className={styles.actions}>
          <Button loading={confirm.isFetching} onClick={() => void confirm.refetch()}>
            Check again
          </Button>
          <Link to="/products/$id" params={{ id: subscription.product_id }} className={buttonClassName({ variant: 'secondary' })}>
            Back to {subscription.product_title}
          </Link>
        </div>
      </Container>
    );
  }

  if (!hasStarted(subscription)) {
    return (
      <Container className={styles.page}>
        <OrderHero icon={<AlertIcon size={32} />} tone="danger" title="The subscription did not start">
          <p>{periodText(subscription)} No payment is taken for it. You can subscribe again from the product page.</p>
        </OrderHero>
        <div className={styles.actions}>
          <Link to="/products/$id" params={{ id: subscription.product_id }} className={buttonClassName()}>
            Back to {subscription.product_title}
          </Link>
        </div>
      </Container>
    );
  }

  return (
    <Container className={styles.page}>
      <OrderHero icon={<CheckIcon size={32} />} tone="success" title="Subscription active">
        <p>
          {subscription.product_title}: <SubscriptionPrice amount={subscription.price} interval={subscription.billing_interval} />.{' '}
          {periodText(subscription)}
        </p>
      </OrderHero>
      <section className={styles.card} aria-label="Your subscription">
        <SubscriptionGoods subscription={subscription} />
      </section>
      <div className={styles.actions}>
        <Link to="/account" className={buttonClassName()}>
          My Account
        </Link>
      </div>
    </Container>
  );
}
