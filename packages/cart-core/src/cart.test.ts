import { type CartItem } from '@store/contracts';
import { describe, expect, it } from 'vitest';
import {
  type CartProduct,
  addItem,
  clearCart,
  decrement,
  increment,
  isSubscriptionLine,
  itemCount,
  lineTotalCents,
  orderLines,
  refreshPrices,
  removeItem,
  setQuantity,
  subscriptionLines,
  totalCents,
} from './cart.ts';

const PRO_ID = '0b7e1d52-3c4a-4f8e-9a61-2d5f8c9e0a11';
const KIT_ID = '5c2f9a07-8e1b-4d3c-b6a2-7f0e1d2c3b44';

function product(overrides: Partial<CartProduct> = {}): CartProduct {
  return {
    id: PRO_ID,
    title: 'Writer Pro licence',
    price: 19.99,
    category: 'ai_tools',
    product_type: 'single',
    images: ['/uploads/writer.png', '/uploads/writer-2.png'],
    image: '/uploads/writer-old.png',
    ...overrides,
  };
}

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

describe('addItem', () => {
  it('appends a new line with the product fields copied in and a quantity of 1', () => {
    expect(addItem([], product())).toEqual([line()]);
  });

  it('appends a new line with the quantity asked for', () => {
    expect(addItem([], product(), 3)).toEqual([line({ quantity: 3 })]);
  });

  it('raises the quantity of a line of the same id instead of adding a second line', () => {
    const lines = addItem(addItem([], product(), 2), product(), 3);
    expect(lines).toEqual([line({ quantity: 5 })]);
  });

  it('appends a product of another id after the lines already there', () => {
    const lines = addItem([line()], product({ id: KIT_ID, title: 'Template kit' }));
    expect(lines.map((item) => item.id)).toEqual([PRO_ID, KIT_ID]);
  });

  it('copies only the cart fields, not the rest of the product', () => {
    const full = { ...product(), description: 'long text', stock_quantity: 4, features: ['a'] };
    expect(Object.keys(addItem([], full)[0] ?? {}).sort()).toEqual(['category', 'id', 'image', 'price', 'product_type', 'quantity', 'title']);
  });

  it('takes the first of images, else image, else no image', () => {
    expect(addItem([], product())[0]?.image).toBe('/uploads/writer.png');
    expect(addItem([], product({ images: [] }))[0]?.image).toBe('/uploads/writer-old.png');
    expect(addItem([], product({ images: undefined }))[0]?.image).toBe('/uploads/writer-old.png');
    expect(addItem([], product({ images: [], image: null }))[0]?.image).toBeNull();
    expect(addItem([], product({ images: undefined, image: undefined }))[0]?.image).toBeNull();
  });

  it.each([0, -2, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('ignores an amount of %s and leaves the cart unchanged', (amount) => {
    const lines = [line({ quantity: 2 })];
    expect(addItem(lines, product(), amount)).toBe(lines);
    expect(addItem([], product(), amount)).toEqual([]);
  });

  it('does not change the lines it was given', () => {
    const lines = Object.freeze([Object.freeze(line())]);
    const next = addItem(lines, product());
    expect(next).not.toBe(lines);
    expect(lines[0]?.quantity).toBe(1);
  });
});

describe('setQuantity', () => {
  const lines = [line({ quantity: 2 }), line({ id: KIT_ID, title: 'Template kit', price: 5 })];

  it('sets the quantity of the line', () => {
    expect(setQuantity(lines, PRO_ID, 7)[0]?.quantity).toBe(7);
  });

  it('removes the line when set to 0', () => {
    expect(setQuantity(lines, PRO_ID, 0).map((item) => item.id)).toEqual([KIT_ID]);
  });

  it('removes the line when set to a negative quantity', () => {
    expect(setQuantity(lines, KIT_ID, -3).map((item) => item.id)).toEqual([PRO_ID]);
  });

  it('floors a fractional quantity', () => {
    expect(setQuantity(lines, PRO_ID, 4.8)[0]?.quantity).toBe(4);
  });

  it('keeps a positive fraction below 1 at the minimum of 1 rather than removing the line', () => {
    expect(setQuantity(lines, PRO_ID, 0.5)[0]?.quantity).toBe(1);
  });

  it('leaves the cart unchanged for an unknown id, NaN or infinity', () => {
    expect(setQuantity(lines, 'missing', 3)).toBe(lines);
    expect(setQuantity(lines, PRO_ID, Number.NaN)).toBe(lines);
    expect(setQuantity(lines, PRO_ID, Number.POSITIVE_INFINITY)).toBe(lines);
  });

  it('does not change the lines it was given', () => {
    setQuantity(lines, PRO_ID, 9);
    expect(lines[0]?.quantity).toBe(2);
  });
});

describe('increment and decrement', () => {
  it('increment adds one unit', () => {
    expect(increment([line({ quantity: 2 })], PRO_ID)[0]?.quantity).toBe(3);
  });

  it('decrement takes one unit away', () => {
    expect(decrement([line({ quantity: 3 })], PRO_ID)[0]?.quantity).toBe(2);
  });

  it('decrement stops at 1 and keeps the line', () => {
    const lines = [line({ quantity: 1 })];
    expect(decrement(lines, PRO_ID)).toBe(lines);
    expect(decrement(decrement([line({ quantity: 2 })], PRO_ID), PRO_ID)).toEqual([line({ quantity: 1 })]);
  });

  it('leaves the cart unchanged for an unknown id', () => {
    const lines = [line()];
    expect(increment(lines, KIT_ID)).toBe(lines);
    expect(decrement(lines, KIT_ID)).toBe(lines);
  });
});

describe('removeItem and clearCart', () => {
  it('removes the line of the id and keeps the others in order', () => {
    const lines = [line(), line({ id: KIT_ID })];
    expect(removeItem(lines, PRO_ID)).toEqual([line({ id: KIT_ID })]);
    expect(lines).toHaveLength(2);
  });

  it('leaves the cart unchanged when the id is absent', () => {
    const lines = [line()];
    expect(removeItem(lines, KIT_ID)).toBe(lines);
  });

  it('clears to an empty cart', () => {
    expect(clearCart()).toEqual([]);
  });
});

describe('itemCount', () => {
  it('sums the quantities of every line', () => {
    expect(itemCount([line({ quantity: 2 }), line({ id: KIT_ID, quantity: 3 })])).toBe(5);
  });

  it('is 0 for an empty cart', () => {
    expect(itemCount([])).toBe(0);
  });
});

describe('totals in cents', () => {
  it('prices 19.99 x 3 at exactly 5997 cents', () => {
    expect(lineTotalCents(line({ price: 19.99, quantity: 3 }))).toBe(5997);
    expect(totalCents([line({ price: 19.99, quantity: 3 })])).toBe(5997);
  });

  it('adds 0.1 and 0.2 to exactly 30 cents', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(totalCents([line({ price: 0.1 }), line({ id: KIT_ID, price: 0.2 })])).toBe(30);
  });

  it('prices 1.10 x 3 at exactly 330 cents, where dollar arithmetic drifts', () => {
    expect(1.1 * 3).not.toBe(3.3);
    expect(lineTotalCents(line({ price: 1.1, quantity: 3 }))).toBe(330);
  });

  it('rounds a price whose cents are not exact in floating point to the right cent', () => {
    expect(4.35 * 100).not.toBe(435);
    expect(totalCents([line({ price: 4.35, quantity: 2 }), line({ id: KIT_ID, price: 19.99, quantity: 3 })])).toBe(870 + 5997);
  });

  it('keeps many small prices exact', () => {
    const lines = [line({ price: 0.1, quantity: 10 }), line({ id: KIT_ID, price: 0.7, quantity: 3 })];
    expect(totalCents(lines)).toBe(310);
  });

  it('is 0 for an empty cart', () => {
    expect(totalCents([])).toBe(0);
  });
});

describe('refreshPrices', () => {
  const stored = [line({ price: 19.99, quantity: 2 }), line({ id: KIT_ID, title: 'Template kit', price: 5, image: null })];

  it('takes the server price and reports the change', () => {
    const result = refreshPrices(stored, [
      { id: PRO_ID, title: 'Writer Pro licence', price: 24.99, images: ['/uploads/writer.png'] },
      { id: KIT_ID, title: 'Template kit', price: 5, images: [], image: null },
    ]);
    expect(result.changed).toBe(true);
    expect(result.repriced).toEqual([PRO_ID]);
    expect(result.lines[0]).toEqual(line({ price: 24.99, quantity: 2 }));
    expect(result.lines[1]).toBe(stored[1]);
  });

  it('takes the server title and image without calling it a price change', () => {
    const result = refreshPrices(stored, [{ id: KIT_ID, title: 'Template kit 2', price: 5, images: ['/uploads/kit.png'] }]);
    expect(result.changed).toBe(true);
    expect(result.repriced).toEqual([]);
    expect(result.lines[1]).toMatchObject({ title: 'Template kit 2', image: '/uploads/kit.png', quantity: 1 });
  });

  it('keeps the stored image when the server answer has no image fields', () => {
    const result = refreshPrices(stored, [{ id: PRO_ID, title: 'Writer Pro licence', price: 19.99 }]);
    expect(result.changed).toBe(false);
    expect(result.lines).toBe(stored);
  });

  it('reports no change when the server agrees with the cart', () => {
    const result = refreshPrices(stored, [
      { id: PRO_ID, title: 'Writer Pro licence', price: 19.99, images: ['/uploads/writer.png'] },
      { id: KIT_ID, title: 'Template kit', price: 5, image: null },
    ]);
    expect(result).toEqual({ lines: stored, changed: false, repriced: [], dropped: [] });
  });

  it('keeps lines whose product is missing from the list unless told to drop them', () => {
    const result = refreshPrices(stored, [{ id: PRO_ID, title: 'Writer Pro licence', price: 19.99 }]);
    expect(result.lines.map((item) => item.id)).toEqual([PRO_ID, KIT_ID]);
    expect(result.dropped).toEqual([]);
  });

  it('drops lines whose product no longer exists when dropMissing is set, and reports it', () => {
    const result = refreshPrices(stored, [{ id: PRO_ID, title: 'Writer Pro licence', price: 19.99 }], { dropMissing: true });
    expect(result.lines.map((item) => item.id)).toEqual([PRO_ID]);
    expect(result.dropped).toEqual([KIT_ID]);
    expect(result.changed).toBe(true);
  });

  it('does not change the lines it was given', () => {
    refreshPrices(stored, [{ id: PRO_ID, title: 'New', price: 1 }], { dropMissing: true });
    expect(stored).toHaveLength(2);
    expect(stored[0]).toEqual(line({ price: 19.99, quantity: 2 }));
  });
});

describe('subscriptions in the cart', () => {
  const WRITER_ID = '9d1c2b3a-4e5f-4a6b-8c7d-0e1f2a3b4c5d';
  const writer = product({ id: WRITER_ID, title: 'Aurora AI Writer', product_type: 'subscription' });

  it('adds a subscription as a line of one, whatever the quantity asked for', () => {
    expect(addItem([], writer, 3)).toEqual([line({ id: WRITER_ID, title: 'Aurora AI Writer', product_type: 'subscription', quantity: 1 })]);
  });

  it('does not raise a subscription line added again', () => {
    const lines = addItem([], writer);
    expect(addItem(lines, writer, 2)).toBe(lines);
  });

  it('keeps a subscription line at one when its quantity is set, and removes it at 0', () => {
    const lines = addItem([line()], writer);
    expect(setQuantity(lines, WRITER_ID, 4)).toBe(lines);
    expect(increment(lines, WRITER_ID)).toBe(lines);
    expect(setQuantity(lines, WRITER_ID, 0).map((item) => item.id)).toEqual([PRO_ID]);
  });

  it('splits the cart into the lines an order takes and the subscriptions', () => {
    const lines = [line(), line({ id: WRITER_ID, product_type: 'subscription' }), line({ id: KIT_ID, product_type: 'package' })];
    expect(orderLines(lines).map((item) => item.id)).toEqual([PRO_ID, KIT_ID]);
    expect(subscriptionLines(lines).map((item) => item.id)).toEqual([WRITER_ID]);
    expect(isSubscriptionLine(lines[1] ?? line())).toBe(true);
    expect(isSubscriptionLine(lines[2] ?? line())).toBe(false);
  });

  it('answers the very lines when none is a subscription', () => {
    const lines = [line(), line({ id: KIT_ID })];
    expect(orderLines(lines)).toBe(lines);
    expect(subscriptionLines(lines)).toEqual([]);
  });
});
