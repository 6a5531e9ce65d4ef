import { PRODUCT_TYPES, type Product, type ProductInput } from '@store/contracts';
import { Button, Modal, SelectField, TextAreaField, TextField, withDetail, type SelectOption } from '@store/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWatch, type PathValue } from 'react-hook-form';
import toast from 'react-hot-toast';
import { api } from '../../lib/api.ts';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import { PRODUCT_FORM, PRODUCT_LIMITS, draftFromProduct, emptyDraft, type ProductDraft } from './product-draft.ts';
import { ProductImages } from './product-images.tsx';
import { FeatureList, RequirementList } from './product-lists.tsx';
import * as styles from './products.css.ts';
import { licenseKeyStockQueryOptions, productKeys } from './queries.ts';
import { useImageUpload } from './upload-image.ts';

const TYPE_OPTIONS: SelectOption[] = PRODUCT_TYPES.map(({ value, label }) => ({ value, label }));

export interface ProductFormModalProps {
  open: boolean;
  /** The product being edited; null adds a new one. */
  product: Product | null;
  categories: readonly SelectOption[];
  /** The close icon, Escape, the backdrop and Cancel: the form's state goes with it (reset). */
  onClose: () => void;
  /** After a successful save: the list reloads and the modal closes. */
  onSaved: (product: Product) => void;
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
  product: Product | null;
  categories: readonly SelectOption[];
  onCancel: () => void;
  onSaved: (product: Product) => void;
}

function ProductForm({ product, categories, onCancel, onSaved }: ProductFormProps) {
  const queryClient = useQueryClient();
  const form = useSchemaForm(PRODUCT_FORM, () => (product ? draftFromProduct(product) : emptyDraft()));
  const { field, control, formState, getFieldState, getValues, setValue, clearErrors } = form;
  const [images, features, requirements] = useWatch({ control, name: ['images', 'features', 'requirements'] });
  const uploads = useImageUpload();

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
      if (uploads.pending === 0) return true;
      toast.error('Wait for the images to finish uploading');
      return false;
    },
  });

  const setList = <K extends 'images' | 'features' | 'requirements'>(name: K, value: PathValue<ProductDraft, K>) => {
    setValue(name, value, { shouldDirty: true });
    clearErrors(name);
  };
  const errorOf = (name: 'images' | 'features' | 'requirements') => getFieldState(name, formState).error?.message;

  const stockHint = soldByKey
    ? `Counted from licence keys: ${keyStock.data?.available ?? 0} unsold, ${keyStock.data?.reserved ?? 0} of them held by unpaid orders. Add keys with the key button in the list.`
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
          disabled={soldByKey}
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

      <div className={styles.formActions}>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending} disabled={uploads.pending > 0}>
          {save.isPending ? 'Saving...' : product ? 'Update Product' : 'Create Product'}
        </Button>
      </div>
    </form>
  );
}
