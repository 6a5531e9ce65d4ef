import { type DiscountCode } from '@store/contracts';
import { usePageTitle } from '@store/shell';
import {
  Button,
  DataCell,
  DataHeaderCell,
  DataRow,
  DataTable,
  DataTableEmptyRow,
  DataTableLoadingRow,
  Pagination,
  PlusIcon,
  withDetail,
} from '@store/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { api } from '../../lib/api.ts';
import * as layout from '../layout/admin-layout.css.ts';
import { formatAdminDate } from '../site/format.ts';
import { useErrorToast } from '../site/use-error-toast.ts';
import { DiscountFormModal } from './discount-form.tsx';
import { DiscountStatusBadge, discountValueText, usesText } from './discount-labels.tsx';
import { DiscountUsesModal } from './discount-uses-modal.tsx';
import * as styles from './discounts.css.ts';
import { ADMIN_DISCOUNTS_KEY, DISCOUNTS_PAGE_SIZE, adminDiscountsQueryOptions } from './queries.ts';

export const DISCOUNTS_LOAD_FAILED = 'Error loading discount codes';
const COLUMNS = 6;

/**
 * /admin/discounts: every discount code, newest first, with its value, uses against its limit, dates and
 * status; New code, Edit, Disable / Enable and the orders that used it (docs/decisions/028-discount-codes.md).
 */
export function DiscountsPage() {
  usePageTitle('Discount codes');
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<DiscountCode | 'new' | null>(null);
  const [viewing, setViewing] = useState<DiscountCode | null>(null);

  const codes = useQuery(adminDiscountsQueryOptions({ limit: DISCOUNTS_PAGE_SIZE, offset: (page - 1) * DISCOUNTS_PAGE_SIZE }));
  useErrorToast(codes.isError, codes.errorUpdatedAt, DISCOUNTS_LOAD_FAILED);
  const list = codes.isError ? [] : (codes.data?.codes ?? []);
  const total = codes.isError ? 0 : (codes.data?.total ?? 0);

  const setDisabled = useMutation({
    mutationFn: ({ id, disabled }: { id: string; disabled: boolean }) =>
      api.adminSetDiscountDisabled({ params: { id }, body: { disabled } }),
    onSuccess: (code) => toast.success(code.disabled ? `${code.code} disabled: it no longer applies` : `${code.code} enabled again`),
    onError: (failure) => toast.error(withDetail('The discount code could not be changed', failure)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_DISCOUNTS_KEY }),
  });
  const changing = setDisabled.isPending ? (setDisabled.variables?.id ?? null) : null;

  return (
    <div className={layout.stack}>
      <div className={layout.pageHeader}>
        <div>
          <h1 className={layout.pageTitle}>Discount codes</h1>
          <p className={layout.pageSubtitle} aria-live="polite">
            {codes.data && !codes.isError ? `${total} ${total === 1 ? 'code' : 'codes'}` : '\u00a0'}
          </p>
        </div>
        <Button onClick={() => setEditing('new')}>
          <PlusIcon size={18} /> New code
        </Button>
      </div>

      <div>
        <DataTable
          caption="Discount codes"
          busy={codes.isPlaceholderData}
          columns={
            <>
              <DataHeaderCell>Code</DataHeaderCell>
              <DataHeaderCell>Discount</DataHeaderCell>
              <DataHeaderCell>Uses</DataHeaderCell>
              <DataHeaderCell>Dates</DataHeaderCell>
              <DataHeaderCell>Status</DataHeaderCell>
              <DataHeaderCell align="end">Actions</DataHeaderCell>
            </>
          }
        >
          {codes.isPending ? (
            <DataTableLoadingRow colSpan={COLUMNS} label="Loading discount codes…" />
          ) : list.length === 0 ? (
            <DataTableEmptyRow colSpan={COLUMNS} title="No discount codes">
              Create a code to run a promotion.
            </DataTableEmptyRow>
          ) : (
            list.map((code) => (
              <DataRow key={code.id}>
                <DataCell label="Code">
                  <span className={`${layout.mono} ${styles.codeText}`}>{code.code}</span>
                </DataCell>
                <DataCell label="Discount">
                  {discountValueText(code)}
                  {code.min_order !== null && <span className={layout.muted}> · min ${code.min_order.toFixed(2)}</span>}
                  {(code.product_ids.length > 0 || code.categories.length > 0) && <span className={layout.muted}> · limited</span>}
                </DataCell>
                <DataCell label="Uses" nowrap>
                  {usesText(code)}
                  {code.max_uses_per_buyer !== null && <span className={layout.muted}> · {code.max_uses_per_buyer} per buyer</span>}
                </DataCell>
                <DataCell label="Dates">
                  {code.starts_at || code.ends_at ? (
                    <span>
                      {code.starts_at ? formatAdminDate(code.starts_at) : 'Now'} – {code.ends_at ? formatAdminDate(code.ends_at) : 'no end'}
                    </span>
                  ) : (
                    <span className={layout.muted}>Always</span>
                  )}
                </DataCell>
                <DataCell label="Status">
                  <DiscountStatusBadge status={code.status} />
                </DataCell>
                <DataCell label="Actions" align="end">
                  <span className={styles.rowActions}>
                    <Button size="sm" variant="secondary" aria-label={`Uses of ${code.code}`} onClick={() => setViewing(code)}>
                      Uses
                    </Button>
                    <Button size="sm" variant="secondary" aria-label={`Edit ${code.code}`} onClick={() => setEditing(code)}>
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant={code.disabled ? 'secondary' : 'danger'}
                      loading={changing === code.id}
                      disabled={changing !== null}
                      aria-label={`${code.disabled ? 'Enable' : 'Disable'} ${code.code}`}
                      onClick={() => setDisabled.mutate({ id: code.id, disabled: !code.disabled })}
                    >
                      {code.disabled ? 'Enable' : 'Disable'}
                    </Button>
                  </span>
                </DataCell>
              </DataRow>
            ))
          )}
        </DataTable>
        <Pagination
          page={page}
          pageSize={DISCOUNTS_PAGE_SIZE}
          total={total}
          onPageChange={setPage}
          labels={{ navigation: 'Discount code pages' }}
        />
      </div>

      <DiscountFormModal
        open={editing !== null}
        code={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={() => setEditing(null)}
      />
      <DiscountUsesModal code={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
