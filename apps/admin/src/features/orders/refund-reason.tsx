import { LIMITS, RefundOrderBodySchema, type RefundOrderBody } from '@store/contracts';
import { Button, TextField, type TextFieldProps } from '@store/ui';
import type { SchemaForm } from '../forms/typebox-resolver.ts';
import * as styles from './orders.css.ts';

/** The reason as the API takes it, for an order's refund and a subscription payment's; every refusal of the schema is the field's. */
export const REFUND_FORM: SchemaForm<RefundOrderBody, typeof RefundOrderBodySchema, 'reason'> = {
  schema: RefundOrderBodySchema,
  toInput: (values) => values,
  fieldOf: () => 'reason',
};

export interface RefundReasonProps {
  /** The form's registered reason field (`form.field('reason')`). */
  field: Partial<TextFieldProps>;
  /** The refund is being sent: Cancel is off, the refund button spins. */
  pending: boolean;
  /** The amount going back, as shown on the button. */
  amount: string;
  onCancel: () => void;
}

/** The end of a refund dialog: staff's reason (kept for staff, never shown to the buyer), Cancel and Refund. */
export function RefundReason({ field, pending, amount, onCancel }: RefundReasonProps) {
  return (
    <>
      <TextField
        label="Reason"
        autoComplete="off"
        required
        hint={`Kept for staff and the records; the buyer does not see it. ${LIMITS.refundReasonMinLength} to ${LIMITS.refundReasonMaxLength} characters.`}
        {...field}
      />
      <div className={styles.refundActions}>
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" loading={pending}>
          Refund {amount}
        </Button>
      </div>
    </>
  );
}
