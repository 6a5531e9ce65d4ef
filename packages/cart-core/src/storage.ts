import { CATEGORIES, type CartItem, PRODUCT_TYPES } from '@store/contracts';

/**
 * The local storage key of the cart (spec section 9: "a cart key named for the product").
 * Its value is a plain JSON array of cart lines, written by the store and read by `loadCart` only.
 */
export const CART_STORAGE_KEY = 'keyvault_cart';

/** The part of the Web Storage API the cart uses; `localStorage` and `sessionStorage` fit. */
export type CartStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A Storage kept in memory: the fallback where no `localStorage` exists (server rendering, tests). */
export function createMemoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    key: (index) => [...values.keys()][index] ?? null,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, String(value));
    },
    removeItem: (key) => {
      values.delete(key);
    },
    clear: () => {
      values.clear();
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CATEGORY_VALUES: ReadonlySet<string> = new Set(CATEGORIES.map((category) => category.value));
const PRODUCT_TYPE_VALUES: ReadonlySet<string> = new Set(PRODUCT_TYPES.map((type) => type.value));
const MAX_PRICE = 1_000_000;

/**
 * True when a stored value is a cart line as `CartItemSchema` (packages/contracts) defines it.
 * Written out rather than run through TypeBox because the cart loads on every first paint and the
 * validator would add about 36 kB gzip to it; storage.test.ts checks it agrees with the schema.
 */
export function isCartLine(value: unknown): value is CartItem {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const line = value as Record<string, unknown>;
  return (
    typeof line.id === 'string' &&
    UUID.test(line.id) &&
    typeof line.title === 'string' &&
    typeof line.price === 'number' &&
    Number.isFinite(line.price) &&
    line.price >= 0 &&
    line.price <= MAX_PRICE &&
    typeof line.quantity === 'number' &&
    Number.isInteger(line.quantity) &&
    line.quantity >= 1 &&
    (typeof line.image === 'string' || line.image === null) &&
    typeof line.category === 'string' &&
    CATEGORY_VALUES.has(line.category) &&
    typeof line.product_type === 'string' &&
    PRODUCT_TYPE_VALUES.has(line.product_type)
  );
}

/** The stored lines when they are a well-formed cart, else undefined. Extra fields are dropped. */
function parseCart(raw: string): CartItem[] | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed)) return undefined;

  const lines: CartItem[] = [];
  const ids = new Set<string>();
  for (const candidate of parsed) {
    // The cart is keyed by product id (spec section 3): two lines of one id mean the value was tampered with.
    if (!isCartLine(candidate) || ids.has(candidate.id)) return undefined;
    ids.add(candidate.id);
    const { id, title, price, quantity, image, category, product_type } = candidate;
    lines.push({ id, title, price, quantity, image, category, product_type });
  }
  return lines;
}

/**
 * Reads the stored cart. Anything that is not a valid cart (bad JSON, wrong shape, a quantity below 1,
 * duplicate ids) is discarded and its key removed (spec section 4), so the shop starts from an empty cart.
 */
export function loadCart(storage: Pick<Storage, 'getItem' | 'removeItem'>): CartItem[] {
  let raw: string | null;
  try {
    raw = storage.getItem(CART_STORAGE_KEY);
  } catch {
    // Storage the browser refuses to open (privacy settings) is treated as empty.
    return [];
  }
  if (raw === null) return [];

  const lines = parseCart(raw);
  if (lines) return lines;
  try {
    storage.removeItem(CART_STORAGE_KEY);
  } catch {
    // Nothing more to do: the corrupt value is ignored either way.
  }
  return [];
}

/** Writes the cart; an empty cart removes the key. A full or refused storage leaves the cart in memory only. */
export function saveCart(storage: Pick<Storage, 'setItem' | 'removeItem'>, lines: readonly CartItem[]): void {
  try {
    if (lines.length === 0) storage.removeItem(CART_STORAGE_KEY);
    else storage.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
  } catch {
    // A quota or privacy error must not break the shop: the cart keeps working for this page.
  }
}

/** The local storage key of the discount code the shopper applied in the cart (docs/decisions/028-discount-codes.md). */
export const DISCOUNT_CODE_STORAGE_KEY = 'keyvault_discount_code';

/** A discount code as the contract takes it (`DiscountCodeTextSchema`), written out for the same reason as `isCartLine`. */
const DISCOUNT_CODE = /^[A-Za-z0-9_-]{3,32}$/;

/** True when a value could be a discount code; the server decides whether it is one. */
export function isDiscountCodeText(value: unknown): value is string {
  return typeof value === 'string' && DISCOUNT_CODE.test(value);
}

/** Reads the stored discount code; anything that is not one is discarded and its key removed, as for the cart. */
export function loadDiscountCode(storage: Pick<Storage, 'getItem' | 'removeItem'>): string | null {
  try {
    const raw = storage.getItem(DISCOUNT_CODE_STORAGE_KEY);
    if (raw === null || isDiscountCodeText(raw)) return raw;
    storage.removeItem(DISCOUNT_CODE_STORAGE_KEY);
  } catch {
    // Storage the browser refuses to open is treated as empty.
  }
  return null;
}

/** Writes the discount code; null removes it. A refused storage keeps it in memory only. */
export function saveDiscountCode(storage: Pick<Storage, 'setItem' | 'removeItem'>, code: string | null): void {
  try {
    if (code === null) storage.removeItem(DISCOUNT_CODE_STORAGE_KEY);
    else storage.setItem(DISCOUNT_CODE_STORAGE_KEY, code);
  } catch {
    // A quota or privacy error must not break the shop.
  }
}
