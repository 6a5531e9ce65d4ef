import type { AdminSubscription } from '@store/contracts';
import { DataCell, DataHeaderCell, DataRow, DataTable, DataTableEmptyRow, Notice, Price, Skeleton } from '@store/ui';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { usePageTitle } from '@store/shell';
import { DetailItem, DetailList, DetailSection } from '../layout/detail-list.tsx';
import * as layout from '../layout/admin-layout.css.ts';
import { formatAdminDate } from '../site/format.ts';
import { adminSubscriptionQueryOptions } from './queries.ts';
import { SubscriptionActions } from './subscription-actions.tsx';
import { pricePerPeriod, subscriptionRef, SubscriptionStatusBadge } from './subscription-labels.tsx';

const route = getRouteApi('/_authed/subscriptions/$id');

const PAYMENT_STATUS_LABELS = { completed: 'Paid', refunded: 'Refunded', reversed: 'Reversed' } as const;

/** /admin/subscriptions/<id>: the buyer, the product, the state, the key, every payment and staff's actions. */
export function SubscriptionDetailsPage() {
  const { id } = route.useParams();
  usePageTitle(`Subscription ${subscriptionRef(id)}`);
  const subscription = useQuery(adminSubscriptionQueryOptions(id));

  return (
    <div className={layout.stack}>
      <div className={layout.pageHeader}>
        <div>
          <h1 className={layout.pageTitle}>{subscriptionRef(id)}</h1>
          <p className={layout.pageSubtitle}>
            <Link to="/subscriptions">All subscriptions</Link>
          </p>
        </div>
      </div>
      {subscription.isError ? (
        <Notice tone="danger" live="alert">
          The subscription could not be loaded.
        </Notice>
      ) : subscription.data ? (
        <SubscriptionDetails subscription={subscription.data} />
      ) : (
        <Skeleton width="100%" height="12rem" />
      )}
    </div>
  );
}

function SubscriptionDetails({ subscription }: { subscription: AdminSubscription }) {
  const date = (value: string | null) => (value ? formatAdminDate(value) : '—');
  return (
    <>
      <section className={layout.panel} aria-label="Subscription">
        <DetailList>
          <DetailItem label="Buyer">
            {subscription.user.username} <span className={layout.muted}>({subscription.user.email})</span>
          </DetailItem>
          <DetailItem label="Product">
            {subscription.product_title} · {pricePerPeriod(subscription.price, subscription.billing_interval)}
          </DetailItem>
          <DetailItem label="Status">
            <SubscriptionStatusBadge status={subscription.status} endsAtPeriodEnd={subscription.cancel_at_period_end} />
          </DetailItem>
          <DetailItem label="Period ends">{date(subscription.current_period_end)}</DetailItem>
          <DetailItem label="Started">{date(subscription.created_at)}</DetailItem>
          {subscription.cancelled_at && <DetailItem label="Cancelled">{date(subscription.cancelled_at)}</DetailItem>}
          <DetailItem label="Failed payments">{subscription.failed_payments_count}</DetailItem>
          <DetailItem label="PayPal subscription">
            <span className={layout.mono}>{subscription.paypal_subscription_id ?? '—'}</span>
          </DetailItem>
          <DetailItem label="Licence key" wide>
            {subscription.license_keys.length === 0
              ? '—'
              : subscription.license_keys.map((key) => (
                  <div key={key.key}>
                    <span className={layout.mono}>{key.key}</span>{' '}
                    <span className={layout.muted}>
                      ({key.status}
                      {key.expires_at ? `, until ${formatAdminDate(key.expires_at)}` : ''})
                    </span>
                  </div>
                ))}
          </DetailItem>
        </DetailList>
        <DetailSection title="Actions" level={2}>
          <SubscriptionActions subscription={subscription} />
        </DetailSection>
      </section>
      <Payments subscription={subscription} />
    </>
  );
}

function Payments({ subscription }: { subscription: AdminSubscription }) {
  return (
    <DataTable
      caption="Payments"
      columns={
        <>
          <DataHeaderCell>Paid</DataHeaderCell>
          <DataHeaderCell>Amount</DataHeaderCell>
          <DataHeaderCell>Status</DataHeaderCell>
          <DataHeaderCell>PayPal sale</DataHeaderCell>
          <DataHeaderCell>Refunded</DataHeaderCell>
        </>
      }
    >
      {subscription.payments.length === 0 ? (
        <DataTableEmptyRow colSpan={5} title="No payments yet">
          PayPal has not taken a payment for this subscription.
        </DataTableEmptyRow>
      ) : (
        subscription.payments.map((payment) => (
          <DataRow key={payment.id}>
            <DataCell label="Paid" nowrap>
              <time dateTime={payment.paid_at}>{formatAdminDate(payment.paid_at)}</time>
            </DataCell>
            <DataCell label="Amount" nowrap>
              <Price amount={payment.amount} cents />
            </DataCell>
            <DataCell label="Status">{PAYMENT_STATUS_LABELS[payment.status]}</DataCell>
            <DataCell label="PayPal sale">
              <span className={layout.mono}>{payment.paypal_sale_id}</span>
            </DataCell>
            <DataCell label="Refunded" nowrap>
              {payment.refunded_at ? formatAdminDate(payment.refunded_at) : '—'}
            </DataCell>
          </DataRow>
        ))
      )}
    </DataTable>
  );
}
