import { type CartItem } from '@store/contracts';
import { type StoreApi, createStore } from 'zustand/vanilla';
import {
  type CartProduct,
  type FreshProduct,
  type RefreshOptions,
  type RefreshResult,
  addItem,
  clearCart,
  decrement,
  increment,
  isSubscriptionLine,
  itemCount,
  refreshPrices,
  removeItem,
  setQuantity,
  subscriptionLines,
  totalCents,
} from './cart.ts';
import {
  CART_STORAGE_KEY,
  type CartStorage,
  createMemoryStorage,
  DISCOUNT_CODE_STORAGE_KEY,
  isDiscountCodeText,
  loadCart,
  loadDiscountCode,
  saveCart,
  saveDiscountCode,
} from './storage.ts';

export interface CartState {
  items: readonly CartItem[];
  /** The discount code the shopper applied, sent with the order; the server prices it (docs/decisions/028). */
  discountCode: string | null;
  add: (product: CartProduct, quantity?: number) => void;
  setQuantity: (id: string, quantity: number) => void;
  increment: (id: string) => void;
  decrement: (id: string) => void;
  remove: (id: string) => void;
  /** Empties the cart and forgets its discount code. */
  clear: () => void;
  /** After an order: empties what it ordered and forgets the discount code; subscriptions stay, subscribed to on their own. */
  clearOrdered: () => void;
  /** Keeps a discount code (upper-cased) for the order, or forgets it with null; text that cannot be a code is ignored. */
  setDiscountCode: (code: string | null) => void;
  /** Applies the server's current products; the answer tells the UI whether to say prices changed. */
  refreshPrices: (products: readonly FreshProduct[], options?: RefreshOptions) => RefreshResult;
}

/** A vanilla zustand store (React apps read it with `useStore`), plus `destroy` to stop the tab sync. */
export type CartStore = StoreApi<CartState> & { destroy: () => void };

export interface CartStoreOptions {
  /** Where the cart is kept; defaults to `localStorage`, or memory where there is none. */
  storage?: CartStorage;
}

export const selectItems = (state: Pick<CartState, 'items'>): readonly CartItem[] => state.items;
export const selectDiscountCode = (state: Pick<CartState, 'discountCode'>): string | null => state.discountCode;
/** Units in the cart, for the navigation badge. */
export const selectCount = (state: Pick<CartState, 'items'>): number => itemCount(state.items);
export const selectTotalCents = (state: Pick<CartState, 'items'>): number => totalCents(state.items);

function defaultStorage(): CartStorage {
  try {
    if (globalThis.localStorage) return globalThis.localStorage;
  } catch {
    // Reading `localStorage` throws where the browser forbids storage; the cart then lives in memory.
  }
  return createMemoryStorage();
}

/**
 * Creates the cart store. It starts from the stored cart (a corrupt one is discarded and removed),
 * writes every change back, and in a browser follows changes made by the shop's other tabs.
 */
export function createCartStore(options: CartStoreOptions = {}): CartStore {
  const storage = options.storage ?? defaultStorage();

  const store = createStore<CartState>()((set, get) => {
    const update = (change: (items: readonly CartItem[]) => readonly CartItem[]) => {
      const current = get().items;
      const next = change(current);
      if (next !== current) set({ items: next });
    };
    return {
      items: loadCart(storage),
      discountCode: loadDiscountCode(storage),
      add: (product, quantity) => update((items) => addItem(items, product, quantity)),
      setQuantity: (id, quantity) => update((items) => setQuantity(items, id, quantity)),
      increment: (id) => update((items) => increment(items, id)),
      decrement: (id) => update((items) => decrement(items, id)),
      remove: (id) => update((items) => removeItem(items, id)),
      clear: () => {
        update((items) => (items.length === 0 ? items : clearCart()));
        if (get().discountCode !== null) set({ discountCode: null });
      },
      clearOrdered: () => {
        update((items) => (items.some((line) => !isSubscriptionLine(line)) ? subscriptionLines(items) : items));
        if (get().discountCode !== null) set({ discountCode: null });
      },
      setDiscountCode: (code) => {
        const next = code === null ? null : code.trim().toUpperCase();
        if (next !== null && !isDiscountCodeText(next)) return;
        if (next !== get().discountCode) set({ discountCode: next });
      },
      refreshPrices: (products, refreshOptions) => {
        const result = refreshPrices(get().items, products, refreshOptions);
        if (result.changed) set({ items: result.lines });
        return result;
      },
    };
  });

  // A change read from another tab is already stored; writing it back would only echo it.
  let syncing = false;
  store.subscribe((state, previous) => {
    if (syncing) return;
    if (state.items !== previous.items) saveCart(storage, state.items);
    if (state.discountCode !== previous.discountCode) saveDiscountCode(storage, state.discountCode);
  });

  const onStorage = (event: StorageEvent) => {
    if (event.storageArea !== storage) return;
    // A null key means the other tab cleared the whole storage.
    if (event.key !== null && event.key !== CART_STORAGE_KEY && event.key !== DISCOUNT_CODE_STORAGE_KEY) return;
    syncing = true;
    try {
      store.setState({ items: loadCart(storage), discountCode: loadDiscountCode(storage) });
    } finally {
      syncing = false;
    }
  };
  const target = typeof window === 'undefined' ? undefined : window;
  target?.addEventListener('storage', onStorage);

  return Object.assign(store, {
    destroy: () => target?.removeEventListener('storage', onStorage),
  });
}
