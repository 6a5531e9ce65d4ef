import { labelOf, PAYMENT_METHODS, toCents, toDollars, type AdminOrder } from '@store/contracts';
import { Button, DataCell, DataHeaderCell, DataRow, DataTable, Modal, Price } from '@store/ui';
import { useState } from 'react';
import { DetailItem, DetailList, DetailSection } from '../layout/detail-list.tsx';
import * as layout from '../layout/admin-layout.css.ts';
import { PackageLineContents } from './package-line-contents.tsx';
import { formatAdminDate, orderRef, shortId } from '../site/format.ts';
import { DeliveryLog } from './delivery-log.tsx';
import { OrderDispute } from './order-dispute.tsx';
import { OrderRefund, RefundWaiting } from './order-refund.tsx';
import { OrderStatusBadges } from './order-status-badges.tsx';
import * as styles from './orders.css.ts';
import { refundOffer } from './refund-offer.ts';
import { RefundOrderDialog } from './refund-order-dialog.tsx';
import { adminStatusActions } from './status-actions.ts';
import { useSetOrderStatus } from './use-set-order-status.ts';

export interface OrderDetailsModalProps {
  /** The order shown; null keeps the modal closed. */
  order: AdminOrder | null;
  onClose: () => void;
  /** The order as the API answered its refund: the details stay open and show it. */
  onRefunded: (order: AdminOrder) => void;
}

/** One order in full (spec: admin orders), with the status changes the admin may make to it, its refund and its dispute. */
export function OrderDetailsModal({ order, onClose, onRefunded }: OrderDetailsModalProps) {
  return (
    <Modal open={order !== null} title={order ? `Order ${orderRef(order.id)}` : ''} onClose={onClose} wide closeLabel="Close order details">
      {order && <OrderDetails key={order.id} order={order} onChanged={onClose} onRefunded={onRefunded} />}
    </Modal>
  );
}

interface OrderDetailsProps {
  order: AdminOrder;
  /** After a status change: the modal closes. */
  onChanged: () => void;
  onRefunded: (order: AdminOrder) => void;
}

function OrderDetails({ order, onChanged, onRefunded }: OrderDetailsProps) {
  const setStatus = useSetOrderStatus({ onChanged });
  const [refunding, setRefunding] = useState(false);
  const actions = adminStatusActions(order.status);
  const refund = refundOffer(order);
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

      {refund === 'waiting' && <RefundWaiting />}
      <OrderRefund order={order} />
      <OrderDispute order={order} />

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
                  <PackageLineContents item={item} />
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
        {actions.length === 0 && refund !== 'refund' && <p className={layout.muted}>No status change is offered for this order here.</p>}
        {refund === 'paid-elsewhere' && <p className={layout.muted}>It was not paid through PayPal, so it cannot be refunded here.</p>}
        {refund === 'refund' && (
          <Button variant="danger" onClick={() => setRefunding(true)}>
            Refund
          </Button>
        )}
        {actions.map((action) => (
          <Button
            key={action.to}
            variant={action.variant}
            loading={setStatus.isPending && setStatus.variables?.status === action.to}
            disabled={setStatus.isPending}
            onClick={() => setStatus.mutate({ id: order.id, status: action.to })}
          >
            {action.label}
          </Button>
        ))}
      </div>

      <RefundOrderDialog
        order={order}
        open={refunding && refund === 'refund'}
        onClose={() => setRefunding(false)}
        onRefunded={(refunded) => {
          setRefunding(false);
          onRefunded(refunded);
        }}
      />
    </div>
  );
}
