import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import {
  CreateOrderBodySchema,
  GuestInvoiceSchema,
  PasswordChangeBodySchema,
  PayPalWebhookEventSchema,
  ProductInputSchema,
  ProductListQuerySchema,
  AdminOrderListQuerySchema,
  RegisterBodySchema,
  SiteSettingsUpdateSchema,
  TwoFactorLoginBodySchema,
} from './entities.ts';
import { describeErrors, prepareValue, validate } from './validate.ts';

describe('validate', () => {
  it('answers the value when it matches', () => {
    const result = validate(RegisterBodySchema, { username: 'alice', email: 'alice@example.com', password: 'secret1' });
    expect(result).toEqual({ ok: true, value: { username: 'alice', email: 'alice@example.com', password: 'secret1' } });
  });

  it("uses the schema's own message, as the spec words it", () => {
    const result = validate(RegisterBodySchema, { username: 'alice', email: 'alice@example.com', password: '123' });
    expect(result).toEqual({ ok: false, errors: [{ field: 'password', message: 'Password must be at least 6 characters' }] });
  });

  it('names every missing invoice field with its message', () => {
    const result = validate(GuestInvoiceSchema, { email: 'buyer@example.com', name: ' ', address: '', city: 'Belgrade' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Full name is required' },
        { field: 'address', message: 'Address is required' },
        { field: 'country', message: 'Country is required' },
      ]),
    );
  });

  it('refuses a malformed email', () => {
    const result = validate(GuestInvoiceSchema, { email: 'nope', name: 'A', address: 'B', city: 'C', country: 'D' });
    expect(result).toEqual({ ok: false, errors: [{ field: 'email', message: 'Enter a valid email address' }] });
  });

  it('names a missing field with its own message, else "<field> is required"', () => {
    const result = validate(CreateOrderBodySchema, { items: [{ quantity: 1 }], invoice_data: { email: 'a@example.com', name: 'A', address: 'B', city: 'C' } });
    expect(result).toEqual({
      ok: false,
      errors: [
        { field: 'items.0.product_id', message: 'items.0.product_id is required' },
        { field: 'invoice_data.country', message: 'Country is required' },
      ],
    });
  });

  it("names a missing property itself, never another rule's message", () => {
    expect(validate(PasswordChangeBodySchema, { current_password: 'old-one' })).toEqual({
      ok: false,
      errors: [{ field: 'new_password', message: 'new_password is required' }],
    });
    expect(validate(RegisterBodySchema, { email: 'a@example.com', password: 'secret1' })).toEqual({
      ok: false,
      errors: [{ field: 'username', message: 'username is required' }],
    });
    // A message that asks for the field is a missing property's message too.
    expect(validate(PasswordChangeBodySchema, { new_password: 'violet-harbour-92' })).toEqual({
      ok: false,
      errors: [{ field: 'current_password', message: 'Enter your current password' }],
    });
  });

  it('names the unknown properties sent beside a missing one: most likely it, misspelled', () => {
    expect(validate(TwoFactorLoginBodySchema, { two_factor_token: 'A'.repeat(43), code: '123456' })).toEqual({
      ok: false,
      errors: [{ field: 'token', message: 'token is required; two_factor_token is not a known field' }],
    });
    expect(validate(PasswordChangeBodySchema, { current_password: 'old-one', password: 'a', newpassword: 'b', pw: 'c', passwd: 'd' })).toEqual({
      ok: false,
      errors: [{ field: 'new_password', message: 'new_password is required; password, newpassword, pw, … are not known fields' }],
    });
    // Only those of the same object: an unknown property elsewhere is not the missing one.
    const order = { items: [{ quantity: 1, id: 'x' }], payment_method: 'paypal', coupon: 'X' };
    expect(validate(CreateOrderBodySchema, order)).toEqual({
      ok: false,
      errors: [{ field: 'items.0.product_id', message: 'items.0.product_id is required; items.0.id is not a known field' }],
    });
  });

  it("uses any branch's message in a union ('' or an email)", () => {
    expect(validate(SiteSettingsUpdateSchema, { smtp_from_email: 'nope' })).toEqual({ ok: false, errors: [{ field: 'smtp_from_email', message: 'Enter a valid email address' }] });
  });

  it('names the field and the bound it broke, as the API says it', () => {
    expect(validate(AdminOrderListQuerySchema, { offset: 1e12 })).toEqual({ ok: false, errors: [{ field: 'offset', message: expect.stringMatching(/^offset must be <= \d+$/) }] });
    // A bound with a message of its own says it, and where to go instead.
    expect(validate(ProductListQuerySchema, { offset: 1001 })).toEqual({
      ok: false,
      errors: [{ field: 'offset', message: 'offset must be 0 to 1,000: page further with after=, the next_after of the page before' }],
    });
    expect(validate(ProductListQuerySchema, { sort: 'cheapest' })).toEqual({ ok: false, errors: [{ field: 'sort', message: expect.stringMatching(/^sort must be one of: /) }] });
  });

  it('says a number must be finite, for Infinity (JSON.parse reads 1e999 so) and text that reads as it', () => {
    const product = { title: 'Tool', price: 5, description: 'Short', detailed_description: 'Long' };
    expect(validate(ProductInputSchema, { ...product, stock_quantity: Number.POSITIVE_INFINITY })).toEqual({ ok: false, errors: [{ field: 'stock_quantity', message: 'stock_quantity must be a finite number' }] });
    expect(validate(ProductInputSchema, { ...product, stock_quantity: '1e999' })).toEqual({ ok: false, errors: [{ field: 'stock_quantity', message: 'stock_quantity must be a finite number' }] });
    expect(validate(ProductInputSchema, { ...product, stock_quantity: 'five' })).toEqual({ ok: false, errors: [{ field: 'stock_quantity', message: 'stock_quantity must be integer' }] });
  });

  it('names the part as a whole when it is not an object at all', () => {
    expect(describeErrors(RegisterBodySchema, null, Value.Errors(RegisterBodySchema, null), 'body')).toEqual([{ field: 'body', message: 'body must be object' }]);
  });
});

describe('additionalProperties: false means "removed", in the forms as in the API', () => {
  it('drops properties a closed object does not name, at any depth, and keeps the rest', () => {
    const body = { items: [{ product_id: '6f0e2a2c-8a8b-4b1e-9a51-2f1d0d3c7b11', quantity: 1, price: 0.01 }], payment_method: 'paypal', role: 'admin' };
    const result = validate(CreateOrderBodySchema, body);
    expect(result).toEqual({ ok: true, value: { items: [{ product_id: '6f0e2a2c-8a8b-4b1e-9a51-2f1d0d3c7b11', quantity: 1 }], payment_method: 'paypal' } });
    // The caller's own value is left as it was.
    expect(body.role).toBe('admin');
  });

  it('leaves an open object (a webhook event, checked by PayPal as received) whole', () => {
    const event = { id: 'WH-1', event_type: 'X', resource: { id: 'A', extra: { deep: true } }, links: [{ href: 'https://x' }], resource_version: '2.0' };
    expect(prepareValue(PayPalWebhookEventSchema, structuredClone(event))).toEqual(event);
  });

  it('keeps the names of a record (system requirements) while dropping unknown product fields', () => {
    const product = { title: 'Tool', price: 5, description: 'Short', detailed_description: 'Long', system_requirements: { OS: 'Linux' }, sku: 'X' };
    const result = validate(ProductInputSchema, product);
    expect(result).toEqual({ ok: true, value: expect.objectContaining({ system_requirements: { OS: 'Linux' } }) });
    expect(result.ok && 'sku' in result.value).toBe(false);
  });
});

describe('preparing a value as the API does', () => {
  it('fills in defaults', () => {
    const result = validate(ProductInputSchema, { title: 'Tool', price: 5, description: 'Short', detailed_description: 'Long' });
    expect(result).toEqual({ ok: true, value: expect.objectContaining({ images: [], features: [], stock_quantity: 0 }) });
  });

  it('reads text as the schema’s numbers, as Fastify’s Ajv did (a query is text; an older client sent the SMTP port so)', () => {
    expect(prepareValue(ProductListQuerySchema, { limit: '5', search: '12' })).toEqual({ limit: 5, offset: 0, search: '12' });
    expect(validate(SiteSettingsUpdateSchema, { smtp_port: '587', smtp_use_tls: 'false' })).toEqual({ ok: true, value: { smtp_port: 587, smtp_use_tls: false } });
  });

  it('converts no further than that: empty text stays text, one repeated value is taken, two are not', () => {
    expect(prepareValue(ProductListQuerySchema, { limit: '', offset: ['3'] })).toEqual({ limit: '', offset: 3 });
    expect(prepareValue(ProductListQuerySchema, { limit: ['1', '2'] })).toEqual({ limit: ['1', '2'], offset: 0 });
    expect(prepareValue(ProductListQuerySchema, { limit: 'Infinity' })).toEqual({ limit: Number.POSITIVE_INFINITY, offset: 0 });
    expect(validate(ProductListQuerySchema, { limit: '' })).toEqual({ ok: false, errors: [{ field: 'limit', message: 'limit must be integer' }] });
  });
});
