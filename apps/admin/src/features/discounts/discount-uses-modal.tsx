import { type DiscountCode } from '@store/contracts';
import {
  Badge,
  DataCell,
  DataHeaderCell,
  DataRow,
  DataTable,
  DataTableEmptyRow,
  DataTableLoadingRow,
  Modal,
  Price,
  StatusBadge,
} from '@store/ui';
import { useQuery } from '@tanstack/react-query';
import * as layout from '../layout/admin-layout.css.ts';
import { formatAdminDate, orderRef } from '../site/format.ts';
import { discountUsesQueryOptions } from './queries.ts';

const COLUMNS = 6;

/** The orders placed with a code, newest first, each saying whether it still holds one of the code's uses. */
export function DiscountUsesModal({ code, onClose }: { code: DiscountCode | null; onClose: () => void }) {
  return (
    <Modal open={code !== null} title={code ? `Uses of ${code.code}` : ''} onClose={onClose} wide closeLabel="Close uses">
      {code && <DiscountUses code={code} />}
    </Modal>
  );
}

function DiscountUses({ code }: { code: DiscountCode }) {
  const uses = useQuery(discountUsesQueryOptions(code.id));
  const list = uses.data?.uses ?? [];
  return (
    <DataTable
      caption={`Orders placed with ${code.code}`}
      columns={
        <>
          <DataHeaderCell>Order</DataHeaderCell>
          <DataHeaderCell>Date</DataHeaderCell>
          <DataHeaderCell>Buyer</DataHeaderCell>
          <DataHeaderCell>Status</DataHeaderCell>
          <DataHeaderCell align="end">Discount</DataHeaderCell>
          <DataHeaderCell align="end">Paid</DataHeaderCell>
        </>
      }
    >
      {uses.isPending ? (
        <DataTableLoadingRow colSpan={COLUMNS} label="Loading uses…" />
      ) : uses.isError ? (
        <DataTableEmptyRow colSpan={COLUMNS} title="The uses could not be loaded">
          Close and open them again.
        </DataTableEmptyRow>
      ) : list.length === 0 ? (
        <DataTableEmptyRow colSpan={COLUMNS} title="No orders yet">
          Orders placed with this code appear here.
        </DataTableEmptyRow>
      ) : (
        list.map((use) => (
          <DataRow key={use.order_id}>
            <DataCell label="Order" nowrap>
              <span className={layout.mono} title={use.order_id}>
                {orderRef(use.order_id)}
              </span>
            </DataCell>
            <DataCell label="Date" date>
              <time dateTime={use.created_at}>{formatAdminDate(use.created_at)}</time>
            </DataCell>
            <DataCell label="Buyer">{use.buyer_email}</DataCell>
            <DataCell label="Status">
              <StatusBadge status={use.status} />{' '}
              {!use.counted && (
                <Badge tone="gray" title="The order ended without its goods: its use of the code was given back">
                  Use given back
                </Badge>
              )}
            </DataCell>
            <DataCell label="Discount" align="end" nowrap>
              −<Price amount={use.amount} cents />
            </DataCell>
            <DataCell label="Paid" align="end" nowrap>
              <Price amount={use.total_amount} cents />
            </DataCell>
          </DataRow>
        ))
      )}
    </DataTable>
  );
}
