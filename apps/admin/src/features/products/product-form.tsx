import { KEY_MODES, PRODUCT_TYPES, type AdminProduct, type ProductInput } from '@store/contracts';
import { Button, Modal, SelectField, TextAreaField, TextField, withDetail, type SelectOption } from '@store/ui';
import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useWatch, type PathValue } from 'react-hook-form';
import toast from 'react-hot-toast';
import { api } from '../../lib/api.ts';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import { PRODUCT_FORM, PRODUCT_LIMITS, draftFromProduct, emptyDraft, exampleKey, type ProductDraft } from './product-draft.ts';
import { PackageMembers } from './package-members.tsx';
import { ProductFiles } from './product-files.tsx';
import { ProductImages } from './product-images.tsx';
import { FeatureList, RequirementList } from './product-lists.tsx';
import * as styles from './products.css.ts';
import { SubscriptionFields } from './subscription-fields.tsx';
import { licenseKeyStockQueryOptions, productKeys } from './queries.ts';
import { useImageUpload } from './upload-image.ts';

const TYPE_OPTIONS: SelectOption[] = PRODUCT_TYPES.map(({ value, label }) => ({ value, label }));
const KEY_MODE_OPTIONS: SelectOption[] = KEY_MODES.map(({ value, label }) => ({ value, label }));

export interface ProductFormModalProps {
  open: boolean;
  /** The product being edited; null adds a new one. */
  product: AdminProduct | null;
  categories: readonly SelectOption[];
  /** The close icon, Escape, the backdrop and Cancel: the form's state goes with it (reset). */
  onClose: () => void;
  /** After a successful save: the list reloads and the modal closes. */
  onSaved: (product: AdminProduct) => void;
}

/** The Add Product / Edit Product dialog; its form starts fresh each time it opens. */
export function ProductFormModal({ open, product, categories, onClose, onSaved }: ProductFormModalProps) {
  return (
    <Modal open={open} title={product ? 'Edit Product' : 'Add Product'} onClose={onClose} wide>
      <ProductForm key={product?.id ?? 'new'} product={product} categories={categories} onCancel={onClose} onSaved={onSaved} />
    </Modal>
  );
}

interface ProductFormProps {
  product: AdminProduct | null;
  categories: readonly SelectOption[];
  onCancel: () => void;
  onSaved: (product: AdminProduct) => void;
}

function ProductForm({ product, categories, onCancel, onSaved }: ProductFormProps) {
  const queryClient = useQueryClient();
  const form = useSchemaForm(PRODUCT_FORM, () => (product ? draftFromProduct(product) : emptyDraft()));
  const { field, control, formState, getFieldState, getValues, setValue, clearErrors } = form;
  const [images, features, requirements, keyMode, keyPattern, productType, packageItems] = useWatch({
    control,
    name: ['images', 'features', 'requirements', 'key_mode', 'key_pattern', 'product_type', 'package_items'],
  });
  const isPackage = productType === 'package';
  const uploads = useImageUpload();
  const fileUploads = useIsMutating({ mutationKey: productKeys.fileUpload(product?.id ?? '') });

  // A product sold by licence key counts its stock from its unsold keys: the API ignores the form's number.
  const keyStock = useQuery({ ...licenseKeyStockQueryOptions(product?.id ?? ''), enabled: product !== null });
  const soldByKey = keyStock.data !== undefined && keyStock.data.available + keyStock.data.sold > 0;

  const save = useMutation({
    mutationFn: (input: ProductInput) => (product ? api.adminUpdateProduct({ params: { id: product.id }, body: input }) : api.adminCreateProduct({ body: input })),
    onSuccess: (saved) => {
      toast.success(product ? 'Product updated successfully!' : 'Product created successfully!');
      void queryClient.invalidateQueries({ queryKey: productKeys.lists() });
      onSaved(saved);
    },
    // The form stays open with what was typed (spec section 8).
    onError: (failure) => toast.error(withDetail('Error saving product', failure)),
  });

  const submit = form.submitWith(save, {
    ready: () => {
      if (uploads.pending > 0) {
        toast.error('Wait for the images to finish uploading');
        return false;
      }
      // The save closes the form, and closing it cancels a file upload still running.
      if (fileUploads > 0) {
        toast.error('Wait for the file to finish uploading');
        return false;
      }
      return true;
    },
  });

  const setList = <K extends 'images' | 'features' | 'requirements' | 'package_items'>(name: K, value: PathValue<ProductDraft, K>) => {
    setValue(name, value, { shouldDirty: true });
    clearErrors(name);
  };
  const errorOf = (name: 'images' | 'features' | 'requirements' | 'package_items') => getFieldState(name, formState).error?.message;

  // A package keeps no stock of its own: it sells what its products' stock allows (docs/decisions/038-packages.md).
  const stockHint = isPackage
    ? "A package's stock is what its products allow: set theirs."
    : soldByKey
    ? `Counted from licence keys: ${keyStock.data?.available ?? 0} unsold, ${keyStock.data?.reserved ?? 0} of them held by buyers at PayPal. Add keys with the key button in the list.`
    : 'Optional; empty or non-numeric counts as 0.';

  return (
    <form ref={form.formRef} noValidate className={styles.form} aria-label={product ? `Edit ${product.title}` : 'Add product'} onSubmit={submit}>
      <div className={styles.formGrid}>
        <TextField
          label="Product name"
          required
          maxLength={PRODUCT_LIMITS.titleMax}
          className={styles.fullRow}
          {...field('title')}
        />
        <TextField
          label="Price (USD)"
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          required
          {...field('price')}
        />
        <TextField
          label="Stock quantity"
          type="number"
          inputMode="numeric"
          step="1"
          min="0"
          hint={stockHint}
          {...field('stock')}
          disabled={soldByKey || isPackage}
        />
        <SelectField
          label="Category"
          options={categories}
          {...field('category')}
        />
        <SelectField
          label="Product type"
          options={TYPE_OPTIONS}
          {...field('product_type')}
        />
        <TextField
          label="Short description"
          required
          maxLength={PRODUCT_LIMITS.descriptionMax}
          className={styles.fullRow}
          hint="One or two sentences for the product card."
          {...field('description')}
        />
        <TextAreaField
          label="Detailed description"
          required
          rows={6}
          maxLength={PRODUCT_LIMITS.detailedDescriptionMax}
          className={styles.fullRow}
          {...field('detailed_description')}
        />
      </div>

      {isPackage && (
        <PackageMembers
          productId={product?.id ?? null}
          members={packageItems}
          error={errorOf('package_items')}
          onChange={(next) => setList('package_items', next)}
        />
      )}
      {productType === 'subscription' && <SubscriptionFields billingInterval={field('billing_interval')} trialDays={field('trial_days')} />}

      <ProductImages
        images={images}
        upload={uploads.upload}
        uploading={uploads.pending}
        error={errorOf('images')}
        onAdd={(url) => setList('images', [...getValues('images'), url])}
        onRemove={(index) => setValue('images', getValues('images').filter((_, position) => position !== index), { shouldDirty: true })}
      />
      <FeatureList features={features} error={errorOf('features')} onChange={(next) => setList('features', next)} />
      <RequirementList requirements={requirements} error={errorOf('requirements')} onChange={(next) => setList('requirements', next)} />

      <fieldset className={styles.section}>
        <legend className={styles.legend}>Delivery</legend>
        <div className={styles.formGrid}>
          <TextField
            label="Download limit"
            type="number"
            inputMode="numeric"
            step="1"
            min="1"
            max={PRODUCT_LIMITS.downloadLimitMax}
            hint="Downloads of each file per purchase"
            {...field('download_limit')}
          />
          <TextField
            label="Activations per key"
            type="number"
            inputMode="numeric"
            step="1"
            min="0"
            max={PRODUCT_LIMITS.maxActivationsMax}
            hint="Machines one sold key may be activated on at once, through the licence check API; 0 for no limit"
            {...field('max_activations')}
          />
          <SelectField
            label="Licence keys"
            options={KEY_MODE_OPTIONS}
            {...field('key_mode')}
          />
          {keyMode === 'generated' && (
            <div className={styles.fullRow}>
              <TextField
                label="Key pattern"
                maxLength={PRODUCT_LIMITS.keyPatternMax}
                autoComplete="off"
                spellCheck={false}
                hint="Each X becomes a random letter or digit"
                {...field('key_pattern')}
              />
              <KeyExample pattern={keyPattern} />
            </div>
          )}
        </div>
      </fieldset>
      <ProductFiles productId={product?.id ?? null} />

      <div className={styles.formActions}>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending} disabled={uploads.pending > 0 || fileUploads > 0}>
          {save.isPending ? 'Saving...' : product ? 'Update Product' : 'Create Product'}
        </Button>
      </div>
    </form>
  );
}

/** A key the pattern could give, made here for the preview only (the API generates the real ones at delivery). */
function KeyExample({ pattern }: { pattern: string }) {
  const example = useMemo(() => exampleKey(pattern.trim()), [pattern]);
  if (!example) return null;
  return (
    <p className={styles.hint}>
      Example key: <span className={styles.exampleKey} data-testid="example-key">{example}</span>
    </p>
  );
}
