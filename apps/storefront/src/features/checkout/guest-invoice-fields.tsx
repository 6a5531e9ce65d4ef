import { type GuestInvoice } from '@store/contracts';
import { TextField } from '@store/ui';
import * as styles from './checkout.css.ts';

export type InvoiceField = keyof GuestInvoice;
export type InvoiceValues = Record<InvoiceField, string>;
export type InvoiceErrors = Partial<Record<InvoiceField, string>>;

export const INVOICE_FIELDS: readonly { name: InvoiceField; label: string; type: string; autoComplete: string; wide?: boolean }[] = [
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', wide: true },
  { name: 'name', label: 'Full name', type: 'text', autoComplete: 'name', wide: true },
  { name: 'address', label: 'Address', type: 'text', autoComplete: 'street-address', wide: true },
  { name: 'city', label: 'City', type: 'text', autoComplete: 'address-level2' },
  { name: 'country', label: 'Country', type: 'text', autoComplete: 'country-name' },
];

/** The guest's invoice form (spec section 2): every field required and labelled, with the browser's autofill names. */
export function GuestInvoiceFields({
  values,
  errors,
  onChange,
  disabled,
}: {
  values: InvoiceValues;
  errors: InvoiceErrors;
  onChange: (field: InvoiceField, value: string) => void;
  disabled?: boolean;
}) {
  return (
    <div className={styles.formGrid}>
      {INVOICE_FIELDS.map((field) => (
        <TextField
          key={field.name}
          id={`invoice-${field.name}`}
          name={field.name}
          label={field.label}
          type={field.type}
          autoComplete={field.autoComplete}
          required
          disabled={disabled}
          value={values[field.name]}
          error={errors[field.name]}
          className={field.wide ? styles.wide : undefined}
          onChange={(event) => onChange(field.name, event.target.value)}
        />
      ))}
    </div>
  );
}
