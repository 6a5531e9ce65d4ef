import { labelOf, PAYMENT_METHODS, toCents, toDollars, type Order } from '@store/contracts';
import { Button, DataCell, DataHeaderCell, DataRow, DataTable, Modal, Price } from '@store/ui';
import { DetailItem, DetailList, DetailSection } from '../layout/detail-list.tsx';
import * as layout from '../layout/admin-layout.css.ts';
import { formatAdminDate, orderRef, shortId } from '../site/format.ts';
import { DeliveryLog } from './delivery-log.tsx';
import { OrderStatusBadges } from './order-status-badges.tsx';
import * as styles from './orders.css.ts';
import { adminStatusActions } from './status-actions.ts';
import { useSetOrderStatus } from './use-set-order-status.ts';

export interface OrderDetailsModalProps {
  /** The order shown; null keeps the modal closed. */
  order: Order | null;
  onClose: () => void;
}

/** One order in full (spec: admin orders), with the status changes the admin may make to it. */
export function OrderDetailsModal({ order, onClose }: OrderDetailsModalProps) {
  return (
    <Modal open={order !== null} title={order ? `Order ${orderRef(order.id)}` : ''} onClose={onClose} wide closeLabel="Close order details">
      {order && <OrderDetails order={order} onChanged={onClose} />}
    </Modal>
  );
}

function OrderDetails({ order, onChanged }: { order: Order; onChanged: () => void }) {
  const setStatus = useSetOrderStatus({ onChanged });
  const actions = adminStatusActions(order.status);
  const invoice = order.invoice_data;
  const address = [invoice.address, invoice.city, invoice.country].filter(Boolean).join(', ');

  return (
    <div className={styles.details}>
      <DetailList>
        <DetailItem label="Order ID">
          <span className={layout.mono}>{order.id}</span>
        </DetailItem>
        <DetailItem label="User ID">{order.user_id ? <span className={layout.mono}>{order.user_id}</span> : 'Guest'}</DetailItem>
        <DetailItem label="Status">
          <OrderStatusBadges order={order} />
        </DetailItem>
        <DetailItem label="Date">{formatAdminDate(order.created_at)}</DetailItem>
        {order.discount && (
          <>
            <DetailItem label="Subtotal">
              <Price amount={order.subtotal_amount} cents />
            </DetailItem>
            <DetailItem label="Discount code">
              <span className={layout.mono}>{order.discount.code}</span> −<Price amount={order.discount.amount} cents />
            </DetailItem>
          </>
        )}
        <DetailItem label="Total">
          <Price amount={order.total_amount} cents className={styles.strong} />
        </DetailItem>
        <DetailItem label="Payment method">{labelOf(PAYMENT_METHODS, order.payment_method)}</DetailItem>
        {order.payment_id && (
          <DetailItem label="Payment ID" wide>
            <span className={layout.mono}>{order.payment_id}</span>
          </DetailItem>
        )}
      </DetailList>

      <DetailSection title="Invoice">
        <DetailList>
          <DetailItem label="Name">{invoice.name || '—'}</DetailItem>
          <DetailItem label="Email">{invoice.email || '—'}</DetailItem>
          {address && (
            <DetailItem label="Address" wide>
              {address}
            </DetailItem>
          )}
        </DetailList>
      </DetailSection>

      <DetailSection title="Items">
        <DataTable
          caption={`Items of order ${orderRef(order.id)}`}
          columns={
            <>
              <DataHeaderCell>Product</DataHeaderCell>
              <DataHeaderCell align="end">Quantity</DataHeaderCell>
              <DataHeaderCell align="end">Unit price</DataHeaderCell>
              <DataHeaderCell align="end">Line total</DataHeaderCell>
            </>
          }
        >
          {order.items.map((item) => (
            <DataRow key={item.id}>
              <DataCell label="Product">
                <span className={styles.product}>
                  <span>{item.title}</span>
                  <span className={`${layout.mono} ${layout.muted}`} title={item.product_id}>
                    ID {shortId(item.product_id)}
                  </span>
                </span>
              </DataCell>
              <DataCell label="Quantity" align="end">
                {item.quantity}
              </DataCell>
              <DataCell label="Unit price" align="end">
                <Price amount={item.price} cents />
              </DataCell>
              <DataCell label="Line total" align="end">
                <Price amount={toDollars(toCents(item.price) * item.quantity)} cents />
              </DataCell>
            </DataRow>
          ))}
        </DataTable>
      </DetailSection>

      <DeliveryLog order={order} />

      <div className={styles.modalActions}>
        {actions.length === 0 ? (
          <p className={layout.muted}>No status change is offered for this order here.</p>
        ) : (
          actions.map((action) => (
            <Button
              key={action.to}
              variant={action.variant}
              loading={setStatus.isPending && setStatus.variables?.status === action.to}
              disabled={setStatus.isPending}
              onClick={() => setStatus.mutate({ id: order.id, status: action.to })}
            >
              {action.label}
            </Button>
          ))
        )}
      </div>
    </div>
  );
}
