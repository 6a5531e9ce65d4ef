import { LicenseKeysInputSchema, type Product } from '@store/contracts';
import { Button, Modal, Notice, Skeleton, TextAreaField, withDetail } from '@store/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { Static } from 'typebox';
import toast from 'react-hot-toast';
import { api } from '../../lib/api.ts';
import type { SchemaForm } from '../forms/typebox-resolver.ts';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import * as styles from './products.css.ts';
import { licenseKeyStockQueryOptions, productKeys } from './queries.ts';

/** Duplicates listed by name; a long list ends with a count. */
const DUPLICATES_SHOWN = 20;

export interface LicenseKeysModalProps {
  /** The product whose keys are managed; null keeps the dialog closed. */
  product: Product | null;
  onClose: () => void;
}

/** The keys of a paste as the API reads them: one per line, trimmed, blank lines ignored. */
export function countKeys(text: string): number {
  return text.split(/\r?\n/).filter((line) => line.trim() !== '').length;
}

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

export function LicenseKeysModal({ product, onClose }: LicenseKeysModalProps) {
  return (
    <Modal open={product !== null} title={product ? `Licence keys: ${product.title}` : 'Licence keys'} onClose={onClose}>
      {product && <LicenseKeysPanel key={product.id} product={product} />}
    </Modal>
  );
}

interface AddResult {
  added: number;
  duplicates: string[];
}

type LicenseKeysInput = Static<typeof LicenseKeysInputSchema>;

/** The paste as the API takes it; every refusal of the schema is the field's. */
const KEYS_FORM: SchemaForm<LicenseKeysInput, typeof LicenseKeysInputSchema, 'keys'> = {
  schema: LicenseKeysInputSchema,
  toInput: (values) => values,
  fieldOf: () => 'keys',
};

/**
 * A product's key pool (beyond the spec): how many keys remain, and a bulk paste to add more. Once a
 * product has keys it sells by key: its shop stock is its unsold keys (some may be held by buyers at PayPal,
 * decision 036), and the product form's stock number no longer applies (docs/decisions/009-orders-stock-and-delivery.md).
 */
function LicenseKeysPanel({ product }: { product: Product }) {
  const queryClient = useQueryClient();
  const stock = useQuery(licenseKeyStockQueryOptions(product.id));
  const form = useSchemaForm(KEYS_FORM, { keys: '' });
  const text = useWatch({ control: form.control, name: 'keys' });
  const [result, setResult] = useState<AddResult | null>(null);

  const add = useMutation({
    mutationFn: (body: LicenseKeysInput) => api.adminAddLicenseKeys({ params: { id: product.id }, body }),
    onMutate: () => setResult(null),
    onSuccess: (answer) => {
      queryClient.setQueryData(licenseKeyStockQueryOptions(product.id).queryKey, answer.stock);
      // The list's stock column follows the pool.
      void queryClient.invalidateQueries({ queryKey: productKeys.lists() });
      setResult({ added: answer.added, duplicates: answer.duplicates });
      form.reset({ keys: '' });
      toast.success(`${plural(answer.added, 'licence key', 'licence keys')} added`);
    },
    onError: (failure) => toast.error(withDetail('Error adding licence keys', failure)),
  });

  const data = stock.data;
  const hasPool = data !== undefined && data.available + data.sold > 0;
  // The shop shows the unsold keys: keys held by buyers at PayPal are not sold yet (docs/decisions/036-holds-at-payment.md).
  const shopStock = data ? data.available : null;
  const pasted = countKeys(text);

  return (
    <div className={styles.form}>
      {stock.isError ? (
        <Notice tone="danger" live="alert" title="The key stock could not be loaded">
          <p>{withDetail('Error loading licence keys', stock.error)}</p>
        </Notice>
      ) : !data ? (
        <Skeleton width="100%" height="84px" radius="10px" />
      ) : (
        <dl className={styles.stockFacts} aria-label="Key stock">
          <div className={styles.stockFact}>
            <dt className={styles.stockFactLabel}>Unsold keys</dt>
            <dd className={styles.stockFactValue} data-testid="keys-available">
              {data.available}
            </dd>
          </div>
          <div className={styles.stockFact}>
            <dt className={styles.stockFactLabel}>Held by buyers at PayPal</dt>
            <dd className={styles.stockFactValue}>{data.reserved}</dd>
          </div>
          <div className={styles.stockFact}>
            <dt className={styles.stockFactLabel}>Sold</dt>
            <dd className={styles.stockFactValue}>{data.sold}</dd>
          </div>
          <div className={styles.stockFact}>
            <dt className={styles.stockFactLabel}>Stock in the shop</dt>
            <dd className={styles.stockFactValue} data-testid="keys-shop-stock">
              {hasPool ? shopStock : product.stock_quantity}
            </dd>
          </div>
        </dl>
      )}

      {data && !hasPool && (
        <Notice tone="warning" live="none" title="This product sells from a counted stock">
          <p>
            Its stock is the number set in the product form ({product.stock_quantity}). Adding keys switches it to licence-key delivery: its stock
            becomes the number of unsold keys, each buyer receives a key, and the form's stock number no longer applies.
          </p>
        </Notice>
      )}

      {result && (
        <Notice tone={result.duplicates.length > 0 ? 'warning' : 'success'} title={`${plural(result.added, 'key', 'keys')} added`}>
          {result.duplicates.length > 0 && (
            <>
              <p>{plural(result.duplicates.length, 'duplicate was', 'duplicates were')} refused (already in the pool or repeated in the paste):</p>
              <ul className={styles.duplicateList} aria-label="Refused duplicates">
                {result.duplicates.slice(0, DUPLICATES_SHOWN).map((key, index) => (
                  <li key={`${key}-${index}`}>{key}</li>
                ))}
              </ul>
              {result.duplicates.length > DUPLICATES_SHOWN && <p>…and {result.duplicates.length - DUPLICATES_SHOWN} more.</p>}
            </>
          )}
        </Notice>
      )}

      <form ref={form.formRef} noValidate className={styles.form} aria-label="Add licence keys" onSubmit={form.submitWith(add)}>
        <TextAreaField
          label="Licence keys"
          rows={8}
          spellCheck={false}
          autoComplete="off"
          className={styles.keysArea}
          hint={`One key per line; blank lines are ignored. ${pasted > 0 ? `${plural(pasted, 'key', 'keys')} to add.` : ''}`}
          {...form.field('keys')}
        />
        <div className={styles.formActions}>
          <Button type="submit" loading={add.isPending}>
            {add.isPending ? 'Adding...' : 'Add keys'}
          </Button>
        </div>
      </form>
    </div>
  );
}
