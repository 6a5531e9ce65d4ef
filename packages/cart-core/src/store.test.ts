import { type CartItem } from '@store/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CartProduct } from './cart.ts';
import { CART_STORAGE_KEY, createMemoryStorage, DISCOUNT_CODE_STORAGE_KEY } from './storage.ts';
import { createCartStore, selectCount, selectTotalCents } from './store.ts';

const PRO_ID = '0b7e1d52-3c4a-4f8e-9a61-2d5f8c9e0a11';
const KIT_ID = '5c2f9a07-8e1b-4d3c-b6a2-7f0e1d2c3b44';

const writer: CartProduct = {
  id: PRO_ID,
  title: 'Writer Pro licence',
  price: 19.99,
  category: 'ai_tools',
  product_type: 'single',
  images: ['/uploads/writer.png'],
  image: null,
};
const kit: CartProduct = { ...writer, id: KIT_ID, title: 'Template kit', price: 0.1, category: 'templates', images: [] };

function line(overrides: Partial<CartItem> = {}): CartItem {
  return {
    id: PRO_ID,
    title: 'Writer Pro licence',
    price: 19.99,
    quantity: 1,
    image: '/uploads/writer.png',
    category: 'ai_tools',
    product_type: 'single',
    ...overrides,
  };
}

/** What the storage holds under the cart key, parsed; undefined when the key is absent. */
function stored(storage: Storage): unknown {
  const raw = storage.getItem(CART_STORAGE_KEY);
  return raw === null ? undefined : JSON.parse(raw);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createCartStore: loading', () => {
  it('starts empty when nothing is stored', () => {
    const store = createCartStore({ storage: createMemoryStorage() });
    expect(store.getState().items).toEqual([]);
  });

  it('starts from a valid stored cart', () => {
    const storage = createMemoryStorage();
    storage.setItem(CART_STORAGE_KEY, JSON.stringify([line({ quantity: 3 })]));
    const store = createCartStore({ storage });
    expect(store.getState().items).toEqual([line({ quantity: 3 })]);
  });

  it.each([
    ['invalid JSON', 'not json'],
    ['a negative quantity', JSON.stringify([line({ quantity: -2 })])],
    ['duplicate ids', JSON.stringify([line(), line()])],
  ])('starts empty from a stored cart with %s and removes the key', (_case, raw) => {
    const storage = createMemoryStorage();
    storage.setItem(CART_STORAGE_KEY, raw);
    const store = createCartStore({ storage });
    expect(store.getState().items).toEqual([]);
    expect(storage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('uses localStorage when no storage is given', () => {
    const localStorage = createMemoryStorage();
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([line()]));
    vi.stubGlobal('localStorage', localStorage);
    const store = createCartStore();
    expect(store.getState().items).toEqual([line()]);
    store.getState().increment(PRO_ID);
    expect(stored(localStorage)).toEqual([line({ quantity: 2 })]);
  });

  it('keeps the cart in memory where there is no localStorage', () => {
    vi.stubGlobal('localStorage', undefined);
    const store = createCartStore();
    store.getState().add(writer);
    expect(selectCount(store.getState())).toBe(1);
  });
});

describe('createCartStore: actions persist', () => {
  it('stores the cart after an add', () => {
    const storage = createMemoryStorage();
    const store = createCartStore({ storage });
    store.getState().add(writer);
    store.getState().add(writer, 2);
    expect(store.getState().items).toEqual([line({ quantity: 3 })]);
    expect(stored(storage)).toEqual([line({ quantity: 3 })]);
  });

  it('a second store over the same storage starts where the first left off', () => {
    const storage = createMemoryStorage();
    const first = createCartStore({ storage });
    first.getState().add(writer, 2);
    first.getState().add(kit);
    const second = createCartStore({ storage });
    expect(second.getState().items).toEqual(first.getState().items);
  });

  it('stores quantity changes from setQuantity, increment and decrement', () => {
    const storage = createMemoryStorage();
    const store = createCartStore({ storage });
    store.getState().add(writer);
    store.getState().setQuantity(PRO_ID, 4);
    expect(stored(storage)).toEqual([line({ quantity: 4 })]);
    store.getState().increment(PRO_ID);
    expect(stored(storage)).toEqual([line({ quantity: 5 })]);
    store.getState().decrement(PRO_ID);
    expect(stored(storage)).toEqual([line({ quantity: 4 })]);
  });

  it('decrement stops at 1', () => {
    const storage = createMemoryStorage();
    const store = createCartStore({ storage });
    store.getState().add(writer, 2);
    store.getState().decrement(PRO_ID);
    store.getState().decrement(PRO_ID);
    expect(store.getState().items).toEqual([line({ quantity: 1 })]);
    expect(stored(storage)).toEqual([line({ quantity: 1 })]);
  });

  it('setQuantity of 0 removes the line from the stored cart', () => {
    const storage = createMemoryStorage();
    const store = createCartStore({ storage });
    store.getState().add(writer);
    store.getState().add(kit);
    store.getState().setQuantity(PRO_ID, 0);
    expect(store.getState().items.map((item) => item.id)).toEqual([KIT_ID]);
    expect(stored(storage)).toEqual([expect.objectContaining({ id: KIT_ID })]);
  });

  it('remove and clear update the stored cart', () => {
    const storage = createMemoryStorage();
    const store = createCartStore({ storage });
    store.getState().add(writer);
    store.getState().add(kit);
    store.getState().remove(KIT_ID);
    expect(stored(storage)).toEqual([line()]);
    store.getState().clear();
    expect(store.getState().items).toEqual([]);
    expect(storage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('clearOrdered empties what an order took and its code, and keeps the subscriptions', () => {
    const storage = createMemoryStorage();
    const store = createCartStore({ storage });
    const aurora: CartProduct = { ...kit, title: 'Aurora AI Writer', product_type: 'subscription' };
    store.getState().add(writer);
    store.getState().add(aurora);
    store.getState().setDiscountCode('SPRING');
    store.getState().clearOrdered();
    expect(store.getState().items.map((item) => item.id)).toEqual([KIT_ID]);
    expect(store.getState().discountCode).toBeNull();
    expect(stored(storage)).toEqual([
      line({ id: KIT_ID, title: 'Aurora AI Writer', price: 0.1, category: 'templates', image: null, product_type: 'subscription' }),
    ]);
    const before = store.getState().items;
    store.getState().clearOrdered();
    expect(store.getState().items).toBe(before);
  });

  it('neither writes nor notifies when an action changes nothing', () => {
    const storage = createMemoryStorage();
    const store = createCartStore({ storage });
    store.getState().add(writer);
    const setItem = vi.spyOn(storage, 'setItem');
    const listener = vi.fn();
    store.subscribe(listener);
    store.getState().add(writer, 0);
    store.getState().decrement(PRO_ID);
    store.getState().remove(KIT_ID);
    store.getState().setQuantity(KIT_ID, 3);
    expect(setItem).not.toHaveBeenCalled();
    expect(listener).not.toHaveBeenCalled();
  });

  it('refreshPrices applies the server price, stores it and reports the change', () => {
    const storage = createMemoryStorage();
    const store = createCartStore({ storage });
    store.getState().add(writer, 2);
    store.getState().add(kit);
    const result = store.getState().refreshPrices([{ id: PRO_ID, title: 'Writer Pro licence', price: 24.99 }], { dropMissing: true });
    expect(result).toMatchObject({ changed: true, repriced: [PRO_ID], dropped: [KIT_ID] });
    expect(store.getState().items).toEqual([line({ price: 24.99, quantity: 2 })]);
    expect(stored(storage)).toEqual([line({ price: 24.99, quantity: 2 })]);
  });
});

describe('selectors', () => {
  it('count the units and total the cart in cents', () => {
    const store = createCartStore({ storage: createMemoryStorage() });
    store.getState().add(writer, 3);
    store.getState().add(kit, 2);
    expect(selectCount(store.getState())).toBe(5);
    expect(selectTotalCents(store.getState())).toBe(5997 + 20);
  });
});

describe('sync between tabs', () => {
  function storageEvent(key: string | null, storageArea: Storage): Event {
    return Object.assign(new Event('storage'), { key, storageArea });
  }

  function tab() {
    const window = new EventTarget();
    vi.stubGlobal('window', window);
    const storage = createMemoryStorage();
    const store = createCartStore({ storage });
    return { window, storage, store };
  }

  it('takes the cart another tab stored, without writing it back', () => {
    const { window, storage, store } = tab();
    storage.setItem(CART_STORAGE_KEY, JSON.stringify([line({ quantity: 6 })]));
    const setItem = vi.spyOn(storage, 'setItem');
    window.dispatchEvent(storageEvent(CART_STORAGE_KEY, storage));
    expect(store.getState().items).toEqual([line({ quantity: 6 })]);
    expect(setItem).not.toHaveBeenCalled();
  });

  it('empties the cart when another tab clears the storage', () => {
    const { window, storage, store } = tab();
    store.getState().add(writer);
    storage.clear();
    window.dispatchEvent(storageEvent(null, storage));
    expect(store.getState().items).toEqual([]);
  });

  it('discards a corrupt value written by another tab', () => {
    const { window, storage, store } = tab();
    store.getState().add(writer);
    storage.setItem(CART_STORAGE_KEY, '[{"id":');
    window.dispatchEvent(storageEvent(CART_STORAGE_KEY, storage));
    expect(store.getState().items).toEqual([]);
    expect(storage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('ignores other keys and other storage areas', () => {
    const { window, storage, store } = tab();
    store.getState().add(writer);
    storage.setItem(CART_STORAGE_KEY, JSON.stringify([line({ quantity: 9 })]));
    window.dispatchEvent(storageEvent('access_token', storage));
    window.dispatchEvent(storageEvent(CART_STORAGE_KEY, createMemoryStorage()));
    expect(store.getState().items).toEqual([line()]);
  });

  it('stops following other tabs once destroyed', () => {
    const { window, storage, store } = tab();
    store.destroy();
    storage.setItem(CART_STORAGE_KEY, JSON.stringify([line({ quantity: 6 })]));
    window.dispatchEvent(storageEvent(CART_STORAGE_KEY, storage));
    expect(store.getState().items).toEqual([]);
  });

  it('keeps storing its own changes after a sync', () => {
    const { window, storage, store } = tab();
    storage.setItem(CART_STORAGE_KEY, JSON.stringify([line()]));
    window.dispatchEvent(storageEvent(CART_STORAGE_KEY, storage));
    store.getState().increment(PRO_ID);
    expect(stored(storage)).toEqual([line({ quantity: 2 })]);
  });
});

describe('createCartStore: the discount code', () => {
  it('keeps a code upper-cased across reloads, ignores text that cannot be one, and forgets it with the cart', () => {
    const storage = createMemoryStorage();
    const store = createCartStore({ storage });
    store.getState().add(writer);
    store.getState().setDiscountCode(' spring_10 ');
    expect(store.getState().discountCode).toBe('SPRING_10');
    expect(storage.getItem(DISCOUNT_CODE_STORAGE_KEY)).toBe('SPRING_10');
    store.getState().setDiscountCode('not a code!');
    expect(store.getState().discountCode).toBe('SPRING_10');
    expect(createCartStore({ storage }).getState().discountCode).toBe('SPRING_10');

    store.getState().clear();
    expect(store.getState().discountCode).toBeNull();
    expect(storage.getItem(DISCOUNT_CODE_STORAGE_KEY)).toBeNull();
  });

  it('discards a tampered stored code', () => {
    const storage = createMemoryStorage();
    storage.setItem(DISCOUNT_CODE_STORAGE_KEY, '<script>');
    expect(createCartStore({ storage }).getState().discountCode).toBeNull();
    expect(storage.getItem(DISCOUNT_CODE_STORAGE_KEY)).toBeNull();
  });
});
