import type { AdminSubscriptionSummary } from '@store/contracts';
import { DataCell, DataHeaderCell, DataRow, DataTable, DataTableEmptyRow, DataTableLoadingRow } from '@store/ui';
import { Link } from '@tanstack/react-router';
import * as layout from '../layout/admin-layout.css.ts';
import { formatAdminDate } from '../site/format.ts';
import { pricePerPeriod, subscriptionRef, SubscriptionStatusBadge } from './subscription-labels.tsx';

const COLUMNS = 6;

export interface SubscriptionsTableProps {
  subscriptions: readonly AdminSubscriptionSummary[];
  /** The first load: one loading row. */
  loading: boolean;
  /** A new page or filter loading over the rows shown. */
  busy: boolean;
}

/** The subscriptions list: who, what, the status, the period's end and a link to the details. */
export function SubscriptionsTable({ subscriptions, loading, busy }: SubscriptionsTableProps) {
  return (
    <DataTable
      caption="Subscriptions"
      busy={busy}
      columns={
        <>
          <DataHeaderCell>Subscription</DataHeaderCell>
          <DataHeaderCell>Buyer</DataHeaderCell>
          <DataHeaderCell>Product</DataHeaderCell>
          <DataHeaderCell>Status</DataHeaderCell>
          <DataHeaderCell>Period ends</DataHeaderCell>
          <DataHeaderCell>Started</DataHeaderCell>
        </>
      }
    >
      {loading ? (
        <DataTableLoadingRow colSpan={COLUMNS} label="Loading subscriptions…" />
      ) : subscriptions.length === 0 ? (
        <DataTableEmptyRow colSpan={COLUMNS} title="No subscriptions found">
          There are no subscriptions matching your criteria
        </DataTableEmptyRow>
      ) : (
        subscriptions.map((subscription) => (
          <DataRow key={subscription.id}>
            <DataCell label="Subscription" nowrap>
              <Link to="/subscriptions/$id" params={{ id: subscription.id }} className={layout.mono}>
                {subscriptionRef(subscription.id)}
              </Link>
            </DataCell>
            <DataCell label="Buyer">
              {subscription.user.username}
              <br />
              <span className={layout.muted}>{subscription.user.email}</span>
            </DataCell>
            <DataCell label="Product">
              {subscription.product_title}
              <br />
              <span className={layout.muted}>{pricePerPeriod(subscription.price, subscription.billing_interval)}</span>
            </DataCell>
            <DataCell label="Status">
              <SubscriptionStatusBadge status={subscription.status} endsAtPeriodEnd={subscription.cancel_at_period_end} />
            </DataCell>
            <DataCell label="Period ends" date>
              {subscription.current_period_end ? (
                <time dateTime={subscription.current_period_end}>{formatAdminDate(subscription.current_period_end)}</time>
              ) : (
                <span className={layout.muted}>—</span>
              )}
            </DataCell>
            <DataCell label="Started" date>
              <time dateTime={subscription.created_at}>{formatAdminDate(subscription.created_at)}</time>
            </DataCell>
          </DataRow>
        ))
      )}
    </DataTable>
  );
}
