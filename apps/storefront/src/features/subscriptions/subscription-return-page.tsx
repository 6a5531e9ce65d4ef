import type { Subscription } from '@store/contracts';
import { AlertIcon, Button, CheckIcon, ClockIcon, Container, PagePending, buttonClassName, withDetail } from '@store/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { api } from '../../lib/api.ts';
import { isHttpUrl } from '../checkout/browser.ts';
import { cartStore } from '../cart/cart-store.ts';
import { OrderHero } from '../orders/order-hero.tsx';
import * as styles from '../orders/orders.css.ts';
import { subscriptionKeys } from './queries.ts';
import { periodText } from './subscription-card.tsx';
import { SubscriptionGoods } from './subscription-goods.tsx';
import { SubscriptionPrice } from './subscription-price.tsx';

/**
 * While PayPal has not told the store of the approval, the page asks again after these waits, longer each
 * time (PayPal's webhook usually lands within seconds; a minute in all), then stops and leaves it to the
 * shopper's "Check again" or the account page.
 */
export const CONFIRM_POLL_DELAYS_MS = [2000, 3000, 5000, 8000, 12000, 15000, 15000] as const;

/** The wait before the next ask, after the page has had `answers` answers; false once it has waited long enough. */
export function nextConfirmPoll(answers: number): number | false {
  return CONFIRM_POLL_DELAYS_MS[answers - 1] ?? false;
}

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
  const confirmKey = [...subscriptionKeys.all, 'confirm', subscriptionId];
  const confirm = useQuery({
    queryKey: confirmKey,
    queryFn: () => api.confirmSubscription({ params: { id: subscriptionId } }),
    staleTime: 0,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => (query.state.data?.status === 'approval_pending' ? nextConfirmPoll(query.state.dataUpdateCount) : false),
  });
  // Every answer draws the page again, so the count read here is the current one.
  const answers = queryClient.getQueryState(confirmKey)?.dataUpdateCount ?? 0;
  const waitedLongEnough = nextConfirmPoll(answers) === false;
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
    const approveUrl = subscription.approve_url && isHttpUrl(subscription.approve_url) ? subscription.approve_url : null;
    return (
      <Container className={styles.page}>
        <OrderHero icon={<ClockIcon size={32} />} tone="warning" title="Waiting for PayPal">
          {waitedLongEnough ? (
            <p>
              PayPal has still not confirmed your subscription. If you approved it, it appears on your account as soon as PayPal
              tells us, and you get an email; nothing is charged twice. If you left PayPal before approving, continue there.
            </p>
          ) : (
            <p>PayPal has not confirmed your subscription yet. This page checks again on its own; it usually takes a few seconds.</p>
          )}
        </OrderHero>
        <div className={styles.actions}>
          <Button loading={confirm.isFetching} onClick={() => void confirm.refetch()}>
            Check again
          </Button>
          {waitedLongEnough && approveUrl && (
            <a href={approveUrl} className={buttonClassName({ variant: 'secondary' })}>
              Continue at PayPal
            </a>
          )}
          <Link to="/account" className={buttonClassName({ variant: 'secondary' })}>
            My Account
          </Link>
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
