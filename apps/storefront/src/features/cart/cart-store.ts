import { type CartState, createCartStore, orderLines, selectCount, selectItems, selectTotalCents } from '@store/cart-core';
import type { CartItem } from '@store/contracts';
import { useHydrated } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useStore } from 'zustand';

/** The shopper's cart, persisted under the spec's key and shared by every screen and tab. */
export const cartStore = createCartStore();

export function useCart<T>(selector: (state: CartState) => T): T {
  return useStore(cartStore, selector);
}

/**
 * Units in the cart for the header's badge: none while a server-rendered page hydrates (the server knows no
 * cart; the browser's stored one shows right after), so the markup matches.
 */
export const useCartCount = () => {
  const count = useCart(selectCount);
  return useHydrated() ? count : 0;
};
export const useCartTotalCents = () => useCart(selectTotalCents);

/** The lines a checkout orders and a discount is previewed on: the cart without its subscriptions (they are subscribed to on their own). */
export function useOrderItems(): readonly CartItem[] {
  const items = useCart(selectItems);
  return useMemo(() => orderLines(items), [items]);
}
