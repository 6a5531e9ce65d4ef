import { anAdminProduct } from '@store/api-fake';
import { DEFAULT_KEY_PATTERN, KEY_ALPHABET, LIMITS } from '@store/contracts';
import { describe, expect, it } from 'vitest';
import {
  PRODUCT_LIMITS,
  addFeature,
  addRequirement,
  checkProductDraft,
  draftFromProduct,
  emptyDraft,
  exampleKey,
  parseStock,
  toProductInput,
} from './product-draft.ts';

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
        download_limit: 5,
        max_activations: 3,
        key_mode: 'pool',
        key_pattern: null,
        package_items: [],
        billing_interval: null,
        trial_days: 0,
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

  it.each(['0', '1001', '2.5', '', 'many'])("refuses the download limit '%s' with the contract's sentence", (limit) => {
    const check = checkProductDraft({ ...filled(), download_limit: limit });
    expect(!check.ok && check.errors.download_limit).toBe(`The download limit is a whole number from 1 to ${LIMITS.downloadLimitMax}`);
  });

  it('accepts download limits from 1 to the maximum', () => {
    for (const limit of ['1', ' 5 ', String(LIMITS.downloadLimitMax)]) expect(checkProductDraft({ ...filled(), download_limit: limit }).ok).toBe(true);
  });

  it.each(['-1', '10001', '1.5', '', 'unlimited'])("refuses the activation limit '%s' with the contract's sentence", (limit) => {
    const check = checkProductDraft({ ...filled(), max_activations: limit });
    expect(!check.ok && check.errors.max_activations).toBe(
      `The activation limit is a whole number from 0 (no limit) to ${LIMITS.maxActivationsMax}`,
    );
  });

  it('accepts activation limits from 0 (no limit) to the maximum, and sends them as numbers', () => {
    for (const [limit, sent] of [
      ['0', 0],
      [' 3 ', 3],
      [String(LIMITS.maxActivationsMax), LIMITS.maxActivationsMax],
    ] as const) {
      const check = checkProductDraft({ ...filled(), max_activations: limit });
      expect(check.ok && check.value.max_activations).toBe(sent);
    }
  });

  it('sends the pattern of generated keys, trimmed, and no pattern for a pool', () => {
    const generated = checkProductDraft({ ...filled(), key_mode: 'generated', key_pattern: ' AB-XXXX-XXXX ' });
    expect(generated.ok && generated.value).toMatchObject({ key_mode: 'generated', key_pattern: 'AB-XXXX-XXXX' });

    const pool = checkProductDraft({ ...filled(), key_mode: 'pool', key_pattern: 'not checked: a pool keeps no pattern' });
    expect(pool.ok && pool.value).toMatchObject({ key_mode: 'pool', key_pattern: null });
  });

  it.each([
    ['too few X', 'KV-XXXX-XXX'],
    ['a space', 'KV XXXX-XXXX'],
    ['empty', ''],
    ['too long', `${'X'.repeat(LIMITS.keyPatternMaxLength)}-A`],
  ])("refuses a key pattern with %s with the contract's sentence", (_, pattern) => {
    const check = checkProductDraft({ ...filled(), key_mode: 'generated', key_pattern: pattern });
    expect(!check.ok && check.errors.key_pattern).toBe(
      `The key pattern is up to ${LIMITS.keyPatternMaxLength} letters, digits, dots, dashes or underscores, with at least ${LIMITS.keyPatternMinRandom} X (each X becomes a random character)`,
    );
  });
});

describe('exampleKey', () => {
  it('turns every X into a character of the key alphabet and keeps the rest', () => {
    const key = exampleKey(DEFAULT_KEY_PATTERN);

    expect(key).toHaveLength(DEFAULT_KEY_PATTERN.length);
    expect(key.startsWith('KV-')).toBe(true);
    expect(key.replace(/-/g, '').slice(2).split('').every((character) => KEY_ALPHABET.includes(character))).toBe(true);
    expect(key.split('-').map((part) => part.length)).toEqual([2, 4, 4, 4, 4]);
  });

  it('picks each character from one random byte', () => {
    // Bytes 0, 31, 32 and 255 fall on the alphabet's first, last, first and last characters.
    const bytes = [0, 31, 32, 255];
    const key = exampleKey('a-XXXX', (buffer) => {
      buffer.set(bytes);
      return buffer;
    });
    expect(key).toBe(`a-${KEY_ALPHABET[0]}${KEY_ALPHABET.at(-1)}${KEY_ALPHABET[0]}${KEY_ALPHABET.at(-1)}`);
  });

  it('gives a different key each time', () => {
    expect(exampleKey(DEFAULT_KEY_PATTERN)).not.toBe(exampleKey(DEFAULT_KEY_PATTERN));
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
    const product = anAdminProduct({
      price: 129,
      stock_quantity: 3,
      features: ['A', 'B'],
      system_requirements: { OS: 'macOS', RAM: '8 GB' },
    });

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
      download_limit: product.download_limit,
      max_activations: product.max_activations,
      key_mode: 'pool',
      key_pattern: null,
      package_items: [],
      billing_interval: null,
      trial_days: 0,
    });
  });

  it('starts a new product with the default download and activation limits, a key pool and the default pattern', () => {
    expect(emptyDraft()).toMatchObject({
      download_limit: String(LIMITS.downloadLimitDefault),
      max_activations: String(LIMITS.maxActivationsDefault),
      key_mode: 'pool',
      key_pattern: DEFAULT_KEY_PATTERN,
    });
  });

  it("fills the product's activation limit, no limit (0) included", () => {
    for (const limit of [0, 25]) {
      const draft = draftFromProduct(anAdminProduct({ max_activations: limit }));
      expect(draft.max_activations).toBe(String(limit));
      expect(toProductInput(draft).max_activations).toBe(limit);
    }
  });

  it('fills the delivery of a product with generated keys', () => {
    const draft = draftFromProduct(anAdminProduct({ download_limit: 12, key_mode: 'generated', key_pattern: 'ACME-XXXXXXXX' }));

    expect(draft).toMatchObject({ download_limit: '12', key_mode: 'generated', key_pattern: 'ACME-XXXXXXXX' });
    expect(toProductInput(draft)).toMatchObject({ download_limit: 12, key_mode: 'generated', key_pattern: 'ACME-XXXXXXXX' });
  });

  it('keeps the single image of an older product', () => {
    expect(draftFromProduct(anAdminProduct({ images: [], image: '/uploads/old.png' })).images).toEqual(['/uploads/old.png']);
  });
});
