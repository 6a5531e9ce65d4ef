import type { AdminOrder } from '@store/contracts';
import {
  DataCell,
  DataHeaderCell,
  DataRow,
  DataTable,
  DataTableEmptyRow,
  DataTableLoadingRow,
  EyeIcon,
  IconButton,
  Price,
} from '@store/ui';
import * as layout from '../layout/admin-layout.css.ts';
import { formatAdminDate, orderRef, shortId } from '../site/format.ts';
import { OrderStatusBadges } from './order-status-badges.tsx';

const COLUMNS = 6;

export interface OrdersTableProps {
  orders: readonly AdminOrder[];
  /** The first load: one loading row. */
  loading: boolean;
  /** A new page or filter loading over the rows shown. */
  busy: boolean;
  onView: (order: AdminOrder) => void;
}

/** The orders list (spec: admin orders): a table on wide screens, a card per order on phones. */
export function OrdersTable({ orders, loading, busy, onView }: OrdersTableProps) {
  return (
    <DataTable
      caption="Orders"
      busy={busy}
      columns={
        <>
          <DataHeaderCell>Order ID</DataHeaderCell>
          <DataHeaderCell>User ID</DataHeaderCell>
          <DataHeaderCell>Total</DataHeaderCell>
          <DataHeaderCell>Status</DataHeaderCell>
          <DataHeaderCell>Date</DataHeaderCell>
          <DataHeaderCell align="end">Actions</DataHeaderCell>
        </>
      }
    >
      {loading ? (
        <DataTableLoadingRow colSpan={COLUMNS} label="Loading orders…" />
      ) : orders.length === 0 ? (
        <DataTableEmptyRow colSpan={COLUMNS} title="No orders found">
          There are currently no orders matching your criteria
        </DataTableEmptyRow>
      ) : (
        orders.map((order) => (
          <DataRow key={order.id}>
            <DataCell label="Order ID" nowrap>
              <span className={layout.mono}>{orderRef(order.id)}</span>
            </DataCell>
            <DataCell label="User ID" nowrap>
              {order.user_id ? (
                <span className={layout.mono} title={order.user_id}>
                  {shortId(order.user_id)}
                </span>
              ) : (
                <span className={layout.muted}>Guest</span>
              )}
            </DataCell>
            <DataCell label="Total" nowrap>
              <Price amount={order.total_amount} cents />
            </DataCell>
            <DataCell label="Status">
              <OrderStatusBadges order={order} />
            </DataCell>
            <DataCell label="Date" date>
              <time dateTime={order.created_at}>{formatAdminDate(order.created_at)}</time>
            </DataCell>
            <DataCell label="Actions" align="end">
              <IconButton label={`View order ${orderRef(order.id)}`} icon={<EyeIcon size={18} />} variant="secondary" size="sm" onClick={() => onView(order)} />
            </DataCell>
          </DataRow>
        ))
      )}
    </DataTable>
  );
}
