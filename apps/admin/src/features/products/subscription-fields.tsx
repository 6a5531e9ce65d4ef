import { BILLING_INTERVALS } from '@store/contracts';
import { SelectField, TextField, type SelectOption } from '@store/ui';
import type { UseFormRegisterReturn } from 'react-hook-form';
import * as styles from './products.css.ts';
import { TRIAL_DAYS_MAX } from './subscription-draft.ts';

const INTERVAL_OPTIONS: SelectOption[] = [
  { value: '', label: 'Choose…' },
  ...BILLING_INTERVALS.map(({ value, label }) => ({ value, label })),
];

/** A field's registration and message, as the product form's `field(name)` gives them. */
type FieldRegistration = UseFormRegisterReturn & { error?: string };

export interface SubscriptionFieldsProps {
  billingInterval: FieldRegistration;
  trialDays: FieldRegistration;
}

/** The product form's Subscription section: shown only while the type is Subscription (the form decides). */
export function SubscriptionFields({ billingInterval, trialDays }: SubscriptionFieldsProps) {
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>Subscription</legend>
      <div className={styles.formGrid}>
        <SelectField
          label="Billing interval"
          required
          options={INTERVAL_OPTIONS}
          hint="How often PayPal bills the subscriber"
          {...billingInterval}
        />
        <TextField
          label="Trial days"
          type="number"
          inputMode="numeric"
          step="1"
          min="0"
          max={TRIAL_DAYS_MAX}
          hint={`Free days before the first payment, 0 to ${TRIAL_DAYS_MAX}`}
          {...trialDays}
        />
      </div>
    </fieldset>
  );
}
