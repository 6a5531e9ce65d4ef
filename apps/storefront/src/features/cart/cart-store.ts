import { type CartState, createCartStore, selectCount, selectTotalCents } from '@store/cart-core';
import { useStore } from 'zustand';

/** The shopper's cart, persisted under the spec's key and shared by every screen and tab. */
export const cartStore = createCartStore();

export function useCart<T>(selector: (state: CartState) => T): T {
  return useStore(cartStore, selector);
}

export const useCartCount = () => useCart(selectCount);
export const useCartTotalCents = () => useCart(selectTotalCents);
