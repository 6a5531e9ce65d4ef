import { PRODUCT_TYPES, type Category, type Product, type ProductType } from '@store/contracts';
import { Button, Modal, SelectField, TextAreaField, TextField, withDetail, type SelectOption } from '@store/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { api } from '../../lib/api.ts';
import { PRODUCT_LIMITS, checkProductDraft, draftFromProduct, emptyDraft, type ProductDraft, type ProductErrors, type ProductField } from './product-draft.ts';
import { ProductImages } from './product-images.tsx';
import { FeatureList, RequirementList } from './product-lists.tsx';
import * as styles from './products.css.ts';
import { licenseKeyStockQueryOptions } from './queries.ts';

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
  const [draft, setDraft] = useState<ProductDraft>(() => (product ? draftFromProduct(product) : emptyDraft()));
  const [errors, setErrors] = useState<ProductErrors>({});
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  // A product sold by licence key counts its stock from its unsold keys: the API ignores the form's number.
  const keyStock = useQuery({ ...licenseKeyStockQueryOptions(product?.id ?? ''), enabled: product !== null });
  const soldByKey = keyStock.data !== undefined && keyStock.data.available + keyStock.data.sold > 0;

  // After a refused submit, the first field with a message gets the focus.
  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const change = <K extends keyof ProductDraft>(key: K, value: ProductDraft[K], field: ProductField = key as ProductField) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    if (uploading > 0) {
      toast.error('Wait for the images to finish uploading');
      return;
    }
    const check = checkProductDraft(draft);
    if (!check.ok) {
      setErrors(check.errors);
      setAttempt((count) => count + 1);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = product ? await api.adminUpdateProduct({ params: { id: product.id }, body: check.value }) : await api.adminCreateProduct({ body: check.value });
      toast.success(product ? 'Product updated successfully!' : 'Product created successfully!');
      onSaved(saved);
    } catch (failure) {
      // The form stays open with what was typed (spec section 8).
      toast.error(withDetail('Error saving product', failure));
      setSaving(false);
    }
  };

  const stockHint = soldByKey
    ? `Counted from licence keys: ${keyStock.data?.available ?? 0} unsold, ${keyStock.data?.reserved ?? 0} of them held by unpaid orders. Add keys with the key button in the list.`
    : 'Optional; empty or non-numeric counts as 0.';

  return (
    <form ref={formRef} noValidate className={styles.form} aria-label={product ? `Edit ${product.title}` : 'Add product'} onSubmit={(event) => void submit(event)}>
      <div className={styles.formGrid}>
        <TextField
          label="Product name"
          name="title"
          required
          maxLength={PRODUCT_LIMITS.titleMax}
          className={styles.fullRow}
          value={draft.title}
          error={errors.title}
          onChange={(event) => change('title', event.target.value)}
        />
        <TextField
          label="Price (USD)"
          name="price"
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          required
          value={draft.price}
          error={errors.price}
          onChange={(event) => change('price', event.target.value)}
        />
        <TextField
          label="Stock quantity"
          name="stock_quantity"
          type="number"
          inputMode="numeric"
          step="1"
          min="0"
          value={draft.stock}
          error={errors.stock}
          hint={stockHint}
          disabled={soldByKey}
          onChange={(event) => change('stock', event.target.value)}
        />
        <SelectField
          label="Category"
          name="category"
          options={categories}
          value={draft.category}
          onChange={(event) => change('category', event.target.value as Category)}
        />
        <SelectField
          label="Product type"
          name="product_type"
          options={TYPE_OPTIONS}
          value={draft.product_type}
          onChange={(event) => change('product_type', event.target.value as ProductType)}
        />
        <TextField
          label="Short description"
          name="description"
          required
          maxLength={PRODUCT_LIMITS.descriptionMax}
          className={styles.fullRow}
          hint="One or two sentences for the product card."
          value={draft.description}
          error={errors.description}
          onChange={(event) => change('description', event.target.value)}
        />
        <TextAreaField
          label="Detailed description"
          name="detailed_description"
          required
          rows={6}
          maxLength={PRODUCT_LIMITS.detailedDescriptionMax}
          className={styles.fullRow}
          value={draft.detailed_description}
          error={errors.detailed_description}
          onChange={(event) => change('detailed_description', event.target.value)}
        />
      </div>

      <ProductImages
        images={draft.images}
        error={errors.images}
        onUploadingChange={setUploading}
        onAdd={(url) => {
          setDraft((current) => ({ ...current, images: [...current.images, url] }));
          setErrors((current) => ({ ...current, images: undefined }));
        }}
        onRemove={(index) => setDraft((current) => ({ ...current, images: current.images.filter((_, position) => position !== index) }))}
      />
      <FeatureList features={draft.features} error={errors.features} onChange={(features) => change('features', features)} />
      <RequirementList requirements={draft.requirements} error={errors.requirements} onChange={(requirements) => change('requirements', requirements)} />

      <div className={styles.formActions}>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={saving} disabled={uploading > 0}>
          {saving ? 'Saving...' : product ? 'Update Product' : 'Create Product'}
        </Button>
      </div>
    </form>
  );
}
