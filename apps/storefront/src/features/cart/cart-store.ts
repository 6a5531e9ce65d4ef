import { type CartState, createCartStore, orderLines, selectCount, selectItems, selectTotalCents } from '@store/cart-core';
import type { CartItem } from '@store/contracts';
import { useMemo } from 'react';
import { useStore } from 'zustand';

/** The shopper's cart, persisted under the spec's key and shared by every screen and tab. */
export const cartStore = createCartStore();

export function useCart<T>(selector: (state: CartState) => T): T {
  return useStore(cartStore, selector);
}

export const useCartCount = () => useCart(selectCount);
export const useCartTotalCents = () => useCart(selectTotalCents);

/** The lines a checkout orders and a discount is previewed on: the cart without its subscriptions (they are subscribed to on their own). */
export function useOrderItems(): readonly CartItem[] {
  const items = useCart(selectItems);
  return useMemo(() => orderLines(items), [items]);
}
