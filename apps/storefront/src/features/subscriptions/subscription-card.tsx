import type { Subscription } from '@store/contracts';
import { Badge } from '@store/ui';
import { isHttpUrl } from '../checkout/browser.ts';
import { formatOrderDate } from '../orders/order-format.ts';
import * as styles from '../orders/orders.css.ts';
import { canCancel, needsPaymentUpdate, statusAppearance } from './billing.ts';
import { CancelSubscription } from './cancel-subscription.tsx';
import { SubscriptionGoods } from './subscription-goods.tsx';
import { SubscriptionPrice } from './subscription-price.tsx';

/** The sentence under a subscription's price: when it is paid next, until when it works, or what went wrong. */
export function periodText(subscription: Subscription): string | null {
  const end = subscription.current_period_end ? formatOrderDate(subscription.current_period_end) : null;
  switch (subscription.status) {
    case 'approval_pending':
      return 'Waiting for your approval at PayPal.';
    case 'active':
      if (!end) return null;
      return subscription.cancel_at_period_end ? `Access until ${end}` : `Next payment: ${end}`;
    case 'past_due':
      return subscription.cancel_at_period_end && end
        ? `Access until ${end}`
        : 'The last payment failed. PayPal tries again; update your payment method to keep your access.';
    case 'suspended':
      return 'Suspended after failed payments: the key and downloads work again once PayPal takes the payment.';
    case 'cancelled':
      return end && subscription.cancel_at_period_end ? `Access until ${end}` : 'Cancelled.';
    case 'expired':
      return end ? `Ended ${end}` : 'Ended.';
  }
}

/** One subscription on /account: product, status, price per period, next payment or end of access, key, files, actions. */
export function SubscriptionCard({ subscription }: { subscription: Subscription }) {
  const { tone, label } = statusAppearance(subscription.status);
  const period = periodText(subscription);
  const updateUrl =
    needsPaymentUpdate(subscription) && subscription.update_payment_url && isHttpUrl(subscription.update_payment_url)
      ? subscription.update_payment_url
      : null;
  // PayPal's approval page, for a buyer who closed it before approving.
  const approveUrl =
    subscription.status === 'approval_pending' && subscription.approve_url && isHttpUrl(subscription.approve_url) ? subscription.approve_url : null;
  const titleId = `subscription-${subscription.id}`;

  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <div className={styles.cardHeader}>
        <h3 id={titleId} className={styles.cardTitle}>
          {subscription.product_title}
        </h3>
        <div className={styles.orderMeta}>
          <Badge tone={tone}>{label}</Badge>
          <span className={styles.amount}>
            <SubscriptionPrice amount={subscription.price} interval={subscription.billing_interval} />
          </span>
        </div>
      </div>
      {period && <p className={styles.muted}>{period}</p>}
      <SubscriptionGoods subscription={subscription} />
      {(approveUrl || updateUrl || canCancel(subscription)) && (
        <div className={styles.actions}>
          {approveUrl && (
            <a href={approveUrl} className={styles.link}>
              Continue at PayPal
            </a>
          )}
          {updateUrl && (
            <a href={updateUrl} className={styles.link} target="_blank" rel="noreferrer">
              Update payment at PayPal
            </a>
          )}
          {canCancel(subscription) && <CancelSubscription subscription={subscription} />}
        </div>
      )}
    </article>
  );
}
