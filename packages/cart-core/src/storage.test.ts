import { type CartItem, CartItemSchema, validate } from '@store/contracts';
import { describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY, createMemoryStorage, isCartLine, loadCart, saveCart } from './storage.ts';

const PRO_ID = '0b7e1d52-3c4a-4f8e-9a61-2d5f8c9e0a11';
const KIT_ID = '5c2f9a07-8e1b-4d3c-b6a2-7f0e1d2c3b44';

function line(overrides: Partial<CartItem> = {}): CartItem {
  return {
    id: PRO_ID,
    title: 'Writer Pro licence',
    price: 19.99,
    quantity: 2,
    image: '/uploads/writer.png',
    category: 'ai_tools',
    product_type: 'single',
    ...overrides,
  };
}

function storageHolding(raw: string): Storage {
  const storage = createMemoryStorage();
  storage.setItem(CART_STORAGE_KEY, raw);
  storage.setItem('access_token', 'token');
  return storage;
}

describe('CART_STORAGE_KEY', () => {
  it('is the cart key named for the product', () => {
    expect(CART_STORAGE_KEY).toBe('keyvault_cart');
  });
});

describe('loadCart', () => {
  it('loads a valid stored cart and leaves it stored', () => {
    const lines = [line(), line({ id: KIT_ID, title: 'Template kit', price: 5, quantity: 1, image: null, category: 'templates' })];
    const storage = storageHolding(JSON.stringify(lines));
    expect(loadCart(storage)).toEqual(lines);
    expect(storage.getItem(CART_STORAGE_KEY)).toBe(JSON.stringify(lines));
  });

  it('answers an empty cart when nothing is stored', () => {
    expect(loadCart(createMemoryStorage())).toEqual([]);
  });

  it('loads an empty stored array as an empty cart', () => {
    const storage = storageHolding('[]');
    expect(loadCart(storage)).toEqual([]);
    expect(storage.getItem(CART_STORAGE_KEY)).toBe('[]');
  });

  it('drops fields a cart line does not have', () => {
    const storage = storageHolding(JSON.stringify([{ ...line(), description: 'long text', admin: true }]));
    expect(loadCart(storage)).toEqual([line()]);
  });

  it.each([
    ['invalid JSON', '{"items": ['],
    ['an object instead of an array', JSON.stringify({ items: [line()] })],
    ['a string', JSON.stringify('cart')],
    ['null', 'null'],
    ['a line missing its price', JSON.stringify([{ ...line(), price: undefined }])],
    ['a price given as text', JSON.stringify([{ ...line(), price: '19.99' }])],
    ['a negative price', JSON.stringify([line({ price: -1 })])],
    ['an unknown category', JSON.stringify([{ ...line(), category: 'games' }])],
    ['an id that is not a product id', JSON.stringify([line({ id: '1' })])],
    ['a negative quantity', JSON.stringify([line({ quantity: -1 })])],
    ['a zero quantity', JSON.stringify([line({ quantity: 0 })])],
    ['a fractional quantity', JSON.stringify([line({ quantity: 1.5 })])],
    ['duplicate ids', JSON.stringify([line(), line({ quantity: 1 })])],
    ['one bad line among good ones', JSON.stringify([line({ id: KIT_ID }), line({ quantity: -4 })])],
  ])('discards %s and removes the key from storage', (_case, raw) => {
    const storage = storageHolding(raw);
    expect(loadCart(storage)).toEqual([]);
    expect(storage.getItem(CART_STORAGE_KEY)).toBeNull();
    expect(storage.getItem('access_token')).toBe('token');
  });

  it('answers an empty cart when the storage refuses to be read', () => {
    const storage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(loadCart(storage)).toEqual([]);
  });

  it('answers an empty cart when a corrupt value cannot be removed', () => {
    const storage = {
      getItem: () => 'not json',
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(loadCart(storage)).toEqual([]);
  });
});

describe('saveCart', () => {
  it('writes the lines so loadCart reads them back', () => {
    const storage = createMemoryStorage();
    saveCart(storage, [line()]);
    expect(JSON.parse(storage.getItem(CART_STORAGE_KEY) ?? 'null')).toEqual([line()]);
    expect(loadCart(storage)).toEqual([line()]);
  });

  it('removes the key for an empty cart', () => {
    const storage = storageHolding(JSON.stringify([line()]));
    saveCart(storage, []);
    expect(storage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('keeps going when the storage is full', () => {
    const storage = {
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(() => saveCart(storage, [line()])).not.toThrow();
  });
});

describe('createMemoryStorage', () => {
  it('behaves as a Storage', () => {
    const storage = createMemoryStorage();
    storage.setItem('a', '1');
    storage.setItem('b', '2');
    expect(storage.length).toBe(2);
    expect(storage.key(1)).toBe('b');
    expect(storage.key(5)).toBeNull();
    storage.removeItem('a');
    expect(storage.getItem('a')).toBeNull();
    storage.clear();
    expect(storage.length).toBe(0);
  });
});

describe('isCartLine', () => {
  // Each candidate is judged by the contract's CartItemSchema too: the hand-written check must agree with it.
  const candidates: unknown[] = [
    line(),
    line({ image: null }),
    line({ price: 0 }),
    line({ price: 1_000_000 }),
    line({ id: PRO_ID.toUpperCase() }),
    { ...line(), extra: 'dropped later' },
    line({ price: 1_000_000.01 }),
    line({ price: -1 }),
    line({ price: Number.NaN }),
    line({ price: '19.99' as unknown as number }),
    line({ quantity: 0 }),
    line({ quantity: -2 }),
    line({ quantity: 1.5 }),
    line({ id: 'not-a-uuid' }),
    line({ id: `${PRO_ID}0` }),
    line({ title: 42 as unknown as string }),
    line({ image: 7 as unknown as string }),
    line({ category: 'weapons' as CartItem['category'] }),
    line({ product_type: 'bundle' as CartItem['product_type'] }),
    (({ image: _image, ...rest }) => rest)(line()),
    (({ category: _category, ...rest }) => rest)(line()),
    null,
    [],
    'line',
    42,
  ];

  // The contract's validate() converts text to numbers as the API does with a request; a stored cart is
  // not typed text, so a line counts only when the contract accepts every one of its fields as it is.
  const acceptedAsIs = (candidate: unknown): boolean => {
    const verdict = validate(CartItemSchema, candidate);
    return verdict.ok && Object.entries(verdict.value).every(([key, value]) => Object.is(value, (candidate as Record<string, unknown>)[key]));
  };

  it.each(candidates.map((candidate, index) => [index, candidate]))('agrees with CartItemSchema on candidate %i', (_index, candidate) => {
    expect(isCartLine(candidate)).toBe(acceptedAsIs(candidate));
  });

  it('accepts a well-formed line and refuses a quantity below 1', () => {
    expect(isCartLine(line())).toBe(true);
    expect(isCartLine(line({ quantity: 0 }))).toBe(false);
  });
});
