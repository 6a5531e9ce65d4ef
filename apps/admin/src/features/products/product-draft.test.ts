import { aProduct } from '@store/api-fake';
import { describe, expect, it } from 'vitest';
import { PRODUCT_LIMITS, addFeature, addRequirement, checkProductDraft, draftFromProduct, emptyDraft, parseStock, toProductInput } from './product-draft.ts';

const filled = () => ({ ...emptyDraft(), title: 'Nimbus', price: '19.99', description: 'Short', detailed_description: 'Long' });

describe('parseStock', () => {
  it('reads a whole number and counts empty or non-numeric text as 0', () => {
    expect(parseStock('12')).toBe(12);
    expect(parseStock(' 7 ')).toBe(7);
    expect(parseStock('')).toBe(0);
    expect(parseStock('lots')).toBe(0);
    expect(parseStock('3.9')).toBe(3);
  });
});

describe('checkProductDraft', () => {
  it('accepts a complete form and builds the API body', () => {
    const check = checkProductDraft({ ...filled(), requirements: [['OS', 'Linux']], stock: '' });

    expect(check).toEqual({
      ok: true,
      value: {
        title: 'Nimbus',
        price: 19.99,
        category: 'ai_tools',
        product_type: 'single',
        description: 'Short',
        detailed_description: 'Long',
        images: [],
        features: [],
        system_requirements: { OS: 'Linux' },
        stock_quantity: 0,
      },
    });
  });

  it("names every missing required field with the contract's messages", () => {
    const check = checkProductDraft(emptyDraft());

    expect(check.ok).toBe(false);
    expect(!check.ok && check.errors).toEqual({
      title: 'Product name is required',
      price: 'Price is required',
      description: 'Short description is required',
      detailed_description: 'Detailed description is required',
    });
  });

  it.each([
    ['-1', 'Price cannot be negative'],
    ['abc', 'Enter the price in dollars, e.g. 19.99'],
    ['0.001', 'Price goes in steps of 0.01 (at most two decimals)'],
    ['1000000.01', 'Price can be at most $1,000,000'],
  ])('refuses the price %s', (price, message) => {
    const check = checkProductDraft({ ...filled(), price });
    expect(!check.ok && check.errors.price).toBe(message);
  });

  it('accepts prices in steps of 0.01, zero included', () => {
    for (const price of ['0', '0.01', '19.99', '1000000']) expect(checkProductDraft({ ...filled(), price }).ok).toBe(true);
  });

  it('refuses a negative stock', () => {
    const check = checkProductDraft({ ...filled(), stock: '-2' });
    expect(!check.ok && check.errors.stock).toBe('Stock cannot be negative');
  });
});

describe('addFeature', () => {
  it('ignores a cancelled, empty or blank answer and trims the rest', () => {
    expect(addFeature(['A'], null).features).toEqual(['A']);
    expect(addFeature(['A'], '').features).toEqual(['A']);
    expect(addFeature(['A'], '   ').features).toEqual(['A']);
    expect(addFeature(['A'], '  B ').features).toEqual(['A', 'B']);
  });

  it('refuses a feature beyond the bounds of the contract', () => {
    expect(addFeature([], 'x'.repeat(PRODUCT_LIMITS.featureMax + 1)).problem).toMatch(/at most/);
    expect(addFeature(Array.from({ length: PRODUCT_LIMITS.features }, String), 'one more').problem).toMatch(/at most/);
  });
});

describe('addRequirement', () => {
  it('needs both a name and a value', () => {
    expect(addRequirement([], 'OS', null).requirements).toEqual([]);
    expect(addRequirement([], 'OS', '  ').requirements).toEqual([]);
    expect(addRequirement([], null, 'Linux').requirements).toEqual([]);
    expect(addRequirement([], ' OS ', ' Linux ').requirements).toEqual([['OS', 'Linux']]);
  });

  it('gives a name listed again its new value, as the API takes each name once', () => {
    expect(addRequirement([['RAM', '8 GB'], ['OS', 'Linux']], 'ram', '16 GB').requirements).toEqual([
      ['ram', '16 GB'],
      ['OS', 'Linux'],
    ]);
  });
});

describe('draftFromProduct', () => {
  it('fills every field and gives back the same body', () => {
    const product = aProduct({ price: 129, stock_quantity: 3, features: ['A', 'B'], system_requirements: { OS: 'macOS', RAM: '8 GB' } });

    const draft = draftFromProduct(product);

    expect(draft).toMatchObject({ price: '129', stock: '3', requirements: [['OS', 'macOS'], ['RAM', '8 GB']] });
    expect(toProductInput(draft)).toEqual({
      title: product.title,
      price: 129,
      category: product.category,
      product_type: product.product_type,
      description: product.description,
      detailed_description: product.detailed_description,
      images: product.images,
      features: ['A', 'B'],
      system_requirements: { OS: 'macOS', RAM: '8 GB' },
      stock_quantity: 3,
    });
  });

  it('keeps the single image of an older product', () => {
    expect(draftFromProduct(aProduct({ images: [], image: '/uploads/old.png' })).images).toEqual(['/uploads/old.png']);
  });
});
