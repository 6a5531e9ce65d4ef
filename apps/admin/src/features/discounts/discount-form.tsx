import { CATEGORIES, DISCOUNT_KINDS, labelOf, type Category, type DiscountCode, type DiscountCodeInput } from '@store/contracts';
import { Button, Checkbox, Modal, SelectField, TextField, withDetail, type SelectOption } from '@store/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { api } from '../../lib/api.ts';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import * as formStyles from '../layout/form.css.ts';
import * as products from '../products/products.css.ts';
import { DISCOUNT_FORM, draftFromCode, emptyDiscountDraft } from './discount-draft.ts';
import * as styles from './discounts.css.ts';
import { ADMIN_DISCOUNTS_KEY, scopeProductsQueryOptions } from './queries.ts';

const KIND_OPTIONS: SelectOption[] = DISCOUNT_KINDS.map(({ value, label }) => ({ value, label }));

export interface DiscountFormModalProps {
  open: boolean;
  /** The code being edited; null creates one. */
  code: DiscountCode | null;
  onClose: () => void;
  onSaved: (code: DiscountCode) => void;
}

/** New discount code / Edit discount code; its form starts fresh each time it opens. */
export function DiscountFormModal({ open, code, onClose, onSaved }: DiscountFormModalProps) {
  return (
    <Modal open={open} title={code ? `Edit ${code.code}` : 'New discount code'} onClose={onClose} wide>
      <DiscountForm key={code?.id ?? 'new'} code={code} onCancel={onClose} onSaved={onSaved} />
    </Modal>
  );
}

function DiscountForm({
  code,
  onCancel,
  onSaved,
}: {
  code: DiscountCode | null;
  onCancel: () => void;
  onSaved: (code: DiscountCode) => void;
}) {
  const queryClient = useQueryClient();
  const form = useSchemaForm(DISCOUNT_FORM, () => (code ? draftFromCode(code) : emptyDiscountDraft()));
  const { field, control, setValue, clearErrors, getFieldState, formState } = form;
  const [kind, productIds, categories] = useWatch({ control, name: ['kind', 'product_ids', 'categories'] });
  const catalogue = useQuery(scopeProductsQueryOptions());
  // Text and kind are fixed once orders used the code (409 discount_code_in_use): the form says so first.
  const used = (code?.uses ?? 0) > 0;

  const save = useMutation({
    mutationFn: (input: DiscountCodeInput) =>
      code ? api.adminUpdateDiscount({ params: { id: code.id }, body: input }) : api.adminCreateDiscount({ body: input }),
    onSuccess: (saved) => {
      toast.success(code ? `Discount code ${saved.code} saved` : `Discount code ${saved.code} created`);
      void queryClient.invalidateQueries({ queryKey: ADMIN_DISCOUNTS_KEY });
      onSaved(saved);
    },
    // The form stays open with what was typed.
    onError: (failure) => toast.error(withDetail('Error saving the discount code', failure)),
  });

  const toggle = <T extends string>(list: readonly T[], value: T, on: boolean): T[] =>
    on ? [...list, value] : list.filter((entry) => entry !== value);
  const setScope = (name: 'product_ids' | 'categories', next: string[]) => {
    setValue(name, next as never, { shouldDirty: true });
    clearErrors(name);
  };
  const scopeError = getFieldState('product_ids', formState).error?.message ?? getFieldState('categories', formState).error?.message;

  return (
    <form
      ref={form.formRef}
      noValidate
      className={products.form}
      aria-label={code ? `Edit ${code.code}` : 'New discount code'}
      onSubmit={form.submitWith(save)}
    >
      <div className={formStyles.formGrid}>
        <TextField
          label="Code"
          required
          maxLength={32}
          autoComplete="off"
          spellCheck={false}
          hint={
            used
              ? 'Orders used this code: its text and kind stay as they are'
              : '3 to 32 letters, digits, dashes or underscores; saved in capitals'
          }
          readOnly={used}
          {...field('code')}
        />
        {used ? (
          // Not a disabled select: the form would lose a disabled field's value. The kind stays as the defaults hold it.
          <TextField label="Kind" readOnly value={labelOf(DISCOUNT_KINDS, kind)} hint="Fixed once orders used the code" />
        ) : (
          <SelectField label="Kind" options={KIND_OPTIONS} {...field('kind')} />
        )}
        <TextField
          label={kind === 'percent' ? 'Percentage off' : 'Amount off (USD)'}
          type="number"
          inputMode="decimal"
          step={kind === 'percent' ? '1' : '0.01'}
          min={kind === 'percent' ? '1' : '0.01'}
          max={kind === 'percent' ? '100' : undefined}
          required
          {...field('value')}
        />
        <TextField
          label="Minimum order (USD)"
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          hint="Of the items the code applies to; empty for none"
          {...field('min_order')}
        />
        <TextField label="Starts" type="datetime-local" hint="Empty: at once" {...field('starts_at')} />
        <TextField label="Ends" type="datetime-local" hint="Empty: never" {...field('ends_at')} />
        <TextField label="Total uses" type="number" inputMode="numeric" step="1" min="1" hint="Empty: no limit" {...field('max_uses')} />
        <TextField
          label="Uses per buyer"
          type="number"
          inputMode="numeric"
          step="1"
          min="1"
          hint="An account, or a guest's email; empty: no limit"
          {...field('max_uses_per_buyer')}
        />
      </div>

      <fieldset className={products.section}>
        <legend className={products.legend}>Applies to</legend>
        <p className={formStyles.hint}>
          Nothing chosen: every product. Otherwise only the chosen products and the products of the chosen categories.
        </p>
        <div className={styles.scopeGroup} role="group" aria-label="Categories">
          {CATEGORIES.map((category) => (
            <Checkbox
              key={category.value}
              label={category.label}
              checked={categories.includes(category.value)}
              onChange={(event) => setScope('categories', toggle<Category>(categories, category.value, event.target.checked))}
            />
          ))}
        </div>
        <div className={styles.scopeProducts} role="group" aria-label="Products">
          {catalogue.isPending ? (
            <p className={formStyles.hint}>Loading products…</p>
          ) : (
            (catalogue.data?.products ?? []).map((product) => (
              <Checkbox
                key={product.id}
                label={product.title}
                checked={productIds.includes(product.id)}
                onChange={(event) => setScope('product_ids', toggle(productIds, product.id, event.target.checked))}
              />
            ))
          )}
        </div>
        {scopeError && <p className={formStyles.error}>{scopeError}</p>}
      </fieldset>

      <div className={products.formActions}>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          {code ? 'Save' : 'Create code'}
        </Button>
      </div>
    </form>
  );
}
