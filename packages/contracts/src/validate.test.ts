import { describe, expect, it } from 'vitest';
import { GuestInvoiceSchema, RegisterBodySchema } from './entities.ts';
import { validate } from './validate.ts';

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
});
