import { LicenseKeysInputSchema, ProductInputSchema } from '@store/contracts';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { PRODUCT_FORM, emptyDraft, type ProductDraft } from '../products/product-draft.ts';
import { checkForm, typeboxResolver, type SchemaForm } from './typebox-resolver.ts';

const options: ResolverOptions<ProductDraft> = { fields: {}, shouldUseNativeValidation: false };
const filled = (): ProductDraft => ({ ...emptyDraft(), title: 'Nimbus', price: '19.99', description: 'Short', detailed_description: 'Long', stock: '3' });

describe('typeboxResolver', () => {
  it('hands the API body, not the typed text, to the submit handler', async () => {
    const result = await typeboxResolver(PRODUCT_FORM)(filled(), undefined, options);

    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ title: 'Nimbus', price: 19.99, stock_quantity: 3, system_requirements: {} });
  });

  it("sets one message per form field, the schema's own, on the form's name for it", async () => {
    const result = await typeboxResolver(PRODUCT_FORM)({ ...filled(), title: '', stock: '-1' }, undefined, options);

    expect(result.values).toEqual({});
    expect(result.errors).toEqual({
      title: { type: 'schema', message: 'Product name is required' },
      stock: { type: 'schema', message: 'Stock cannot be negative' },
    });
  });
});

describe('checkForm', () => {
  it("lets a form's own message replace the schema's, and ignores paths no field shows", () => {
    const form: SchemaForm<{ keys: string }, typeof LicenseKeysInputSchema, 'keys'> = {
      schema: LicenseKeysInputSchema,
      toInput: (values) => values,
      fieldOf: (path) => (path === 'keys' ? 'keys' : null),
      messages: { keys: 'Paste some keys' },
    };

    expect(checkForm(form, { keys: '  ' })).toEqual({ ok: false, errors: { keys: 'Paste some keys' } });
    expect(checkForm(form, { keys: 'K-1' })).toEqual({ ok: true, value: { keys: 'K-1' } });
  });

  it('checks the rules beyond the schema first: their message wins', () => {
    const form: SchemaForm<ProductDraft, typeof ProductInputSchema, 'price'> = {
      schema: ProductInputSchema,
      toInput: PRODUCT_FORM.toInput,
      fieldOf: (path) => (path === 'price' ? 'price' : null),
      rules: () => ({ price: 'Whole cents only' }),
    };

    expect(checkForm(form, { ...filled(), price: '-1' })).toEqual({ ok: false, errors: { price: 'Whole cents only' } });
  });
});
