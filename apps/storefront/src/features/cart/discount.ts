import { selectDiscountCode } from '@store/cart-core';
import { ApiError, type CartItem, type DiscountPreview } from '@store/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { useCart, useOrderItems } from './cart-store.ts';

/*
 * The cart's discount code (docs/decisions/028-discount-codes.md): kept in the cart store, shown with the
 * server's preview of what it takes off these lines, and sent with the order, which applies it again. The
 * figures shown are the server's; the cart never computes a discount itself.
 */

export const DISCOUNT_MESSAGES = {
  format: 'A discount code is 3 to 32 letters, digits, dashes or underscores',
  unavailable: 'The discount could not be checked right now. It is applied when you place the order, if it is valid.',
} as const;

const linesOf = (items: readonly CartItem[]) => items.map((item) => ({ product_id: item.id, quantity: item.quantity }));

export function discountPreviewQueryOptions(code: string, items: readonly CartItem[]) {
  const lines = linesOf(items);
  return queryOptions({
    queryKey: ['discount-preview', code, lines] as const,
    queryFn: ({ signal }) => api.previewDiscount({ body: { code, items: lines } }, { signal }),
    // A refusal is an answer, not a failure to retry; the preview is asked again when the lines change.
    retry: false,
    staleTime: 30_000,
    refetchOnWindowFocus: false,
  });
}

/** The sentence to show for a refused or failed preview: the server's detail for a refusal. */
export function discountErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.status < 500 && error.detail ? error.detail : DISCOUNT_MESSAGES.unavailable;
}

export interface CartDiscount {
  /** The code kept in the cart, or null. */
  code: string | null;
  /** The server's figures for the cart's lines with the code, once known. */
  preview: DiscountPreview | undefined;
  /** Why the code does not apply now (or could not be checked), in a sentence; null otherwise. */
  error: string | null;
  checking: boolean;
}

/** The cart's code and what the server says it takes off the cart's current lines. */
export function useCartDiscount(): CartDiscount {
  const code = useCart(selectDiscountCode);
  const items = useOrderItems();
  const enabled = code !== null && items.length > 0;
  const query = useQuery({ ...discountPreviewQueryOptions(code ?? '', items), enabled });
  if (!enabled) return { code, preview: undefined, error: null, checking: false };
  return {
    code,
    preview: query.data,
    error: query.isError ? discountErrorMessage(query.error) : null,
    checking: query.isFetching,
  };
}

