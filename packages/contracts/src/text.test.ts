import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { GuestInvoiceSchema, LicenseKeysInputSchema, ProductInputSchema } from './entities.ts';
import { LIMITS } from './brand.ts';
import { TEXT_FORMATS } from './text.ts';
import { validate } from './validate.ts';

const invoice = { email: 'buyer@example.com', name: 'Ana', address: '1 Road', city: 'Leeds', country: 'UK' };
const product = { title: 'Tool', price: 5, description: 'Short', detailed_description: 'Long', images: [], features: [], stock_quantity: 0 };

describe('plain text in the contract', () => {
  it('refuses NUL, other C0 and C1 controls and DEL on one line, and allows ordinary Unicode', () => {
    for (const bad of ['a\u0000b', 'tab\there', 'line\nbreak', 'cr\r', '\u001b[31m', 'del\u007f', 'c1\u0085']) {
      expect(TEXT_FORMATS['plain-line'](bad), JSON.stringify(bad)).toBe(false);
    }
    for (const good of ['Ana Marić', 'Ђорђе', '東京', 'emoji 🎉', '   ', '']) expect(TEXT_FORMATS['plain-line'](good)).toBe(true);
  });

  it('keeps tab and line breaks in multi-line text but still refuses NUL', () => {
    expect(TEXT_FORMATS['plain-text']('line one\r\n\tline two')).toBe(true);
    expect(TEXT_FORMATS['plain-text']('a\u0000b')).toBe(false);
    expect(TEXT_FORMATS['plain-text']('bell\u0007')).toBe(false);
  });

  it('names the field and says why, instead of the field\'s "required" message', () => {
    const result = validate(GuestInvoiceSchema, { ...invoice, name: 'Ana\u0000' });
    expect(result).toEqual({ ok: false, errors: [{ field: 'name', message: 'name must not contain control or invalid characters' }] });
  });

  it('checks product fields, features and requirement names alike', () => {
    expect(Value.Check(ProductInputSchema, { ...product, detailed_description: 'Para one\n\nPara two' })).toBe(true);
    expect(Value.Check(ProductInputSchema, { ...product, title: 'To\u0000ol' })).toBe(false);
    expect(Value.Check(ProductInputSchema, { ...product, features: ['ok', 'bad\u0000'] })).toBe(false);
    expect(Value.Check(ProductInputSchema, { ...product, system_requirements: { 'O\u0000S': 'Linux' } })).toBe(false);
    expect(Value.Check(ProductInputSchema, { ...product, system_requirements: { ['x'.repeat(61)]: 'Linux' } })).toBe(false);
    expect(Value.Check(ProductInputSchema, { ...product, system_requirements: { OS: 'Linux' } })).toBe(true);
  });
});

describe('a licence key paste', () => {
  const accepts = (keys: string) => Value.Check(LicenseKeysInputSchema, { keys });

  it('takes keys one per line, with Windows line ends and blank lines', () => {
    expect(accepts('AAAA-1111\r\nBBBB-2222\n\n  CCCC-3333  \n')).toBe(true);
  });

  it(`refuses a key longer than ${LIMITS.licenseKeyMaxLength} characters, a control character, or nothing but blanks`, () => {
    expect(accepts(`${'K'.repeat(LIMITS.licenseKeyMaxLength)}\nshort`)).toBe(true);
    expect(accepts(`short\n${'K'.repeat(LIMITS.licenseKeyMaxLength + 1)}`)).toBe(false);
    expect(accepts('KEY\u0000ONE')).toBe(false);
    expect(accepts(' \n \n')).toBe(false);
  });
});
